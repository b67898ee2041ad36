package contract

// The shared JSON body cases (scaffold/codegen/cases/json_bodies.json, whose "about" says the
// format), read by the Go runtime: the Python runtime's tests (tests/unit/test_json_bodies.py)
// and the TypeScript runtime's (json-bodies.test.ts) read the same file, so a row decided once
// holds in all three languages (issue 38 point 6, issue 39 point 2). Each body is read as a
// generated decoder reads a request (an object whose key "n", when the case names a field, is an
// optional integer of that format) and judged by requestProblem, the text the plugin answers.
//
// SCAFFOLD_JSON_BODIES names the file (tests/functional/test_plugin_go.py sets it). Unset, the
// test fails: a run that skipped the shared cases would pass without deciding anything.

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

type jbCase struct {
	Name   string          `json:"name"`
	Body   json.RawMessage `json:"body"`
	Field  string          `json:"field"`
	Expect string          `json:"expect"`
	Status int             `json:"status"`
	Text   string          `json:"text"`
	Value  string          `json:"value"`
}

var jbKnownKeys = map[string]bool{"name": true, "body": true, "field": true, "expect": true, "status": true, "text": true, "value": true}

// jbCases reads the file named by SCAFFOLD_JSON_BODIES, failing on a key this runner does not know.
func jbCases(t *testing.T) []jbCase {
	data := sharedCaseBytes(t, "SCAFFOLD_JSON_BODIES", "json_bodies.json")
	var file struct {
		Cases []map[string]json.RawMessage `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	var cases []jbCase
	for _, raw := range file.Cases {
		for key := range raw {
			if !jbKnownKeys[key] {
				t.Fatalf("a case has the key %q this runner does not know: %s", key, raw["name"])
			}
		}
		whole, _ := json.Marshal(raw)
		var c jbCase
		if err := json.Unmarshal(whole, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		t.Fatal("no cases in json_bodies.json")
	}
	return cases
}

// jbBody rebuilds the body's bytes: code points below 256, one byte each; a list joins its parts,
// a part being such a string or [string, count].
func jbBody(t *testing.T, raw json.RawMessage) []byte {
	var parts []json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		parts = []json.RawMessage{raw}
	}
	var out []byte
	for _, part := range parts {
		var text string
		if err := json.Unmarshal(part, &text); err != nil {
			var repeated []json.RawMessage
			var count int
			if json.Unmarshal(part, &repeated) != nil || len(repeated) != 2 || json.Unmarshal(repeated[0], &text) != nil || json.Unmarshal(repeated[1], &count) != nil || count < 0 {
				t.Fatalf("a body part is neither a string nor [string, count]: %s", part)
			}
			text = strings.Repeat(text, count)
		}
		for _, c := range text {
			if c > 0xff {
				t.Fatalf("a body holds U+%04X: only code points below 256 (one byte each) are allowed", c)
			}
			out = append(out, byte(c))
		}
	}
	return out
}

// jbRead reads body as a generated decoder would: n (when field is int64 or int32) and nothing else.
func jbRead(body []byte, field string) (*Reader, int64, bool) {
	r := NewReader(body, MaxJSONDepth)
	var n int64
	set := false
	if r.BeginObject() {
		for r.NextKey() {
			if field != "" && bytes.Equal(r.Key(), []byte("n")) {
				r.Enter("n")
				set = true
				if field == "int64" {
					n = r.Int64()
				} else {
					n = int64(r.Int32())
				}
				r.Leave()
				continue
			}
			r.Skip()
		}
	}
	r.End()
	return r, n, set
}

func TestJSONBodiesShared(t *testing.T) {
	const locale = "en-US"
	seen := map[string]bool{}
	for _, c := range jbCases(t) {
		if c.Name == "" || seen[c.Name] {
			t.Fatalf("a case has no name, or one another case has: %q", c.Name)
		}
		seen[c.Name] = true
		if c.Field != "" && c.Field != "int64" && c.Field != "int32" {
			t.Fatalf("%s: unknown field %q", c.Name, c.Field)
		}
		reader, n, set := jbRead(jbBody(t, c.Body), c.Field)
		message := requestProblem(reader, locale)
		switch c.Expect {
		case "accepted":
			if message != "" {
				t.Errorf("%s: refused: %s", c.Name, message)
				continue
			}
			if c.Field != "" {
				want, err := strconv.ParseInt(c.Value, 10, 64)
				if err != nil || !set || n != want {
					t.Errorf("%s: read %d (set %v), want %s", c.Name, n, set, c.Value)
				}
			}
		case "refused":
			if c.Status != 400 { // every refusal of the reader is answered 400 (serve.go readRequest)
				t.Fatalf("%s: status %d is not one this runner knows", c.Name, c.Status)
			}
			var ok bool
			switch c.Text {
			case "json":
				ok = message == RuntimeText(locale, "body.invalidJson", nil)
			case "range", "integer":
				problem := "n: " + RuntimeText(locale, "problem."+c.Text, nil)
				ok = message == RuntimeText(locale, "body.schema", map[string]string{"problems": problem})
			default:
				t.Fatalf("%s: text %q is not one this runner knows", c.Name, c.Text)
			}
			if !ok {
				t.Errorf("%s: answered %q, want the %s refusal", c.Name, message, c.Text)
			}
		default:
			t.Fatalf("%s: expect %q is not one this runner knows", c.Name, c.Expect)
		}
	}
}
