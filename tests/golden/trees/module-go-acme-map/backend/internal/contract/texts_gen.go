// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

package contract

// notFoundMessage is the module backend's 404 text (scaffold/codegen/module_backend_texts.py).
const notFoundMessage = "Not found: this module backend has no endpoint at this path"

func init() { notFoundText = func(string) string { return notFoundMessage } }
