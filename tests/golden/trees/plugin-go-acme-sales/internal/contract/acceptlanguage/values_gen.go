// Code generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de); run `scaffold regenerate`. DO NOT EDIT.

package acceptlanguage

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

// DefaultLocale: the contract's language, when a call names none the service has.
const DefaultLocale = "ru-RU"

// AcceptLanguageMaxChars: an Accept-Language header is read to this many characters.
const AcceptLanguageMaxChars = 1024
