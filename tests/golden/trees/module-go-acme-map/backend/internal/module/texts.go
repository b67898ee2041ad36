package module

// Texts are the module's texts in every language it answers in (seeded once; yours to edit).
//
// The languages listed here are the ones Accept-Language can choose (ru-RU when it names none of
// them) and the ones the well-known title and description are given in. Add a language by adding
// a key with the same entries.
var Texts = map[string]map[string]string{
	"ru-RU": {
		"title":       "Acme Map",
		"description": "Acme Map dashboard widget module",
		"demo_ok":     "Модуль работает",
	},
	"en-US": {
		"title":       "Acme Map",
		"description": "Acme Map dashboard widget module",
		"demo_ok":     "The module is working",
	},
}

// Locales are the languages of Texts, ru-RU first (the contract's default).
func Locales() []string {
	locales := []string{"ru-RU"}
	for locale := range Texts {
		if locale != "ru-RU" {
			locales = append(locales, locale)
		}
	}
	return locales
}
