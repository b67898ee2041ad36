package jsonio

// Tests of the strict JSON reader (jsonread.go, jsonstring.go, jsonkeys.go): syntax accepted and
// refused with where, values read and problems found with their places, keys given twice, depth,
// and the native fuzz test FuzzReader, which holds the reader to encoding/json.

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// jrtRead skips the one document in data and checks that nothing follows it.
func jrtRead(data string, maxDepth int) *Reader {
	r := NewReader([]byte(data), maxDepth)
	r.Skip()
	r.End()
	return r
}

func TestJSONReadSyntax(t *testing.T) {
	valid := []string{
		`0`, `-0`, `1`, `-1`, `1.5`, `-0.0`, `1e5`, `1E+5`, `1e-5`, `0.1e1`, `123456789012345678901234567890`,
		`""`, `"a"`, `"\"\\\/\b\f\n\r\t"`, `"\u0041\u00e9\u20AC"`, `"\ud83d\ude00"`,
		`"é日本😀"`, "\"\u2028\"", `true`, `false`, `null`, `[]`, `{}`, `[[]]`, `[{}]`, `{"a":{}}`,
		` [ 1 , 2 ] `, "\t\r\n{\"a\"\t:\r\n1}\n", `{"a":1,"b":[true,false,null],"c":{"d":"e"}}`,
		`[1,"a",{"b":[]}]`, `{"":0}`, "\"\x7f\"",
	}
	for _, in := range valid {
		if r := jrtRead(in, 64); r.Syntax() != nil {
			t.Errorf("%q: %v", in, r.Syntax())
		}
		if !json.Valid([]byte(in)) {
			t.Errorf("%q: the test calls it valid, encoding/json does not", in)
		}
	}
	invalid := []string{
		``, ` `, `[`, `]`, `{`, `}`, `[1,]`, `{"a":1,}`, `[,1]`, `{,}`, `[1 2]`, `{"a" 1}`, `{"a":}`,
		`{a:1}`, `{'a':1}`, `['a']`, `{1:2}`, `01`, `-01`, `00`, `+1`, `.5`, `1.`, `1.e5`, `1e`, `1e+`,
		`-`, `--1`, `0x10`, `NaN`, `Infinity`, `-Infinity`, `nan`, `tru`, `True`, `nul`, `NULL`,
		`nulls`, `"abc`, `"\x"`, `"\u12"`, `"\u12G4"`, `"\U0041"`, "\"a\tb\"", "\"a\nb\"", "\"\x00\"",
		"\"\x1f\"", `// c` + "\n1", `/* c */ 1`, `[1] // c`, "\ufeff1", "\v1", "\f1", "\u00a01",
		"1\u00a0", "\u20281", `1 2`, `{} {}`, `[1]]`, `{"a":1}}`, `"a" "b"`, `[1,2`, `{"a":[1,{"b":2]}`,
		"\"\xff\"", "\"\xc3\"", "\"\xed\xa0\x80\"", "\"\xc0\xaf\"", "[\xff]", "\xff", `"\`,
	}
	for _, in := range invalid {
		if r := jrtRead(in, 64); r.Syntax() == nil {
			t.Errorf("%q: accepted", in)
		}
		if utf8.ValidString(in) && json.Valid([]byte(in)) {
			t.Errorf("%q: the test calls it invalid, encoding/json does not", in)
		}
	}
}

// A \u escape of a surrogate that is not half of a pair is no character: refused, as the Python
// and TypeScript plugins refuse it, though encoding/json reads it as U+FFFD.
func TestJSONReadRefusesLoneSurrogates(t *testing.T) {
	for _, in := range []string{
		`"\ud800"`, `"\udc00x"`, `"\ud800\u0041"`, `"\udc00\ud800"`, `"\ud800\ud800\udc00"`, `"\ud800\n"`,
		`{"\udfff":1}`, `["a\uDBFF"]`,
	} {
		if r := jrtRead(in, 64); r.Syntax() == nil {
			t.Errorf("%s: accepted", in)
		}
	}
	for _, in := range []string{`"\ud83d\ude00"`, `"\uD83D\uDE00x"`, `{"\udbff\udfff":1}`} {
		if r := jrtRead(in, 64); r.Syntax() != nil {
			t.Errorf("%s: refused: %v", in, r.Syntax())
		}
	}
}

func TestJSONReadSyntaxPlace(t *testing.T) {
	// Positions as Python's json module reports them (checked against it), where it reports one.
	cases := []struct {
		in           string
		line, column int
		reason       string
	}{
		{``, 1, 1, "end of input"},
		{`   `, 1, 4, "end of input"},
		{`[1,]`, 1, 4, "value was expected"},
		{`{"a":1,}`, 1, 8, "key"},
		{`{"a" 1}`, 1, 6, "':'"},
		{`{"a":1,"b"}`, 1, 11, "':'"},
		{`{1:2}`, 1, 2, "key"},
		{`[1 2]`, 1, 4, "',' or ']'"},
		{`{"a":[1,{"b":2]}`, 1, 15, "',' or '}'"},
		{`[1,,2]`, 1, 4, "value"},
		{`01`, 1, 2, "after the value"},
		{`[01]`, 1, 3, "',' or ']'"},
		{`"abc`, 1, 1, "unterminated"},
		{`["a\`, 1, 2, "unterminated"},
		{"\"a\tb\"", 1, 3, "control character"},
		{"\"é\x01\"", 1, 3, "control character"},
		{"[\n  \"é\", x]", 2, 8, "value"},
		{"\n\n  ]", 3, 3, "value"},
		{"\r[x]", 1, 3, "value"},
		{`{"a":1}x`, 1, 8, "after the value"},
		{`nulls`, 1, 5, "after the value"},
		{`NaN`, 1, 1, "value"},
		{`Infinity`, 1, 1, "value"},
		{`-Infinity`, 1, 1, "number"},
		{`-`, 1, 1, "number"},
		{`1.`, 1, 2, "number"},
		{`1e+`, 1, 2, "number"},
		{`+1`, 1, 1, "value"},
		{`tru`, 1, 1, "literal"},
		{`"\x"`, 1, 2, "escape"},
		{`"\u12G4"`, 1, 3, "escape"},
		{`[1,2`, 1, 5, "not closed"},
		{"\ufeff1", 1, 1, "value"},
		{"\"ab\xffc\"", 1, 4, "UTF-8"},
		{"[1,\xff]", 1, 4, "UTF-8"},
		{"\"日本\" \xe6", 1, 6, "UTF-8"},
	}
	for _, c := range cases {
		r := jrtRead(c.in, 64)
		e := r.Syntax()
		if e == nil {
			t.Errorf("%q: accepted", c.in)
			continue
		}
		if e.Line != c.line || e.Column != c.column || !strings.Contains(e.Reason, c.reason) || e.TooDeep {
			t.Errorf("%q: %+v, want line %d column %d, a reason with %q", c.in, *e, c.line, c.column, c.reason)
		}
		if want := "invalid JSON at line " + strconv.Itoa(c.line) + ", column " + strconv.Itoa(c.column) + ": "; !strings.HasPrefix(e.Error(), want) {
			t.Errorf("%q: Error() = %q", c.in, e.Error())
		}
	}
}

func TestJSONReadSyntaxReasonHoldsNoInput(t *testing.T) {
	for _, in := range []string{`{"secret" x}`, `"secret`, `[secret]`, `"\secret"`, `{"a":1} secret`} {
		e := jrtRead(in, 64).Syntax()
		if e == nil || strings.Contains(e.Error(), "secret") {
			t.Errorf("%q: %v", in, e)
		}
	}
}

func TestJSONReadDepth(t *testing.T) {
	cases := []struct {
		in      string
		depth   int
		tooDeep bool
	}{
		{`1`, 0, false},
		{`[]`, 0, true},
		{`{}`, 0, true},
		{`[]`, 1, false},
		{`[[]]`, 1, true},
		{`[[[1]]]`, 3, false},
		{`[[[[1]]]]`, 3, true},
		{`{"a":{"b":{"c":1}}}`, 3, false},
		{`{"a":{"b":{"c":{}}}}`, 3, true},
		{`[{"a":[{}]}]`, 4, false},
		{`[{"a":[{}]}]`, 3, true},
		{`[[],[],[[]]]`, 3, false},
		{`[[],[],[[]]]`, 2, true},
	}
	for _, c := range cases {
		e := jrtRead(c.in, c.depth).Syntax()
		if c.tooDeep != (e != nil && e.TooDeep) || (!c.tooDeep && e != nil) {
			t.Errorf("%s at depth %d: %v", c.in, c.depth, e)
		}
		r := NewReader([]byte(c.in), c.depth)
		r.Any()
		r.End()
		if got := r.Syntax(); (got != nil) != (e != nil) {
			t.Errorf("%s at depth %d: Any gives %v, Skip %v", c.in, c.depth, got, e)
		}
	}
	deep := strings.Repeat("[", 100000) + strings.Repeat("]", 100000)
	e := jrtRead(deep, 256).Syntax()
	if e == nil || !e.TooDeep || e.Column != 257 {
		t.Errorf("100000 nested arrays: %v", e)
	}
	// Depth through the typed methods, as a generated decoder nests.
	r := NewReader([]byte(`{"a":[{"b":1}]}`), 2)
	if r.BeginObject() && r.NextKey() && r.BeginArray() && r.NextItem() && r.BeginObject() {
		t.Error("a third level opened at maxDepth 2")
	}
	if e := r.Syntax(); e == nil || !e.TooDeep || e.Column != 7 {
		t.Errorf("typed nesting: %v", e)
	}
}

func TestJSONReadAfterSyntaxError(t *testing.T) {
	r := NewReader([]byte(`[1, x, "a", true, {"k": 2}]`), 64)
	if !r.BeginArray() || !r.NextItem() || r.Int64() != 1 || !r.NextItem() {
		t.Fatal("reading up to the error")
	}
	r.Problem("before", "string")
	r.Int64()
	first := r.Syntax()
	if first == nil || first.Column != 5 {
		t.Fatalf("syntax error: %v", first)
	}
	r.Enter("x")
	r.EnterIndex(3)
	r.EnterKey()
	r.Problem("after", "string")
	if r.NextItem() || r.NextKey() || r.BeginArray() || r.BeginObject() || r.IsNull() || r.Bool() ||
		r.String() != "" || r.Int32() != 0 || r.Int64() != 0 || r.Float64() != 0 || r.Any() != nil ||
		r.Key() != nil || r.Place() != "" || r.Peek() != 0 {
		t.Error("a method did not return its zero value after a syntax error")
	}
	r.Null()
	r.Skip()
	r.Leave()
	r.End()
	if r.Syntax() != first {
		t.Errorf("the first syntax error was replaced: %v", r.Syntax())
	}
	if got := r.Problems(); len(got) != 1 || got[0].Place != "before" {
		t.Errorf("problems: %v", got)
	}
}

func TestJSONReadTruncated(t *testing.T) {
	// No proper prefix of this document is JSON: every one is a syntax error, whichever way read.
	doc := `{"queries": [{"refID": "A\u00e9", "maxLines": -12, "tags": ["x"], "labels": {"k": "v"},` +
		` "extra": [1.5e-3, true, false, null, {}]}, {"refID": "B"}], "from": -7}`
	for n := 0; n < len(doc); n++ {
		prefix := []byte(doc[:n])
		r := NewReader(prefix, 64)
		var v jrtBody
		jrtDecodeBody(r, &v)
		r.End()
		if r.Syntax() == nil {
			t.Errorf("decoding %q: accepted", prefix)
		}
		if e := jrtRead(string(prefix), 64).Syntax(); e == nil || *e != *r.Syntax() {
			t.Errorf("skipping %q: %v, decoding: %v", prefix, e, r.Syntax())
		}
		r = NewReader(prefix, 64)
		r.Any()
		if r.End(); r.Syntax() == nil {
			t.Errorf("Any on %q: accepted", prefix)
		}
	}
	for _, lit := range []string{`-`, `1.`, `-x`, `1e+`} {
		r := NewReader([]byte(lit), 64)
		r.Int64()
		r2 := NewReader([]byte(lit), 64)
		r2.Float64()
		if r.Syntax() == nil || r2.Syntax() == nil || len(r.Problems())+len(r2.Problems()) != 0 {
			t.Errorf("%s: %v %v", lit, r.Syntax(), r2.Syntax())
		}
	}
}

func TestJSONReadEndReadsTheUnreadValue(t *testing.T) {
	for doc, ok := range map[string]bool{`{"a":[1]}`: true, ` 1 `: true, `[1,]`: false, ``: false, `{"a":1,"a":2}`: false} {
		r := NewReader([]byte(doc), 64)
		r.End()
		if (r.Syntax() == nil) != ok {
			t.Errorf("%q: %v", doc, r.Syntax())
		}
	}
	for _, doc := range []string{`{"a":1,"b":[1,}`, `{"a":{"b":[1,2],"c":x}}`, `[[1],[2,`} {
		r := NewReader([]byte(doc), 64)
		if doc[0] == '{' {
			r.BeginObject()
			r.NextKey()
		} else {
			r.BeginArray()
		}
		r.End()
		if r.Syntax() == nil || *r.Syntax() != *jrtRead(doc, 64).Syntax() {
			t.Errorf("%s: %v", doc, r.Syntax())
		}
	}
	r := NewReader([]byte(`{"a":1,"a":2}`), 64)
	r.End()
	if e := r.Syntax(); e == nil || e.Reason != "a key twice in one object" {
		t.Errorf("a key twice in an unread body: %v", e)
	}
}

// jrtNesting is the deepest nesting of arrays and objects in a valid document.
func jrtNesting(data []byte) int {
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && (c == '[' || c == '{'):
			depth++
			deepest = max(deepest, depth)
		case !inString && (c == ']' || c == '}'):
			depth--
		}
	}
	return deepest
}

func FuzzReader(f *testing.F) {
	for _, seed := range []string{
		`{"a":[1,2.5e3,-0,"x\u00e9\ud800",true,false,null],"b":{"c":{}}}`, `[]`, `""`, `1e400`, `[1,]`,
		`{"a":1,"a":2}`, "\"\xff\"", `"\ud83d\ude00"`, ` [ [ [ ] ] ] `, `01`, `-`, `{"a" 1}`, `NaN`,
	} {
		f.Add([]byte(seed))
	}
	const maxDepth = 32
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(data, maxDepth)
		got := r.Any()
		r.End()
		valid := json.Valid(data)
		skipped := jrtRead(string(data), maxDepth).Syntax()
		if (skipped == nil) != (r.Syntax() == nil) || (skipped != nil && *skipped != *r.Syntax()) {
			t.Fatalf("%q: Skip finds %v, Any %v", data, skipped, r.Syntax())
		}
		// A decoder that stops after the first member leaves the rest to End, with the same result.
		abandoned := NewReader(data, maxDepth)
		switch abandoned.Peek() {
		case '{':
			abandoned.BeginObject()
			abandoned.NextKey()
		case '[':
			abandoned.BeginArray()
			abandoned.NextItem()
		}
		abandoned.End()
		if e := abandoned.Syntax(); (e == nil) != (skipped == nil) || (e != nil && *e != *skipped) {
			t.Fatalf("%q: abandoning finds %v, Skip %v", data, e, skipped)
		}
		if r.Syntax() == nil {
			if !valid {
				t.Fatalf("accepted, encoding/json refuses: %q", data)
			}
			var want any
			d := json.NewDecoder(bytes.NewReader(data))
			d.UseNumber()
			if err := d.Decode(&want); err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: read %#v, encoding/json %#v (%v)", data, got, want, err)
			}
			out, err := AppendAny(nil, got)
			if err != nil || !json.Valid(out) {
				t.Fatalf("%q: written back as %q (%v)", data, out, err)
			}
			return
		}
		loneSurrogate := r.Syntax().Reason == "lone surrogate in string" // encoding/json takes it as U+FFFD
		twice := r.Syntax().Reason == "a key twice in one object"        // encoding/json keeps the last
		if valid && utf8.Valid(data) && !loneSurrogate && !twice && !(r.Syntax().TooDeep && jrtNesting(data) > maxDepth) {
			t.Fatalf("refused %q (%v), encoding/json accepts it", data, r.Syntax())
		}
	})
}
