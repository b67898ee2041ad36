package contract

// The text catalogue and the glue's own texts: the Python plugin's cases (tests/unit/
// test_plugin_runtime.py, catalog) and the rules of the TypeScript plugin's catalog.ts.

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

func writeCatalogFile(t *testing.T, dir, name, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestCatalogLoadAndFallback(t *testing.T) {
	dir := t.TempDir()
	writeCatalogFile(t, dir, "ru-RU.json", `{"a": {"b": "Привет {name}"}, "only": "ru"}`)
	writeCatalogFile(t, dir, "en-US.json", `{"a": {"b": "Hello {name}"}}`)
	writeCatalogFile(t, dir, "de-DE.json", `{}`)
	writeCatalogFile(t, dir, "notes.txt", `not a catalogue`)
	catalog, err := LoadCatalog(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := catalog.Languages(); !reflect.DeepEqual(got, []string{"ru-RU", "de-DE", "en-US"}) {
		t.Errorf("Languages() = %v", got)
	}
	name := map[string]string{"name": "x"}
	wantText(t, catalog.Text("en-US", "a.b", name), "Hello x")
	wantText(t, catalog.Text("en-US", "only", nil), "ru")
	wantText(t, catalog.Text("en-US", "missing", nil), "missing")
	wantText(t, catalog.Text("de-DE", "a.b", map[string]string{"name": "y"}), "Привет y")
	if _, ok := catalog.Find("en-US", "missing"); ok {
		t.Error("Find found a missing key")
	}
	wantText(t, catalog.Choose("en;q=0.9, ru;q=0.1"), "en-US")
	wantText(t, catalog.Choose(""), "ru-RU")
	want := []LocalizedText{{"ru-RU", "Привет {name}"}, {"en-US", "Hello {name}"}}
	if got := catalog.Texts("a.b"); !reflect.DeepEqual(got, want) {
		t.Errorf("Texts(a.b) = %v, want %v", got, want)
	}
}

func wantText(t *testing.T, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCatalogFormattingNeverFails(t *testing.T) {
	catalog := NewCatalog(map[string]map[string]string{
		"ru-RU": {"a": "{known} {unknown}", "b": "broken {", "c": "{0}"},
	})
	known := map[string]string{"known": "x"}
	wantText(t, catalog.Text("ru-RU", "a", known), "x {unknown}")
	wantText(t, catalog.Text("ru-RU", "b", known), "broken {")
	wantText(t, catalog.Text("ru-RU", "c", known), "{0}")
}

func TestFormatTextFillsOnlyKnownWordNames(t *testing.T) {
	params := map[string]string{"name": "x", "n_2": "y", "empty": ""}
	cases := map[string]string{
		"{name}{n_2}":      "xy",
		"{{name}}":         "{x}",
		"{ name }":         "{ name }",
		"{}":               "{}",
		"{na-me}":          "{na-me}",
		"{имя} {name":      "{имя} {name",
		"}{name}{":         "}x{",
		"[{empty}]":        "[]",
		"{name}{name}":     "xx",
		"{{unknown}{name}": "{{unknown}x",
	}
	for template, want := range cases {
		wantText(t, FormatText(template, params), want)
	}
	wantText(t, FormatText("{name}", nil), "{name}")
	wantText(t, FormatText("{name}", map[string]string{}), "{name}")
	wantText(t, FormatText("{name}", map[string]string{"name": "{name}"}), "{name}")
}

func TestCatalogErrorsNameTheFile(t *testing.T) {
	cases := map[string]string{
		"{":                   "is not readable JSON",
		"":                    "is not readable JSON",
		"{} {}":               "is not readable JSON",
		"\ufeff{}":            "is not readable JSON",
		"[]":                  "must hold a JSON object of texts",
		`"text"`:              "must hold a JSON object of texts",
		`{"a": 1}`:            "has a non-text value at 'a'",
		`{"a": {"b": null}}`:  "has a non-text value at 'a.b'",
		`{"a": {"b": ["x"]}}`: "has a non-text value at 'a.b'",
		`{"z": 1, "a": true}`: "has a non-text value at 'z'",
	}
	for content, want := range cases {
		dir := t.TempDir()
		writeCatalogFile(t, dir, "ru-RU.json", content)
		_, err := LoadCatalog(dir)
		if err == nil {
			t.Errorf("%q: loaded", content)
			continue
		}
		message := err.Error()
		if !strings.Contains(message, filepath.Join(dir, "ru-RU.json")) || !strings.Contains(message, want) {
			t.Errorf("%q: %q does not name the file and say %q", content, message, want)
		}
		if strings.Count(message, "; ") != 1 {
			t.Errorf("%q: %q does not say how to fix it", content, message)
		}
	}
}

func TestCatalogSyntaxErrorSaysWhere(t *testing.T) {
	dir := t.TempDir()
	writeCatalogFile(t, dir, "en-US.json", "{\n  \"a\": \"x\",\n}\n")
	_, err := LoadCatalog(dir)
	if err == nil || !strings.Contains(err.Error(), "line 3, column 1") {
		t.Errorf("got %v", err)
	}
}

func TestCatalogFromAnEmbeddedFolderNamesTheProjectFile(t *testing.T) {
	locales := fstest.MapFS{
		"ru-RU.json": {Data: []byte(`{"plugin": {"title": "Пример"}}`)},
		"en-US.json": {Data: []byte(`{"plugin": {"title": "Example"}}`)},
		"README.md":  {Data: []byte(`texts`)},
	}
	catalog, err := LoadCatalogFS(locales, "internal/datasource/locales")
	if err != nil {
		t.Fatal(err)
	}
	want := []LocalizedText{{"ru-RU", "Пример"}, {"en-US", "Example"}}
	if got := catalog.Texts("plugin.title"); !reflect.DeepEqual(got, want) {
		t.Errorf("Texts = %v", got)
	}
	locales["en-US.json"] = &fstest.MapFile{Data: []byte(`{"plugin": {"title": 1}}`)}
	_, err = LoadCatalogFS(locales, "internal/datasource/locales")
	shown := filepath.Join("internal/datasource/locales", "en-US.json")
	if err == nil || !strings.Contains(err.Error(), shown+" has a non-text value at 'plugin.title'") {
		t.Errorf("got %v", err)
	}
}

func TestAMissingCatalogueFolderIsAnError(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "locales")
	_, err := LoadCatalog(dir)
	if err == nil || !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), dir) {
		t.Errorf("got %v", err)
	}
}

