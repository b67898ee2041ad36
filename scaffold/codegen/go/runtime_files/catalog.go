package contract

// Text catalogues: one JSON file per language (`ru-RU.json`, `en-US.json`, ...) in a folder.
//
// The contract localises field names, descriptions, placeholders, labels and option texts by
// Accept-Language, ru-RU by default. Keeping the texts in per-language files (owned by the plugin
// team, not generated) lets a team add a language by adding a file; a key missing from one language
// falls back to the default language, then to the key itself, so a half-translated catalogue never
// breaks an answer.
//
// The generated glue has texts of its own (a body that is not JSON, an unknown path, ...):
// `runtimeTexts` (texts_gen.go, the same texts as the Python and TypeScript plugins') holds them in
// the contract's default language and in English, and RuntimeText picks them by the call's locale,
// so no answer mixes languages. None of them quotes the request: a message says what is wrong, the
// log says with what.
//
// The rules are the TypeScript plugin's catalog.ts, so a catalogue moves between plugins of either
// language unchanged: every `*.json` file of the folder is a language named by the file; nested
// objects are flattened to dotted keys; a text is a string, anything else stops the start with a
// sentence naming the file. A key defined twice keeps its last value, as JSON.parse keeps it.
// The files are the plugin team's own, read once at start, so (as in catalog.ts) no size bound
// applies to them.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"example.com/plugin/internal/contract/acceptlanguage"
)

// LocalizedText is one language's text of a key, as the plugin metadata's title lists carry it.
type LocalizedText struct {
	Lang  string `json:"lang"`
	Value string `json:"value"`
}

// FormatText fills each `{name}` of `template` whose name is in `params` (names of ASCII letters,
// digits and `_`). An unknown `{name}` and any other brace stay as they are, so a text with a typo
// or a literal brace is shown rather than failing the answer. Nil params leave the template alone.
func FormatText(template string, params map[string]string) string {
	if params == nil || !strings.Contains(template, "{") {
		return template
	}
	var out strings.Builder
	rest := template
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			out.WriteString(rest)
			return out.String()
		}
		out.WriteString(rest[:open])
		name, after, ok := cutPlaceholder(rest[open+1:])
		value, known := params[name]
		switch {
		case ok && known:
			out.WriteString(value)
			rest = after
		case ok:
			out.WriteString(rest[open : len(rest)-len(after)])
			rest = after
		default:
			out.WriteByte('{')
			rest = rest[open+1:]
		}
	}
}

// cutPlaceholder reads `name}` (the text after a `{`): the name and what follows the `}`.
func cutPlaceholder(text string) (name, after string, ok bool) {
	end := 0
	for end < len(text) && isPlaceholderByte(text[end]) {
		end++
	}
	if end == 0 || end == len(text) || text[end] != '}' {
		return "", "", false
	}
	return text[:end], text[end+1:], true
}

func isPlaceholderByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// runtimeLocales are the glue's languages, default first, for choosing among them.
var runtimeLocales = localeOrder(runtimeTexts, DefaultLocale)

func init() {
	// Observe's 404 for an unclean path (observability.go), in the glue's text and the caller's language.
	notFoundText = func(acceptLanguage string) string {
		return RuntimeText(ChooseLocale(acceptLanguage, runtimeLocales), "http.404", nil)
	}
}

// RuntimeText is a text of the generated glue in `locale` (that locale, else one of its language,
// else ru-RU; a key the language lacks comes from ru-RU, else is the key itself), formatted.
func RuntimeText(locale, key string, params map[string]string) string {
	return runtimeTextIn(runtimeTexts, runtimeLocales, locale, key, params)
}

// runtimeTextIn is RuntimeText over given texts and their locales (default first), for its tests.
func runtimeTextIn(
	all map[string]map[string]string, locales []string, locale, key string, params map[string]string,
) string {
	texts, ok := all[locale]
	if !ok {
		texts = all[acceptlanguage.ChooseOr(locale, locales, DefaultLocale)]
	}
	template, ok := texts[key]
	if !ok {
		if template, ok = all[DefaultLocale][key]; !ok {
			template = key
		}
	}
	return FormatText(template, params)
}

