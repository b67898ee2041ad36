package jsonio

// Tests of what the reader finds in JSON documents: values read through decoders written as
// scaffold generates them, problems and their places, keys given twice, unread values, and that
// reading costs no allocation per token.

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// jrtQuery and jrtBody are decoded as generated decoders do (scaffold/codegen/go/codecs.py).
type jrtQuery struct {
	RefID    string
	MaxLines int32
	Hide     bool
	Tags     []string
	Labels   map[string]string
	Extra    any
}

type jrtBody struct {
	Queries []jrtQuery
	From    int64
}

func jrtDecodeBody(r *Reader, v *jrtBody) {
	if !r.BeginObject() {
		return
	}
	for r.NextKey() {
		switch string(r.Key()) {
		case "queries":
			r.Enter("queries")
			if r.BeginArray() {
				v.Queries = []jrtQuery{}
				for i := 0; r.NextItem(); i++ {
					r.EnterIndex(i)
					var q jrtQuery
					jrtDecodeQuery(r, &q)
					v.Queries = append(v.Queries, q)
					r.Leave()
				}
			}
			r.Leave()
		case "from":
			r.Enter("from")
			v.From = r.Int64()
			r.Leave()
		default:
			r.Skip()
		}
	}
}

func jrtDecodeQuery(r *Reader, v *jrtQuery) {
	if !r.BeginObject() {
		return
	}
	var seen uint64
	for r.NextKey() {
		switch string(r.Key()) {
		case "refID":
			r.Enter("refID")
			seen |= 1
			v.RefID = r.String()
			r.Leave()
		case "maxLines":
			r.Enter("maxLines")
			v.MaxLines = r.Int32()
			r.Leave()
		case "hide":
			r.Enter("hide")
			v.Hide = r.Bool()
			r.Leave()
		case "tags":
			r.Enter("tags")
			if r.BeginArray() {
				v.Tags = []string{}
				for i := 0; r.NextItem(); i++ {
					r.EnterIndex(i)
					v.Tags = append(v.Tags, r.String())
					r.Leave()
				}
			}
			r.Leave()
		case "labels":
			r.Enter("labels")
			if r.BeginObject() {
				v.Labels = map[string]string{}
				for r.NextKey() {
					key := string(r.Key())
					r.EnterKey()
					v.Labels[key] = r.String()
					r.Leave()
				}
			}
			r.Leave()
		case "extra":
			r.Enter("extra")
			v.Extra = r.Any()
			r.Leave()
		default:
			r.Skip()
		}
	}
	if seen&1 == 0 {
		r.Enter("refID")
		r.Problem(r.Place(), "missing")
		r.Leave()
	}
}

func TestJSONReadDecoderPlaces(t *testing.T) {
	body := `{"queries": [
		{"refID": 1, "maxLines": "5", "tags": ["a", null, 3], "labels": {"k": 2, "ok": "v"}, "unknown": {"x": [1]}},
		{"refID": "B", "maxLines": 2147483648, "hide": 0, "labels": null, "extra": {"a": [1, "b"]}},
		{"RefID": "C", "tags": {}},
		"q",
		null
	], "from": 1.5}`
	r := NewReader([]byte(body), 64)
	var v jrtBody
	jrtDecodeBody(r, &v)
	r.End()
	if r.Syntax() != nil {
		t.Fatal(r.Syntax())
	}
	want := []Problem{
		{"queries.0.refID", "string"},
		{"queries.0.maxLines", "integer"},
		{"queries.0.tags.1", "null"},
		{"queries.0.tags.2", "string"},
		{"queries.0.labels.*", "string"},
		{"queries.1.maxLines", "range"},
		{"queries.1.hide", "boolean"},
		{"queries.1.labels", "null"},
		{"queries.2.tags", "array"},
		{"queries.2.refID", "missing"},
		{"queries.3", "object"},
		{"queries.4", "null"},
		{"from", "integer"},
	}
	if got := r.Problems(); !reflect.DeepEqual(got, want) {
		t.Errorf("problems:\n got %v\nwant %v", got, want)
	}
	if r.ProblemCount() != len(want) {
		t.Errorf("ProblemCount %d", r.ProblemCount())
	}
	if len(v.Queries) != 5 || v.Queries[1].RefID != "B" || v.Queries[0].Labels["ok"] != "v" ||
		!reflect.DeepEqual(v.Queries[1].Extra, map[string]any{"a": []any{json.Number("1"), "b"}}) {
		t.Errorf("decoded %+v", v)
	}
}

