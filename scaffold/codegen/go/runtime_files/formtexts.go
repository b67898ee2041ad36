package contract

// Constructor fields and option lists labelled from the plugin's own text catalogue.
//
// The contract localises a field's name, description, placeholder and validation message, and the
// labels of its options, by the caller's locale. A form built with NewFormTexts(catalog, rc.Locale)
// takes them from the catalogue by key (<prefix>.<code>.name and so on), so a form's code says only
// what is not text (type, value, size, props). The Python and TypeScript runtimes build alike
// (scaffold/codegen/cases/form_values.json holds all three to it).

// FormTexts are the catalogue's texts in one locale, and the fields and options labelled by them.
type FormTexts struct {
	Catalog *Catalog
	Locale  string
}

// NewFormTexts is the texts of catalog in locale (usually the call's RequestContext.Locale).
func NewFormTexts(catalog *Catalog, locale string) FormTexts {
	return FormTexts{Catalog: catalog, Locale: locale}
}

// T is the text of key (else the default locale's, else the key), its {name}s filled from params.
func (t FormTexts) T(key string, params map[string]string) string {
	return t.Catalog.Text(t.Locale, key, params)
}

// Find is the text of key, false when the catalogue has none (for optional texts).
func (t FormTexts) Find(key string) (string, bool) {
	return t.Catalog.Find(t.Locale, key)
}

// Field is a ConstructorField named by <prefix>.<code>.name (the key itself when missing), with
// the Description, Placeholder and ValidationMessage the catalogue has for it; set the rest
// (Value, IsTrigger, Size, Props, ...) on the answer.
func (t FormTexts) Field(prefix, code string, kind ConstructorFieldType) ConstructorField {
	key := prefix + "." + code + "."
	field := ConstructorField{Code: code, Type: Some(kind), Name: Some(t.T(key+"name", nil))}
	if text, ok := t.Find(key + "description"); ok {
		field.Description = Some(text)
	}
	if text, ok := t.Find(key + "placeholder"); ok {
		field.Placeholder = Some(text)
	}
	if text, ok := t.Find(key + "validationMessage"); ok {
		field.ValidationMessage = Some(text)
	}
	return field
}

// Options is one option per value, labelled by <keyPrefix>.<value> (the value itself when the
// catalogue has no such text, or keyPrefix is "").
func (t FormTexts) Options(keyPrefix string, values []string) []ConstructorFieldPropOption {
	options := make([]ConstructorFieldPropOption, 0, len(values))
	for _, value := range values {
		label := value
		if keyPrefix != "" {
			if text, ok := t.Find(keyPrefix + "." + value); ok {
				label = text
			}
		}
		options = append(options, ConstructorFieldPropOption{Label: Some(label), Value: Some(value)})
	}
	return options
}