// Catalog holds texts by locale and key; keys are dotted paths (`query.table.name`). It is never
// changed after it is made, so requests may read it concurrently.
type Catalog struct {
	defaultLocale string
	locales       []string
	texts         map[string]map[string]string
}

// NewCatalog makes a catalogue of `texts` (locale -> key -> text), copied; the default locale is
// always one of its languages, empty when `texts` has none of its texts.
func NewCatalog(texts map[string]map[string]string) *Catalog {
	copied := make(map[string]map[string]string, len(texts)+1)
	for locale, entries := range texts {
		copied[locale] = make(map[string]string, len(entries))
		for key, text := range entries {
			copied[locale][key] = text
		}
	}
	return newCatalog(copied, DefaultLocale)
}

func newCatalog(texts map[string]map[string]string, defaultLocale string) *Catalog {
	if _, ok := texts[defaultLocale]; !ok {
		texts[defaultLocale] = map[string]string{}
	}
	return &Catalog{defaultLocale: defaultLocale, locales: localeOrder(texts, defaultLocale), texts: texts}
}

// localeOrder is the default locale, then the others sorted: the order of every language list.
func localeOrder(texts map[string]map[string]string, defaultLocale string) []string {
	others := make([]string, 0, len(texts))
	for locale := range texts {
		if locale != defaultLocale {
			others = append(others, locale)
		}
	}
	sort.Strings(others)
	return append([]string{defaultLocale}, others...)
}

// LoadCatalog reads every `<locale>.json` of the folder `dir` (a missing folder is an error: the
// plugin would otherwise answer every text with its key). Each error is one sentence naming the
// file and what to do about it.
func LoadCatalog(dir string) (*Catalog, error) {
	return LoadCatalogFS(os.DirFS(dir), dir)
}

// LoadCatalogFS reads every `<locale>.json` at the root of `fsys`, such as the locales a plugin
// builds into its binary with embed; `shown` is the folder's name in error messages (the project
// path a developer edits, not the embedded one).
func LoadCatalogFS(fsys fs.FS, shown string) (*Catalog, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("the text catalogue folder %s cannot be read (%w); create it with one "+
			"<locale>.json file per language, such as ru-RU.json", shown, fileErrorCause(err))
	}
	texts := map[string]map[string]string{}
	for _, entry := range entries {
		name := entry.Name()
		if !strings.HasSuffix(name, ".json") {
			continue
		}
		flat, err := loadCatalogFile(fsys, name, filepath.Join(shown, name))
		if err != nil {
			return nil, err
		}
		texts[strings.TrimSuffix(name, ".json")] = flat
	}
	return newCatalog(texts, DefaultLocale), nil
}

// loadCatalogFile reads one language's file: a JSON object of texts and objects of texts.
func loadCatalogFile(fsys fs.FS, name, path string) (map[string]string, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		err = fileErrorCause(err)
	} else {
		err = catalogSyntaxError(data, json.Unmarshal(data, new(json.RawMessage)))
	}
	var root catalogValue
	if err == nil { // valid JSON: read again, keeping the order of keys
		decoder := json.NewDecoder(bytes.NewReader(data))
		decoder.UseNumber()
		root, err = decodeCatalogValue(decoder)
	}
	if err != nil {
		return nil, fmt.Errorf("the text catalogue %s is not readable JSON (%w); make it one JSON object "+
			"of texts, saved as UTF-8", path, err)
	}
	if root.object == nil {
		return nil, fmt.Errorf("the text catalogue %s must hold a JSON object of texts; write its texts "+
			`as {"key": "text"} or nested objects of them`, path)
	}
	flat := map[string]string{}
	if err := flattenTexts(root.object, path, "", flat); err != nil {
		return nil, err
	}
	return flat, nil
}

// flattenTexts adds the texts of `object` to `flat` under dotted keys, in the file's order (a key
// met again, such as `a.b` beside `{"a": {"b"}}`, keeps its last text).
func flattenTexts(object *catalogObject, path, prefix string, flat map[string]string) error {
	for _, key := range object.keys {
		value, name := object.values[key], prefix+key
		switch {
		case value.object != nil:
			if err := flattenTexts(value.object, path, name+".", flat); err != nil {
				return err
			}
		case value.isText:
			flat[name] = value.text
		default:
			return fmt.Errorf("the text catalogue %s has a non-text value at '%s'; make it a string "+
				"(or an object of strings)", path, name)
		}
	}
	return nil
}