func TestADirectoryNamedLikeACatalogueIsAnError(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "en-US.json"), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadCatalog(dir); err == nil || !strings.Contains(err.Error(), "is not readable JSON") {
		t.Errorf("got %v", err)
	}
}

func TestARepeatedKeyKeepsItsLastText(t *testing.T) {
	dir := t.TempDir()
	// as JSON.parse reads it: the second "a" replaces the first whole; "d.e" is written twice
	writeCatalogFile(t, dir, "ru-RU.json",
		`{"a": {"b": "x", "c": "y"}, "a": {"c": "z"}, "d.e": "1", "d": {"e": "2"}}`)
	catalog, err := LoadCatalog(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := catalog.Find("ru-RU", "a.b"); ok {
		t.Error("a.b of the first, replaced, object is still there")
	}
	wantText(t, catalog.Text("ru-RU", "a.c", nil), "z")
	wantText(t, catalog.Text("ru-RU", "d.e", nil), "2")
}

func TestTextsIsAnEmptyListForAnUnknownKey(t *testing.T) {
	catalog := NewCatalog(nil)
	encoded, err := json.Marshal(catalog.Texts("plugin.title"))
	if err != nil || string(encoded) != "[]" {
		t.Errorf("got %s, %v", encoded, err)
	}
	if got := catalog.Languages(); !reflect.DeepEqual(got, []string{DefaultLocale}) {
		t.Errorf("an empty catalogue has languages %v", got)
	}
}

func TestCatalogDefaultLanguageComesFirstWithoutItsFile(t *testing.T) {
	catalog := NewCatalog(map[string]map[string]string{"en-US": {"k": "v"}, "de-DE": {"k": "w"}})
	if got := catalog.Languages(); !reflect.DeepEqual(got, []string{"ru-RU", "de-DE", "en-US"}) {
		t.Errorf("Languages() = %v", got)
	}
	wantText(t, catalog.Choose("xx"), "ru-RU")
	wantText(t, catalog.Text("ru-RU", "k", nil), "k")
	want := []LocalizedText{{"de-DE", "w"}, {"en-US", "v"}}
	if got := catalog.Texts("k"); !reflect.DeepEqual(got, want) {
		t.Errorf("Texts(k) = %v", got)
	}
}

func TestRuntimeTextIsInTheCallersLanguage(t *testing.T) {
	wantText(t, RuntimeText("en-US", "http.404", nil), "Not found")
	wantText(t, RuntimeText("ru-RU", "http.404", nil), "Не найдено")
	wantText(t, RuntimeText("en-GB", "http.404", nil), "Not found")
	wantText(t, RuntimeText("de-DE", "http.404", nil), "Не найдено")
	wantText(t, RuntimeText("en-US", "no.such.key", nil), "no.such.key")
	size := RuntimeText("en-US", "size.mebibytes", map[string]string{"count": "10"})
	wantText(t, RuntimeText("en-US", "body.tooLarge", map[string]string{"size": size}),
		"Request body is larger than 10 MiB")
	size = RuntimeText("ru-RU", "size.bytes", map[string]string{"count": "1024"})
	wantText(t, RuntimeText("ru-RU", "body.tooLarge", map[string]string{"size": size}),
		"Тело запроса больше 1024 байт")
	wantText(t, RuntimeText("en-US", "http.other", map[string]string{}), "HTTP error {status}")
}

func TestRuntimeTextFallsBackKeyByKey(t *testing.T) {
	texts := map[string]map[string]string{
		"ru-RU": {"a": "А {x}", "b": "Б"},
		"en-US": {"a": "A {x}", "empty": ""},
	}
	locales := []string{"ru-RU", "en-US"}
	x := map[string]string{"x": "1"}
	wantText(t, runtimeTextIn(texts, locales, "en-US", "a", x), "A 1")
	wantText(t, runtimeTextIn(texts, locales, "en-US", "b", x), "Б")
	wantText(t, runtimeTextIn(texts, locales, "en-US", "empty", x), "")
	wantText(t, runtimeTextIn(texts, locales, "en", "a", x), "A 1")
	wantText(t, runtimeTextIn(texts, locales, "fr-FR", "a", x), "А 1")
	wantText(t, runtimeTextIn(texts, locales, "", "a", nil), "А {x}")
}

func TestRuntimeLocalesStartWithTheDefault(t *testing.T) {
	if len(runtimeLocales) == 0 || runtimeLocales[0] != DefaultLocale {
		t.Errorf("runtimeLocales = %v", runtimeLocales)
	}
}
