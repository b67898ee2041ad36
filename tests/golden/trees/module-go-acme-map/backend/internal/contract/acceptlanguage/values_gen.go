// Code generated from dashboard-module 2026.1.1+r4 (sha256 7ddc56f6149583c34c14bd191d0961b3a32c66f2ac69a93da4ccdc6eb869a2ae); run `scaffold regenerate`. DO NOT EDIT.

package acceptlanguage

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

// DefaultLocale: the contract's language, when a call names none the service has.
const DefaultLocale = "ru-RU"

// AcceptLanguageMaxChars: an Accept-Language header is read to this many characters.
const AcceptLanguageMaxChars = 1024