// catalogValue is one value of a catalogue file: a text, an object, or anything else (an array,
// a number, true, false or null, kept only to be reported).
type catalogValue struct {
	text   string
	isText bool
	object *catalogObject
}

// catalogObject keeps an object's keys in the file's order, which a Go map would lose; a repeated
// key keeps its first place and its last value, as in JavaScript.
type catalogObject struct {
	keys   []string
	values map[string]catalogValue
}

func (o *catalogObject) set(key string, value catalogValue) {
	if _, seen := o.values[key]; !seen {
		o.keys = append(o.keys, key)
	}
	o.values[key] = value
}

// decodeCatalogValue reads the next value of `decoder` (whose input is valid JSON).
func decodeCatalogValue(decoder *json.Decoder) (catalogValue, error) {
	token, err := decoder.Token()
	if err != nil {
		return catalogValue{}, err
	}
	switch token := token.(type) {
	case string:
		return catalogValue{text: token, isText: true}, nil
	case json.Delim:
		if token == '{' {
			object, err := decodeCatalogObject(decoder)
			return catalogValue{object: object}, err
		}
		for decoder.More() { // an array: read past it
			if _, err := decodeCatalogValue(decoder); err != nil {
				return catalogValue{}, err
			}
		}
		_, err = decoder.Token()
		return catalogValue{}, err
	}
	return catalogValue{}, nil
}

func decodeCatalogObject(decoder *json.Decoder) (*catalogObject, error) {
	object := &catalogObject{values: map[string]catalogValue{}}
	for decoder.More() {
		key, err := decoder.Token()
		if err != nil {
			return nil, err
		}
		value, err := decodeCatalogValue(decoder)
		if err != nil {
			return nil, err
		}
		object.set(key.(string), value)
	}
	_, err := decoder.Token() // the closing brace
	return object, err
}

// catalogSyntaxError adds where a syntax error is (line and column) to its words.
func catalogSyntaxError(data []byte, err error) error {
	var syntax *json.SyntaxError
	if !errors.As(err, &syntax) || syntax.Offset < 1 || syntax.Offset > int64(len(data)) {
		return err
	}
	before := data[:syntax.Offset-1]
	line := bytes.Count(before, []byte("\n")) + 1
	column := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Errorf("%w at line %d, column %d", err, line, column)
}

// fileErrorCause drops the path from a file error: the sentence around it names the path already.
func fileErrorCause(err error) error {
	var pathError *fs.PathError
	if errors.As(err, &pathError) {
		return pathError.Err
	}
	return err
}

// Languages is the catalogue's locales, the default first, the others sorted.
func (c *Catalog) Languages() []string {
	return append([]string(nil), c.locales...)
}

// Choose is the locale to answer in for an Accept-Language header.
func (c *Catalog) Choose(acceptLanguage string) string {
	return acceptlanguage.ChooseOr(acceptLanguage, c.locales, c.defaultLocale)
}

// Find is the text of `key` in `locale`, else in the default locale; false when neither has it
// (for a text that is optional, such as a field's placeholder).
func (c *Catalog) Find(locale, key string) (string, bool) {
	if text, ok := c.texts[locale][key]; ok {
		return text, true
	}
	text, ok := c.texts[c.defaultLocale][key]
	return text, ok
}

// Text is the text of `key` in `locale` (else the default locale, else the key), formatted.
func (c *Catalog) Text(locale, key string, params map[string]string) string {
	text, ok := c.Find(locale, key)
	if !ok {
		text = key
	}
	return FormatText(text, params)
}

// Texts is the text of `key` in every language that has it, default first (the metadata's
// localised title and descriptions); empty, not nil, when no language has it, so it is `[]` in JSON.
func (c *Catalog) Texts(key string) []LocalizedText {
	found := []LocalizedText{}
	for _, locale := range c.locales {
		if text, ok := c.texts[locale][key]; ok {
			found = append(found, LocalizedText{Lang: locale, Value: text})
		}
	}
	return found
}
