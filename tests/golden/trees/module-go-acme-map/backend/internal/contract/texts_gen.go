// Code generated from dashboard-module 2026.1.1+r3 (sha256 f3259d168e887b105a2956a5cb1811d2742bfc9eb8fe40c8a1e97ab056fb64b6); run `scaffold regenerate`. DO NOT EDIT.

package contract

// notFoundMessage is the 404 text of the module glue (scaffold/codegen/module_texts.py).
const notFoundMessage = "Not found: this module backend has no endpoint at this path"

func init() { notFoundText = func(string) string { return notFoundMessage } }
