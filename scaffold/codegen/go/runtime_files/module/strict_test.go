package module

// The strict reading of strict.go and cursor.go, straight from the bytes: every kind a type may
// have, bodies written with whitespace and escapes, and the problem chosen by the fields' order,
// whatever the order of the keys in the body.

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

type strictInner struct {
	N uint8   `json:"n"`
	F float32 `json:"f,omitempty"`
}

type StrictEmbedded struct {
	E string `json:"e"`
}

type strictRich struct {
	StrictEmbedded
	S    string         `json:"s"`
	B    bool           `json:"b,omitempty"`
	I    *int64         `json:"i"`
	In   strictInner    `json:"in,omitempty"`
	List []strictInner  `json:"list,omitempty"`
	Map  map[string]int `json:"map,omitempty"`
	Any  any            `json:"any,omitempty"`
	Ptrs []*string      `json:"ptrs,omitempty"`
}

// readStrict reads body as an own endpoint does (readJSON, then readCall): the call, or the
// refusal's message.
func readStrict[P, C any](t *testing.T, body string) (Call[P, C], string) {
	t.Helper()
	envelope, refused := readJSON([]byte(body))
	if refused != nil {
		t.Fatalf("%s: refused as no JSON: %s", body, refused.message)
	}
	call, err := readCall[P, C]([]byte(body), envelope, &revealing{})
	if err != nil {
		return call, err.Error()
	}
	return call, ""
}

func TestStrictReadingTakesEveryKind(t *testing.T) {
	seven, text := int64(-7), "p"
	cases := []struct {
		body string
		want strictRich
	}{
		{`{"e": "x", "s": "y"}`, strictRich{StrictEmbedded: StrictEmbedded{E: "x"}, S: "y"}},
		{"\n{ \"s\" :\t\"y\" ,\r\n \"e\":\"x\" , \"i\": null }\n", strictRich{StrictEmbedded: StrictEmbedded{E: "x"}, S: "y"}},
		{`{"\u0065": "x", "s": "a\"b\\c\u00e9\ud83d\ude00 é"}`, strictRich{StrictEmbedded: StrictEmbedded{E: "x"}, S: "a\"b\\cé😀 é"}},
		{
			`{"e": "", "s": "", "b": true, "i": -7, "in": {"n": 79.0, "f": -1.5e2}, "list": [{"n": 1}, {"n": 2e0}], ` +
				`"map": {"a": 1, "b\n": 2}, "any": {"k": [1, "2", null, true, {}]}, "ptrs": ["p", null]}`,
			strictRich{
				B: true, I: &seven, In: strictInner{N: 79, F: -150},
				List: []strictInner{{N: 1}, {N: 2}},
				Map:  map[string]int{"a": 1, "b\n": 2},
				Any:  map[string]any{"k": []any{json.Number("1"), "2", nil, true, map[string]any{}}},
				Ptrs: []*string{&text, nil},
			},
		},
	}
	for _, c := range cases {
		call, message := readStrict[strictRich, salesAPI](t, c.body)
		if message != "" || !reflect.DeepEqual(call.Payload, c.want) || call.ViaProxy || call.ModuleContext != nil {
			t.Errorf("%s: %q, read %#v", c.body, message, call.Payload)
		}
	}
}

func TestStrictReadingNamesTheFirstProblemInTheFieldsOrder(t *testing.T) {
	extra := Text(TextEndpointExtra, map[string]string{"where": "the body"})
	cases := []struct{ body, problem string }{
		{`{"s": 1, "e": 2}`, "the body.e: " + textWantString},
		{`{"e": 2, "s": 1}`, "the body.e: " + textWantString},
		{`{"s": 1}`, "the body.e: " + textFieldRequired},
		{`{"x": 1, "e": 1, "s": "y"}`, "the body.e: " + textWantString},
		{`{"x": 1, "e": "x", "s": "y"}`, extra},
		{`{"e": "x", "s": null}`, "the body.s: " + textWantValue},
		{`{"e": "x", "s": "y", "b": "true"}`, "the body.b: " + textWantBoolean},
		{`{"e": "x", "s": "y", "i": 1.5}`, "the body.i: " + textWantInteger},
		{`{"e": "x", "s": "y", "in": {"n": -1}}`, "the body.in.n: " + textOutOfRange},
		{`{"e": "x", "s": "y", "in": {"n": 1, "f": "1"}}`, "the body.in.f: " + textWantNumber},
		{`{"e": "x", "s": "y", "in": []}`, "the body.in: " + textWantObject},
		{`{"e": "x", "s": "y", "list": [{"n": 1}, {"n": 256}, {"n": "x"}]}`, "the body.list[1].n: " + textOutOfRange},
		{`{"e": "x", "s": "y", "list": {}}`, "the body.list: " + textWantArray},
		{`{"e": "x", "s": "y", "map": {"a": 1, "b": "2"}}`, "the body.map.*: " + textWantInteger},
		{`{"e": "x", "s": "y", "map": [1]}`, "the body.map: " + textWantObject},
		{`{"e": "x", "s": "y", "ptrs": [1]}`, "the body.ptrs[0]: " + textWantString},
		{`{"payload": {"s": 1}, "moduleContext": {"url": 1}}`, "moduleContext.url: " + textWantString},
		{`{"moduleContext": {"url": "u", "token": "t"}, "payload": {"e": "x", "s": 1}}`, "payload.s: " + textWantString},
		{`{"payload": null}`, "payload: " + textWantValue},
		{`{"payload": {"e": "x", "s": "y"}, "moduleContext": []}`, Text(TextEnvelopeContextNotObject, nil)},
		{`{"payload": {"e": "x", "s": "y"}, "moduleContext": null}`, Text(TextEnvelopeContextNull, nil)},
		{`"text"`, "the body: " + textWantObject},
	}
	for _, c := range cases {
		_, message := readStrict[strictRich, salesAPI](t, c.body)
		if !strings.Contains(message, c.problem) || strings.Contains(message, `"x"`) {
			t.Errorf("%s: %q, want %q", c.body, message, c.problem)
		}
	}
}

func TestStrictReadingOfTheEnvelope(t *testing.T) {
	cases := []struct {
		body    string
		context *salesAPI
	}{
		{`{"other": [1, {"payload": 2}], "payload": {"e": "x", "s": "y"}}`, nil},
		{`{"payload": {"e": "x", "s": "y"}, "moduleContext": { }}`, nil},
		{`{"moduleContext": {"token": "t", "url": "u"}, "p\u0061yload": {"e": "x", "s": "y"}}`, &salesAPI{URL: "u", Token: "t"}},
	}
	for _, c := range cases {
		call, message := readStrict[strictRich, salesAPI](t, c.body)
		if message != "" || !call.ViaProxy || call.Payload.S != "y" || !reflect.DeepEqual(call.ModuleContext, c.context) {
			t.Errorf("%s: %q, read %#v", c.body, message, call)
		}
	}
	call, message := readStrict[strictRich, map[string]any](t, `{"payload": {"e": "x", "s": "y"}, "moduleContext": {"a": [1]}}`)
	if message != "" || !reflect.DeepEqual(*call.ModuleContext, map[string]any{"a": []any{json.Number("1")}}) {
		t.Errorf("a map context: %q, read %#v", message, call.ModuleContext)
	}
}
