package contract

// The shared query-text cases (scaffold/codegen/cases/data_queries.json and
// variable_expansion.json, whose "about" says the format), read by the Go runtime: the Python
// runtime's tests (tests/unit/test_query_text_cases.py) and the TypeScript runtime's
// (data-queries.test.ts, variable-expansion.test.ts) read the same files, so how a DataQuery.json
// is read and how $variables expand is decided once for three languages (issue 40 point 2). A
// query and the variables go through the generated decoders.
//
// SCAFFOLD_DATA_QUERIES and SCAFFOLD_VARIABLE_EXPANSION name the files
// (tests/functional/test_plugin_go.py sets them). Unset, the tests fail: a run that skipped the
// shared cases would pass without deciding anything.

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// qtText is a case's text: a literal, or {text, params} read from the glue's catalogue in locale
// (a param a text too).
func qtText(t *testing.T, raw json.RawMessage, locale string) string {
	t.Helper()
	var literal string
	if json.Unmarshal(raw, &literal) == nil {
		return literal
	}
	var text struct {
		Text   string                     `json:"text"`
		Params map[string]json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(raw, &text); err != nil {
		t.Fatalf("a text is a string or {text, params}: %s", raw)
	}
	params := map[string]string{}
	for name, param := range text.Params {
		params[name] = qtText(t, param, locale)
	}
	return RuntimeText(locale, text.Text, params)
}

// qtRefused checks that err is the PluginError the case names.
func qtRefused(t *testing.T, err error, status int, message json.RawMessage, validation map[string]json.RawMessage, locale string) {
	t.Helper()
	var refused *PluginError
	if !errors.As(err, &refused) {
		t.Fatalf("got %v; want a PluginError %d", err, status)
	}
	if refused.Status != status {
		t.Errorf("status %d, want %d", refused.Status, status)
	}
	if want := qtText(t, message, locale); refused.Message != want {
		t.Errorf("message %q, want %q", refused.Message, want)
	}
	want := map[string]string{}
	for key, text := range validation {
		want[key] = qtText(t, text, locale)
	}
	got := refused.ValidationErrors
	if got == nil {
		got = map[string]string{}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("validationErrors %v, want %v", got, want)
	}
}

func TestQueryJSONReadsAsTheSharedCasesSay(t *testing.T) {
	var file struct {
		About []string `json:"about"`
		Cases []struct {
			Name             string                     `json:"name"`
			Kind             string                     `json:"kind"`
			RefID            *string                    `json:"refID"`
			Index            int                        `json:"index"`
			JSON             *string                    `json:"json"`
			Locale           string                     `json:"locale"`
			MaxBytes         int                        `json:"maxBytes"`
			MaxDepth         int                        `json:"maxDepth"`
			Status           int                        `json:"status"`
			Value            json.RawMessage            `json:"value"`
			Message          json.RawMessage            `json:"message"`
			ValidationErrors map[string]json.RawMessage `json:"validationErrors"`
		} `json:"cases"`
	}
	readSharedCases(t, "SCAFFOLD_DATA_QUERIES", "data_queries.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("data_queries.json holds no cases")
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			bounds := TextBounds{MaxBytes: c.MaxBytes, MaxDepth: c.MaxDepth}
			var got map[string]any
			var err error
			if c.Kind == "variable" {
				text := ""
				if c.JSON != nil {
					text = *c.JSON
				}
				got, err = VariableQueryJSON(text, c.Locale, bounds)
			} else {
				sent := map[string]*string{}
				if c.RefID != nil {
					sent["refID"] = c.RefID
				}
				if c.JSON != nil {
					sent["json"] = c.JSON
				}
				encoded, _ := json.Marshal(sent)
				var query DataQuery
				if decodeErr := json.Unmarshal(encoded, &query); decodeErr != nil {
					t.Fatalf("the case's query does not decode: %v", decodeErr)
				}
				got, err = QueryJSON(query, c.Index, c.Locale, bounds)
			}
			if c.Status == 200 {
				decoder := json.NewDecoder(bytes.NewReader(c.Value))
				decoder.UseNumber()
				var want map[string]any
				if decodeErr := decoder.Decode(&want); decodeErr != nil {
					t.Fatalf("the case's value: %v", decodeErr)
				}
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("got %#v, %v; want %#v", got, err, want)
				}
				return
			}
			qtRefused(t, err, c.Status, c.Message, c.ValidationErrors, c.Locale)
		})
	}
}

func TestExpandVariablesAnswersAsTheSharedCasesSay(t *testing.T) {
	var file struct {
		About []string `json:"about"`
		Cases []struct {
			Name      string          `json:"name"`
			Text      string          `json:"text"`
			Variables json.RawMessage `json:"variables"`
			Escape    string          `json:"escape"`
			Undefined string          `json:"undefined"`
			MaxBytes  int             `json:"maxBytes"`
			Locale    string          `json:"locale"`
			Expanded  *string         `json:"expanded"`
			Status    int             `json:"status"`
			Message   json.RawMessage `json:"message"`
			Reference json.RawMessage `json:"reference"`
		} `json:"cases"`
	}
	readSharedCases(t, "SCAFFOLD_VARIABLE_EXPANSION", "variable_expansion.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("variable_expansion.json holds no cases")
	}
	escapes := map[string]func(string) string{"": nil, "none": nil, "sql": SQLString, "url": URLComponent}
	rules := map[string]UndefinedRule{"": UndefinedError, "error": UndefinedError, "keep": UndefinedKeep, "empty": UndefinedEmpty}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			var variables Variables
			if err := json.Unmarshal(c.Variables, &variables); err != nil {
				t.Fatalf("the case's variables do not decode: %v", err)
			}
			escape, known := escapes[c.Escape]
			rule, knownRule := rules[c.Undefined]
			if !known || !knownRule {
				t.Fatalf("unknown escape %q or undefined %q", c.Escape, c.Undefined)
			}
			if len(c.Reference) > 0 {
				var want *string
				if err := json.Unmarshal(c.Reference, &want); err != nil {
					t.Fatalf("reference: %v", err)
				}
				name, whole := VariableReference(c.Text)
				if whole != (want != nil) || (want != nil && name != *want) {
					t.Errorf("VariableReference = %q, %v; want %v", name, whole, c.Reference)
				}
			}
			got, err := ExpandVariables(c.Text, variables, c.Locale, ExpandOptions{Escape: escape, Undefined: rule, MaxBytes: c.MaxBytes})
			if c.Expanded != nil {
				if err != nil || got != *c.Expanded {
					t.Fatalf("got %q, %v; want %q", got, err, *c.Expanded)
				}
				return
			}
			qtRefused(t, err, c.Status, c.Message, nil, c.Locale)
		})
	}
}
