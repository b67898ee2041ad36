package contract

// The shared config-check cases (scaffold/codegen/cases/config_checks.json, whose "about" says the
// format), read by the Go runtime: the Python runtime's tests (tests/unit/test_config_checks.py) and
// the TypeScript runtime's (config-checks.test.ts) read the same file, so which configuration is
// "too few entries" (400) and which a validation error (422 with ValidationErrors) is decided once
// for three languages (issue 40 points 2 and 6). Form and fields go through the generated decoders.
//
// SCAFFOLD_CONFIG_CHECKS names the file (tests/functional/test_plugin_go.py sets it). Unset, the
// test fails: a run that skipped the shared cases would pass without deciding anything.

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

type ccCase struct {
	Name             string                     `json:"name"`
	Form             []ConstructorField         `json:"form"`
	Fields           []DatasourceField          `json:"fields"`
	Locale           string                     `json:"locale"`
	Status           int                        `json:"status"`
	Values           map[string]string          `json:"values"`
	Message          json.RawMessage            `json:"message"`
	ValidationErrors map[string]json.RawMessage `json:"validationErrors"`
}

// ccText is a case's text: a literal, or {text, params} read from the glue's catalogue in locale.
func ccText(t *testing.T, raw json.RawMessage, locale string) string {
	t.Helper()
	var literal string
	if json.Unmarshal(raw, &literal) == nil {
		return literal
	}
	var text struct {
		Text   string            `json:"text"`
		Params map[string]string `json:"params"`
	}
	if err := json.Unmarshal(raw, &text); err != nil {
		t.Fatalf("a text is a string or {text, params}: %s", raw)
	}
	return RuntimeText(locale, text.Text, text.Params)
}

func TestRequireValidConfigAnswersAsTheSharedCasesSay(t *testing.T) {
	var file struct {
		About []string `json:"about"`
		Cases []ccCase `json:"cases"`
	}
	readSharedCases(t, "SCAFFOLD_CONFIG_CHECKS", "config_checks.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("config_checks.json holds no cases")
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			values, err := RequireValidConfig(c.Form, c.Fields, c.Locale)
			if c.Status == 200 {
				if err != nil || !reflect.DeepEqual(values, c.Values) {
					t.Fatalf("got %v, %v; want %v", values, err, c.Values)
				}
				return
			}
			var refused *PluginError
			if !errors.As(err, &refused) {
				t.Fatalf("got %v, %v; want a PluginError %d", values, err, c.Status)
			}
			if refused.Status != c.Status {
				t.Errorf("status %d, want %d", refused.Status, c.Status)
			}
			if want := ccText(t, c.Message, c.Locale); refused.Message != want {
				t.Errorf("message %q, want %q", refused.Message, want)
			}
			want := map[string]string{}
			for code, text := range c.ValidationErrors {
				want[code] = ccText(t, text, c.Locale)
			}
			got := refused.ValidationErrors
			if got == nil {
				got = map[string]string{}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("validationErrors %v, want %v", got, want)
			}
		})
	}
}
