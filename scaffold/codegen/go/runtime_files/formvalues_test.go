package contract

// The shared form-helper cases (scaffold/codegen/cases/form_values.json, whose "about" says the
// format), read by the Go runtime: the Python runtime's tests (tests/unit/test_form_values.py) and
// the TypeScript runtime's (form-values.test.ts) read the same file, so how fields and options are
// labelled from the catalogue, how a constructor filter splits into trigger values and array groups
// by arrayIndex, and what a typed read answers for absent are decided once for three languages
// (issue 40 point 2). Fields, options and filters go through the generated decoders.
//
// SCAFFOLD_FORM_VALUES names the file (tests/functional/test_plugin_go.py sets it). Unset, the test
// fails: a run that skipped the shared cases would pass without deciding anything.

import (
	"encoding/json"
	"reflect"
	"testing"
)

type fvFile struct {
	About   []string                     `json:"about"`
	Catalog map[string]map[string]string `json:"catalog"`
	Fields  []struct {
		Name   string               `json:"name"`
		Locale string               `json:"locale"`
		Prefix string               `json:"prefix"`
		Code   string               `json:"code"`
		Type   ConstructorFieldType `json:"type"`
		Field  ConstructorField     `json:"field"`
	} `json:"fields"`
	Options []struct {
		Name      string                       `json:"name"`
		Locale    string                       `json:"locale"`
		KeyPrefix string                       `json:"keyPrefix"`
		Values    []string                     `json:"values"`
		Options   []ConstructorFieldPropOption `json:"options"`
	} `json:"options"`
	Filters []struct {
		Name   string             `json:"name"`
		Filter *ConstructorFilter `json:"filter"`
		Values FormValues         `json:"values"`
		Groups []fvGroup          `json:"groups"`
	} `json:"filters"`
	Reads []struct {
		Name   string          `json:"name"`
		Values FormValues      `json:"values"`
		Code   string          `json:"code"`
		As     string          `json:"as"`
		Value  json.RawMessage `json:"value"`
	} `json:"reads"`
}

type fvGroup struct {
	Index  int        `json:"index"`
	Values FormValues `json:"values"`
}

func TestFormHelpersAnswerAsTheSharedCasesSay(t *testing.T) {
	var file fvFile
	readSharedCases(t, "SCAFFOLD_FORM_VALUES", "form_values.json", &file)
	if len(file.Fields) == 0 || len(file.Options) == 0 || len(file.Filters) == 0 || len(file.Reads) == 0 {
		t.Fatal("form_values.json lacks a section of cases")
	}
	catalog := NewCatalog(file.Catalog)
	for _, c := range file.Fields {
		t.Run("field: "+c.Name, func(t *testing.T) {
			if got := NewFormTexts(catalog, c.Locale).Field(c.Prefix, c.Code, c.Type); !reflect.DeepEqual(got, c.Field) {
				t.Fatalf("got %+v, want %+v", got, c.Field)
			}
		})
	}
	for _, c := range file.Options {
		t.Run("options: "+c.Name, func(t *testing.T) {
			got := NewFormTexts(catalog, c.Locale).Options(c.KeyPrefix, c.Values)
			if !reflect.DeepEqual(got, c.Options) {
				t.Fatalf("got %+v, want %+v", got, c.Options)
			}
		})
	}
	for _, c := range file.Filters {
		t.Run("filter: "+c.Name, func(t *testing.T) {
			filter := Opt[ConstructorFilter]{}
			if c.Filter != nil {
				filter = Some(*c.Filter)
			}
			values, groups := FilterValues(filter)
			got := []fvGroup{}
			for _, group := range groups {
				got = append(got, fvGroup{Index: group.Index, Values: group.Values})
			}
			if !reflect.DeepEqual(values, c.Values) || !reflect.DeepEqual(got, c.Groups) {
				t.Fatalf("got %v %v, want %v %v", values, got, c.Values, c.Groups)
			}
		})
	}
	for _, c := range file.Reads {
		t.Run("read: "+c.Name, func(t *testing.T) {
			var got any
			var ok bool
			switch c.As {
			case "text":
				got, ok = c.Values.Text(c.Code)
			case "number":
				got, ok = c.Values.Number(c.Code)
			case "bool":
				got, ok = c.Values.Bool(c.Code)
			case "list":
				got, ok = c.Values.List(c.Code)
			default:
				t.Fatalf("unknown read %q", c.As)
			}
			if string(c.Value) == "null" {
				if ok {
					t.Fatalf("got %#v, want absent", got)
				}
				return
			}
			want := reflect.New(reflect.TypeOf(got))
			if err := json.Unmarshal(c.Value, want.Interface()); err != nil {
				t.Fatal(err)
			}
			if !ok || !reflect.DeepEqual(got, want.Elem().Interface()) {
				t.Fatalf("got %#v, %v; want %s", got, ok, c.Value)
			}
		})
	}
}
