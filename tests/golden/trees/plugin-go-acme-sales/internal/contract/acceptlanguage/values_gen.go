// Code generated from datasource-plugin 1.2.0+r2 (sha256 80d816fa33ad1d16302d8dd905de0dacbb5596176c0db54fe00526364551d2c3); run `scaffold regenerate`. DO NOT EDIT.

package acceptlanguage

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

// DefaultLocale: the contract's language, when a call names none the service has.
const DefaultLocale = "ru-RU"

// AcceptLanguageMaxChars: an Accept-Language header is read to this many characters.
const AcceptLanguageMaxChars = 1024