func TestJSONReadTopLevelProblems(t *testing.T) {
	for in, kind := range map[string]string{`null`: "null", `[]`: "object", `"x"`: "object", `1`: "object", `true`: "object"} {
		r := NewReader([]byte(in), 64)
		var v jrtBody
		jrtDecodeBody(r, &v)
		r.End()
		if got := r.Problems(); r.Syntax() != nil || len(got) != 1 || got[0] != (Problem{"", kind}) {
			t.Errorf("%s: %v %v", in, got, r.Syntax())
		}
	}
}

func TestJSONReadDuplicateKeys(t *testing.T) {
	many := func(n int, extra string) string {
		var b strings.Builder
		b.WriteString("{")
		for i := 0; i < n; i++ {
			b.WriteString(`"k` + strconv.Itoa(i) + `":` + strconv.Itoa(i) + ",")
		}
		b.WriteString(extra + "}")
		return b.String()
	}
	cases := []struct {
		in        string
		duplicate bool
	}{
		{`{"a":1,"b":2}`, false},
		{`{"a":1,"a":2}`, true},
		{`{"a":1,"A":2,"a ":3}`, false},
		{`{"a":1,"\u0061":2}`, true},
		{`{"\u00e9":1,"é":2}`, true},
		{`{"a":1,"b":2,"a":3,"a":4}`, true},
		{`{"a":{"x":1},"b":{"x":1}}`, false},
		{`{"a":{"x":1,"x":2}}`, true},
		{`[{"x":1},{"x":1,"y":2,"x":3}]`, true},
		{`{"a":{"b":[1,{"c":0,"c":0}]}}`, true},
		{`{"":1,"":2}`, true},
		{many(16, `"k0":0`), true},
		{many(17, `"k0":0`), true},
		{many(40, `"k39":0`), true},
		{many(1000, `"k500":0,"k999":0,"new":1`), true},
		{many(1000, `"k1000":0`), false},
		{`{"o":` + many(100, `"n":`+many(30, `"k3":1`)) + `}`, true},
		{`[` + many(40, `"k40":0`) + `,` + many(20, `"k20":0`) + `,` + many(200, `"k200":0`) + `]`, false},
		{`[` + many(40, `"k40":0`) + `,` + many(20, `"k20":0`) + `,` + many(200, `"k3":0`) + `]`, true},
	}
	for _, c := range cases {
		for _, how := range []string{"skip", "any"} {
			r := NewReader([]byte(c.in), 64)
			if how == "skip" {
				r.Skip()
			} else {
				r.Any()
			}
			r.End()
			e := r.Syntax()
			if e == nil && c.duplicate || e != nil && (!c.duplicate || e.Reason != "a key twice in one object" || e.Line != 0) {
				t.Errorf("%.80s (%s): %v", c.in, how, e)
			}
			if len(r.Problems()) > 0 {
				t.Errorf("%.80s (%s): %v", c.in, how, r.Problems())
			}
		}
	}
	// Through a decoder: no JSON, answered as such (body.invalidJson, no place told).
	r := NewReader([]byte(`{"queries":[{"refID":"A","refID":"B"}]}`), 64)
	var v jrtBody
	jrtDecodeBody(r, &v)
	r.End()
	if e := r.Syntax(); e == nil || e.Error() != "invalid JSON: a key twice in one object" || len(r.Problems()) > 0 {
		t.Errorf("decoder: %v %v", e, r.Problems())
	}
}

func TestJSONReadKeys(t *testing.T) {
	r := NewReader([]byte(`{"plain":1, "esc\"aped\n":2, "\u00e9\ud83d\ude00":3, "":4, "a\/b":{"in":5}, "after":6}`), 64)
	var keys []string
	if !r.BeginObject() {
		t.Fatal("not an object")
	}
	if r.Key() != nil {
		t.Error("a key before NextKey")
	}
	for r.NextKey() {
		keys = append(keys, string(r.Key()))
		if r.Peek() == '{' {
			r.BeginObject()
			for r.NextKey() {
				keys = append(keys, string(r.Key()))
				r.Skip()
			}
			keys = append(keys, string(r.Key())) // the outer key again once the inner object is closed
			continue
		}
		r.Int64()
	}
	r.End()
	want := []string{"plain", "esc\"aped\n", "é😀", "", "a/b", "in", "a/b", "after"}
	if !reflect.DeepEqual(keys, want) || r.Syntax() != nil {
		t.Errorf("keys %q %v", keys, r.Syntax())
	}
}

