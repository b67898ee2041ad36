package acceptlanguage

// The Accept-Language choice, read from the cases every runtime reads
// (scaffold/codegen/cases/locales.json, whose "about" says each key): pytest and vitest read the
// same file, so the three languages choose alike case for case.

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"example.com/plugin/internal/contract/casefiles"
)

// localeHeader is a case's header: a string, or [string, count] parts joined in order.
type localeHeader string

func (h *localeHeader) UnmarshalJSON(data []byte) error {
	var text string
	if err := json.Unmarshal(data, &text); err == nil {
		*h = localeHeader(text)
		return nil
	}
	var parts [][2]json.RawMessage
	if err := json.Unmarshal(data, &parts); err != nil {
		return err
	}
	var joined strings.Builder
	for _, part := range parts {
		var piece string
		var count int
		if err := json.Unmarshal(part[0], &piece); err != nil {
			return err
		}
		if err := json.Unmarshal(part[1], &count); err != nil {
			return err
		}
		joined.WriteString(strings.Repeat(piece, count))
	}
	*h = localeHeader(joined.String())
	return nil
}

// wire is the header as its bytes arrive: each code point of the case (U+0000..U+00FF) one byte.
func (h localeHeader) wire(t *testing.T) string {
	t.Helper()
	out := make([]byte, 0, len(h))
	for _, r := range string(h) {
		if r > 0xff {
			t.Fatalf("the header %q holds %U: a case's code points are bytes", string(h), r)
		}
		out = append(out, byte(r))
	}
	return string(out)
}

type localeCases struct {
	About  []string `json:"about"`
	Choose []struct {
		Name      string       `json:"name"`
		Header    localeHeader `json:"header"`
		Available *[]string    `json:"available"`
		Chosen    string       `json:"chosen"`
	} `json:"choose"`
	Parse []struct {
		Name   string       `json:"name"`
		Header localeHeader `json:"header"`
		Ranges [][2]any     `json:"ranges"`
	} `json:"parse"`
}

// readLocaleCases reads the file named by SCAFFOLD_LOCALE_CASES (sharedcases_test.go).
func readLocaleCases(t *testing.T) localeCases {
	t.Helper()
	var cases localeCases
	casefiles.Read(t, "SCAFFOLD_LOCALE_CASES", "locales.json", &cases)
	if len(cases.Choose) == 0 || len(cases.Parse) == 0 {
		t.Fatal("locales.json holds no case")
	}
	return cases
}

func TestChooseLocaleAsTheSharedCasesDecide(t *testing.T) {
	for _, c := range readLocaleCases(t).Choose {
		available := []string{"ru-RU", "en-US"}
		if c.Available != nil {
			available = *c.Available
		}
		if got := Choose(c.Header.wire(t), available); got != c.Chosen {
			t.Errorf("%s: Choose(%.60q) = %q, want %q", c.Name, string(c.Header), got, c.Chosen)
		}
	}
}

func TestParseAcceptLanguageAsTheSharedCasesDecide(t *testing.T) {
	for _, c := range readLocaleCases(t).Parse {
		want := []Range{}
		for _, r := range c.Ranges {
			tag, _ := r[0].(string)
			weight, _ := r[1].(float64)
			want = append(want, Range{tag, weight})
		}
		got := Parse(c.Header.wire(t))
		if got == nil {
			got = []Range{}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %v, want %v", c.Name, got, want)
		}
	}
}
