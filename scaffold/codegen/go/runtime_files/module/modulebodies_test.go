package module

// The shared module body cases (scaffold/codegen/cases/module_bodies.json, whose "about" says the
// format), read by the Go module runtime: the Python module runtime's tests
// (tests/unit/test_module_body_cases.py) and the TypeScript one's (module-bodies.test.ts) read the
// same file, so a row decided once holds in every language a module backend is written in (issue
// 42 point 4). Each body is read as the demo endpoint reads one (parseJSON, then unwrapDemo); a
// refusal's message must be the text of the one table (moduletexts_gen.go) the case names, its
// {name}s filled in.
//
// SCAFFOLD_MODULE_BODIES names the file (tests/functional/test_module_go.py sets it). Unset, the
// tests fail: a run that skipped the shared cases would pass without deciding anything.

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"example.com/plugin/internal/contract/casefiles"
)

type bodyCase struct {
	Name          string                     `json:"name"`
	Body          json.RawMessage            `json:"body"`
	Expect        string                     `json:"expect"`
	ViaProxy      *bool                      `json:"viaProxy"`
	ModuleContext string                     `json:"moduleContext"`
	Status        int                        `json:"status"`
	Text          string                     `json:"text"`
	Params        map[string]json.RawMessage `json:"params"`
}

// caseBody is the case's body: code points below 256, one byte each, or parts joined ([s, n]: s
// n times).
func caseBody(t *testing.T, raw json.RawMessage) []byte {
	t.Helper()
	var parts []json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		parts = []json.RawMessage{raw}
	}
	var text strings.Builder
	for _, part := range parts {
		var plain string
		if json.Unmarshal(part, &plain) == nil {
			text.WriteString(plain)
			continue
		}
		var repeated []json.RawMessage
		var count int
		if json.Unmarshal(part, &repeated) != nil || len(repeated) != 2 ||
			json.Unmarshal(repeated[0], &plain) != nil || json.Unmarshal(repeated[1], &count) != nil {
			t.Fatalf("a body part is neither a string nor [string, count]: %s", part)
		}
		text.WriteString(strings.Repeat(plain, count))
	}
	out := make([]byte, 0, text.Len())
	for _, r := range text.String() {
		if r > 0xff {
			t.Fatalf("a body holds U+%04X: only U+0000..U+00FF, one byte each", r)
		}
		out = append(out, byte(r))
	}
	return out
}

// expectedText is the text key of the one table with its {name}s filled in ([key, params] nested).
func expectedText(t *testing.T, key string, params map[string]json.RawMessage) string {
	t.Helper()
	if _, known := moduleTexts[TextKey(key)]; !known {
		t.Fatalf("%q is no module text (moduletexts_gen.go)", key)
	}
	filled := map[string]string{}
	for name, raw := range params {
		var text string
		var number json.Number
		var nested []json.RawMessage
		switch {
		case json.Unmarshal(raw, &text) == nil:
			filled[name] = text
		case json.Unmarshal(raw, &number) == nil:
			filled[name] = number.String()
		case json.Unmarshal(raw, &nested) == nil && len(nested) == 2:
			var inner string
			var innerParams map[string]json.RawMessage
			if json.Unmarshal(nested[0], &inner) != nil || json.Unmarshal(nested[1], &innerParams) != nil {
				t.Fatalf("param %s is no [key, params]: %s", name, raw)
			}
			filled[name] = expectedText(t, inner, innerParams)
		default:
			t.Fatalf("param %s is no text, number or [key, params]: %s", name, raw)
		}
	}
	return Text(TextKey(key), filled)
}

func TestTheDemoEndpointReadsEachSharedBodyAsDecided(t *testing.T) {
	var file struct {
		About []string   `json:"about"`
		Cases []bodyCase `json:"cases"`
	}
	casefiles.Read(t, "SCAFFOLD_MODULE_BODIES", "module_bodies.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("module_bodies.json holds no cases")
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			body := caseBody(t, c.Body)
			data, refused := parseJSON(body)
			var call DemoCall
			if refused == nil {
				call, refused = unwrapDemo(data)
			}
			switch c.Expect {
			case "accepted":
				if refused != nil {
					t.Fatalf("refused %d %q", refused.status, refused.message)
				}
				if c.ViaProxy == nil || call.ViaProxy != *c.ViaProxy {
					t.Errorf("viaProxy %v, the case says %v", call.ViaProxy, c.ViaProxy)
				}
				context := "absent"
				if call.ModuleContext != nil {
					context = "present"
				}
				if context != c.ModuleContext {
					t.Errorf("moduleContext %s, the case says %s", context, c.ModuleContext)
				}
			case "refused":
				if refused == nil {
					t.Fatal("accepted")
				}
				if refused.status != c.Status {
					t.Errorf("status %d, the case says %d", refused.status, c.Status)
				}
				if want := expectedText(t, c.Text, c.Params); refused.message != want {
					t.Errorf("message %q, the case says %q", refused.message, want)
				}
			default:
				t.Fatalf("expect is %s: accepted or refused", strconv.Quote(c.Expect))
			}
		})
	}
}