func TestJSONReadStrings(t *testing.T) {
	cases := map[string]string{
		`""`:                      "",
		`"plain text"`:            "plain text",
		`"\"\\\/\b\f\n\r\t"`:      "\"\\/\b\f\n\r\t",
		`"\u0000\u001f\u0041"`:    "\x00\x1fA",
		`"\u00E9\u00e9"`:          "éé",
		`"é日本😀"`:                  "é日本😀",
		`"\ud83d\ude00"`:          "😀",
		`"\uD83D\uDE00x"`:         "😀x",
		`"a\u2028b"`:              "a\u2028b",
		"\"\u2028\u2029\ufeff\"":  "\u2028\u2029\ufeff",
		`"long \u0041 mixed \\ "`: "long A mixed \\ ",
	}
	for in, want := range cases {
		r := NewReader([]byte(in), 64)
		got := r.String()
		r.End()
		var std string
		if err := json.Unmarshal([]byte(in), &std); err != nil || std != want {
			t.Errorf("%s: encoding/json reads %q (%v), the test wants %q", in, std, err, want)
		}
		if got != want || r.Syntax() != nil || len(r.Problems()) != 0 {
			t.Errorf("%s: %q %v %v, want %q", in, got, r.Syntax(), r.Problems(), want)
		}
	}
}

func TestJSONReadNoCoercion(t *testing.T) {
	methods := map[string]func(r *Reader) any{
		"String":      func(r *Reader) any { return r.String() },
		"Bool":        func(r *Reader) any { return r.Bool() },
		"Int64":       func(r *Reader) any { return r.Int64() },
		"Int32":       func(r *Reader) any { return r.Int32() },
		"Float64":     func(r *Reader) any { return r.Float64() },
		"BeginObject": func(r *Reader) any { return r.BeginObject() },
		"BeginArray":  func(r *Reader) any { return r.BeginArray() },
	}
	cases := []struct {
		method, doc string
		want        any
		kind        string // the problem, "" for none
	}{
		{"String", `"1"`, "1", ""},
		{"String", `1`, "", "string"},
		{"String", `true`, "", "string"},
		{"String", `null`, "", "null"},
		{"String", `["a"]`, "", "string"},
		{"String", `{"a":"b"}`, "", "string"},
		{"Bool", `true`, true, ""},
		{"Bool", `false`, false, ""},
		{"Bool", `"true"`, false, "boolean"},
		{"Bool", `1`, false, "boolean"},
		{"Bool", `0`, false, "boolean"},
		{"Bool", `null`, false, "null"},
		{"Bool", `[true]`, false, "boolean"},
		{"Int64", `"1"`, int64(0), "integer"},
		{"Int64", `true`, int64(0), "integer"},
		{"Int64", `null`, int64(0), "null"},
		{"Int64", `[1]`, int64(0), "integer"},
		{"Int32", `"1"`, int32(0), "integer"},
		{"Int32", `{}`, int32(0), "integer"},
		{"Float64", `"1.5"`, 0.0, "number"},
		{"Float64", `false`, 0.0, "number"},
		{"Float64", `null`, 0.0, "null"},
		{"Float64", `1`, 1.0, ""},
		{"BeginObject", `[]`, false, "object"},
		{"BeginObject", `"{}"`, false, "object"},
		{"BeginObject", `null`, false, "null"},
		{"BeginObject", `{}`, true, ""},
		{"BeginArray", `{}`, false, "array"},
		{"BeginArray", `"[]"`, false, "array"},
		{"BeginArray", `null`, false, "null"},
		{"BeginArray", `[]`, true, ""},
	}
	for _, c := range cases {
		r := NewReader([]byte(c.doc), 64)
		got := methods[c.method](r)
		r.End()
		var want []Problem
		if c.kind != "" {
			want = []Problem{{"", c.kind}}
		}
		if got != c.want || r.Syntax() != nil || !reflect.DeepEqual(r.Problems(), want) {
			t.Errorf("%s on %s: %#v %v %v, want %#v %v", c.method, c.doc, got, r.Problems(), r.Syntax(), c.want, want)
		}
	}
}

