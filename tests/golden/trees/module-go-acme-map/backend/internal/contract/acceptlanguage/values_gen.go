// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

package acceptlanguage

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

// DefaultLocale: the contract's language, when a call names none the service has.
const DefaultLocale = "ru-RU"

// AcceptLanguageMaxChars: an Accept-Language header is read to this many characters.
const AcceptLanguageMaxChars = 1024
