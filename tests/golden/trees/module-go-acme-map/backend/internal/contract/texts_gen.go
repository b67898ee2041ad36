// Code generated from dashboard-module 2026.1.1+r4 (sha256 7ddc56f6149583c34c14bd191d0961b3a32c66f2ac69a93da4ccdc6eb869a2ae); run `scaffold regenerate`. DO NOT EDIT.

package contract

// notFoundMessage is the module backend's 404 text (scaffold/codegen/module_backend_texts.py).
const notFoundMessage = "Not found: this module backend has no endpoint at this path"

func init() { notFoundText = func(string) string { return notFoundMessage } }