func TestJSONReadNullAndPeek(t *testing.T) {
	r := NewReader([]byte(` [ null , nullx, 1 ]`), 64)
	if r.Peek() != '[' || r.IsNull() || !r.BeginArray() || !r.NextItem() || !r.IsNull() || r.Peek() != 'n' {
		t.Fatal("peeking at null")
	}
	r.Null()
	if !r.NextItem() || !r.IsNull() {
		t.Fatal("second item")
	}
	r.Null()
	if r.NextItem() || r.Syntax() == nil || r.Syntax().Column != 15 {
		t.Errorf("nullx: %v", r.Syntax())
	}
	r = NewReader([]byte(`[1, "a"]`), 64)
	r.BeginArray()
	r.NextItem()
	r.Null() // a generated decoder's mistake: recorded, never silently taken
	r.End()
	if got := r.Problems(); r.Syntax() != nil || len(got) != 1 || got[0].Kind != "invalid" {
		t.Errorf("Null on 1: %v %v", got, r.Syntax())
	}
	if r := NewReader([]byte("  "), 64); r.Peek() != 0 || r.IsNull() {
		t.Error("peek at the end")
	}
}

func TestJSONReadAny(t *testing.T) {
	docs := []string{
		`null`, `true`, `false`, `"s"`, `0`, `-1.50e+3`, `123456789012345678901234567890`,
		`[]`, `{}`, `[1,"a",null,true,{"b":[{}]}]`, `{"a":{"b":{"c":[1,2,3]}},"d":"\u00e9"}`,
	}
	for _, doc := range docs {
		r := NewReader([]byte(doc), 64)
		got := r.Any()
		r.End()
		var want any
		d := json.NewDecoder(strings.NewReader(doc))
		d.UseNumber()
		if err := d.Decode(&want); err != nil {
			t.Fatal(err)
		}
		if r.Syntax() != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %#v, want %#v", doc, got, want)
		}
	}
	if got := NewReader([]byte(`-1.50e+3`), 64).Any(); got != json.Number("-1.50e+3") {
		t.Errorf("the literal is not kept as written: %v", got)
	}
}

func TestJSONReadUnreadValues(t *testing.T) {
	// A decoder that ignores a value or stops early still has the whole body checked by End.
	r := NewReader([]byte(`{"a":[1,2],"b":{"c":3},"d":4}`), 64)
	r.BeginObject()
	r.NextKey()
	r.NextKey() // the value of "a" was never read
	if string(r.Key()) != "b" {
		t.Errorf("key %q", r.Key())
	}
	r.End()
	if r.Syntax() != nil {
		t.Error(r.Syntax())
	}
	for doc, want := range map[string]string{
		`{"a":[1,2],"b":{"c":3}} x`:       "invalid JSON at line 1, column 25: unexpected data after the value",
		`{"a":[1,2],"b":{"c":3,"c":3}} x`: "invalid JSON: a key twice in one object", // found in the unread value first
	} {
		r = NewReader([]byte(doc), 64)
		r.BeginObject()
		r.NextKey()
		r.End()
		if r.Syntax() == nil || r.Syntax().Error() != want || len(r.Problems()) != 0 {
			t.Errorf("%s: %v %v", doc, r.Syntax(), r.Problems())
		}
	}
}

func TestJSONReadProblemCap(t *testing.T) {
	doc := "[" + strings.TrimSuffix(strings.Repeat(`"x",`, 1000), ",") + "]"
	r := NewReader([]byte(doc), 64)
	r.BeginArray()
	for i := 0; r.NextItem(); i++ {
		r.EnterIndex(i)
		r.Int64()
		r.Leave()
	}
	r.Problem("extra", "missing")
	r.End()
	if len(r.Problems()) != jrKeptProblems || r.ProblemCount() != 1001 || r.Problems()[99].Place != "99" {
		t.Errorf("%d kept, %d found", len(r.Problems()), r.ProblemCount())
	}
}

func TestJSONReadAllocationsPerToken(t *testing.T) {
	body := func(n int) []byte {
		var b bytes.Buffer
		b.WriteString("[")
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`{"id":` + strconv.Itoa(i) + `,"ok":true,"w":1.5,"u":"\u00e9","skip":[1,{"x":null}]}`)
		}
		b.WriteString("]")
		return b.Bytes()
	}
	allocs := func(data []byte) float64 {
		return testing.AllocsPerRun(20, func() {
			r := NewReader(data, 64)
			r.BeginArray()
			for r.NextItem() {
				r.BeginObject()
				for r.NextKey() {
					switch string(r.Key()) {
					case "id":
						r.Int64()
					case "ok":
						r.Bool()
					case "w":
						r.Float64()
					default:
						r.Skip()
					}
				}
			}
			r.End()
		})
	}
	if small, large := allocs(body(2)), allocs(body(2000)); large != small {
		t.Errorf("allocations grow with the body: %v for 2 objects, %v for 2000", small, large)
	}
}
