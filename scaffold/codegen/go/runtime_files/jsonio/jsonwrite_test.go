package jsonio

// Tests of the JSON writers (jsonwrite.go): strings escaped as specified, numbers written as
// JavaScript writes them, AppendAny's output accepted by encoding/json and read back the same.

import (
	"encoding/json"
	"math"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestJSONWriteString(t *testing.T) {
	cases := map[string]string{
		"":                   `""`,
		"plain":              `"plain"`,
		`q"b\s/`:             `"q\"b\\s/"`,
		"\n\r\t\b\f":         `"\n\r\t\b\f"`,
		"\x00\x01\x1f\x7f":   `"\u0000\u0001\u001f` + "\x7f" + `"`,
		"<a href='x'>&amp;":  `"<a href='x'>&amp;"`,
		"é日本😀":               `"é日本😀"`,
		"a\u2028b\u2029c":    `"a\u2028b\u2029c"`,
		"\u2027\u202a":       "\"\u2027\u202a\"",
		"\xff":               `"\ufffd"`,
		"a\xffb\xc3":         `"a\ufffdb\ufffd"`,
		"\xed\xa0\x80":       `"\ufffd\ufffd\ufffd"`,
		"\ufffd":             "\"\ufffd\"",
		"mixed \x01 é \xfe.": `"mixed \u0001 é \ufffd."`,
	}
	for in, want := range cases {
		got := string(AppendString([]byte("prefix:"), in))
		if got != "prefix:"+want {
			t.Errorf("%q: %s, want %s", in, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(want), &back); err != nil || (utf8.ValidString(in) && back != in) {
			t.Errorf("%q: encoding/json reads %q back (%v)", in, back, err)
		}
	}
}

func TestJSONWriteStringAgainstEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := []rune("ab\"\\/\x00\x1f\n\t é日😀\u2028\u2029<>&\x7f")
	for i := 0; i < 5000; i++ {
		runes := make([]rune, rng.Intn(12))
		for j := range runes {
			runes[j] = alphabet[rng.Intn(len(alphabet))]
		}
		s := string(runes)
		got := AppendString(nil, s)
		var back string
		if err := json.Unmarshal(got, &back); err != nil || back != s {
			t.Fatalf("%q written as %s reads back as %q (%v)", s, got, back, err)
		}
	}
}

func TestJSONWriteFloat(t *testing.T) {
	// What JavaScript's JSON.stringify writes for each.
	cases := []struct {
		f    float64
		want string
	}{
		{0, "0"},
		{math.Copysign(0, -1), "0"},
		{1, "1"},
		{-1, "-1"},
		{3, "3"},
		{79, "79"},
		{1.5, "1.5"},
		{-2.25, "-2.25"},
		{0.1, "0.1"},
		{0.30000000000000004, "0.30000000000000004"},
		{1.0 / 3, "0.3333333333333333"},
		{100, "100"},
		{123456789, "123456789"},
		{9007199254740992, "9007199254740992"},
		{1e20, "100000000000000000000"},
		{1.5e20, "150000000000000000000"},
		{1e21, "1e+21"},
		{1.5e21, "1.5e+21"},
		{-1e21, "-1e+21"},
		{1e100, "1e+100"},
		{math.MaxFloat64, "1.7976931348623157e+308"},
		{1e-6, "0.000001"},
		{1.5e-6, "0.0000015"},
		{1e-7, "1e-7"},
		{-1.5e-7, "-1.5e-7"},
		{123e-20, "1.23e-18"},
		{5e-324, "5e-324"},
		{0.000123, "0.000123"},
		{123.456, "123.456"},
	}
	for _, c := range cases {
		got, err := AppendFloat([]byte("x"), c.f)
		if err != nil || string(got) != "x"+c.want {
			t.Errorf("%v: %s %v, want %s", c.f, got, err, c.want)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if got, err := AppendFloat([]byte("x"), f); err == nil || string(got) != "x" {
			t.Errorf("%v: %s %v", f, got, err)
		}
	}
}

func TestJSONWriteFloatAgainstEncodingJSON(t *testing.T) {
	// encoding/json writes floats as ECMAScript does, but for negative zero.
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 20000; i++ {
		f := math.Float64frombits(rng.Uint64())
		if i%2 == 0 {
			f = rng.NormFloat64() * math.Pow(10, float64(rng.Intn(60)-30))
		}
		if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
			continue
		}
		want, _ := json.Marshal(f)
		got, err := AppendFloat(nil, f)
		if err != nil || string(got) != string(want) {
			t.Fatalf("%v: %s, encoding/json %s", f, got, want)
		}
		var back float64
		if err := json.Unmarshal(got, &back); err != nil || back != f {
			t.Fatalf("%v: reads back as %v", f, back)
		}
	}
}

func TestJSONWriteIntAndBool(t *testing.T) {
	for n, want := range map[int64]string{0: "0", -1: "-1", math.MaxInt64: "9223372036854775807", math.MinInt64: "-9223372036854775808"} {
		if got := string(AppendInt(nil, n)); got != want {
			t.Errorf("%d: %s", n, got)
		}
	}
	if got := string(AppendBool(AppendBool([]byte("["), true), false)); got != "[truefalse" {
		t.Errorf("booleans: %s", got)
	}
}

func TestJSONWriteAny(t *testing.T) {
	cases := []struct {
		v    any
		want string
	}{
		{nil, `null`},
		{true, `true`},
		{"a\"b", `"a\"b"`},
		{json.Number("-1.50e+3"), `-1.50e+3`},
		{json.Number("123456789012345678901234567890"), `123456789012345678901234567890`},
		{1.5, `1.5`},
		{float32(0.1), `0.1`},
		{float32(1e21), `1e+21`},
		{int(-1), `-1`},
		{int8(-128), `-128`},
		{int16(300), `300`},
		{int32(-5), `-5`},
		{int64(math.MinInt64), `-9223372036854775808`},
		{uint(1), `1`},
		{uint8(255), `255`},
		{uint16(65535), `65535`},
		{uint32(7), `7`},
		{uint64(math.MaxUint64), `18446744073709551615`},
		{uintptr(9), `9`},
		{[]any{}, `[]`},
		{[]any(nil), `null`},
		{[]any{1, "a", nil, []any{true}}, `[1,"a",null,[true]]`},
		{map[string]any{}, `{}`},
		{map[string]any(nil), `null`},
		{map[string]any{"b": 1, "a": map[string]any{"z": []any{}, "y": nil}, "": "e", "é": 2, "B": 3}, `{"":"e","B":3,"a":{"y":null,"z":[]},"b":1,"é":2}`},
		{[]string{"x", "\n"}, `["x","\n"]`},
		{[]string(nil), `null`},
		{map[string]string{"k2": "v", "k1": ""}, `{"k1":"","k2":"v"}`},
		{map[string]string(nil), `null`},
	}
	for _, c := range cases {
		got, err := AppendAny([]byte("x"), c.v)
		if err != nil || string(got) != "x"+c.want {
			t.Errorf("%#v: %s %v, want %s", c.v, got, err, c.want)
			continue
		}
		if !json.Valid(got[1:]) {
			t.Errorf("%#v: %s is not JSON", c.v, got)
		}
	}
}

func TestJSONWriteAnyErrors(t *testing.T) {
	cycle := []any{nil}
	cycle[0] = cycle
	cases := []struct {
		v    any
		want string
	}{
		{struct{}{}, "struct {}"},
		{&[]any{}, "*[]interface {}"},
		{[]int{1}, "[]int"},
		{map[string]int{}, "map[string]int"},
		{map[int]any{}, "map[int]interface {}"},
		{complex(1, 2), "complex128"},
		{[]any{1, map[string]any{"a": make(chan int)}}, "chan int"},
		{math.NaN(), "NaN"},
		{map[string]any{"a": math.Inf(-1)}, "-Inf"},
		{float32(math.Inf(1)), "+Inf"},
		{json.Number(""), "json.Number"},
		{json.Number("01"), "json.Number"},
		{json.Number("1.5x"), "json.Number"},
		{json.Number("NaN"), "json.Number"},
		{json.Number(" 1"), "json.Number"},
		{cycle, "cycle"},
	}
	for _, c := range cases {
		got, err := AppendAny([]byte("x"), c.v)
		if err == nil || !strings.Contains(err.Error(), c.want) || string(got) != "x" {
			t.Errorf("%T: %q %v, want an error naming %q", c.v, got, err, c.want)
		}
	}
}

func TestJSONWriteAnyRoundTrips(t *testing.T) {
	values := []any{
		map[string]any{
			"s": "é\u2028\"\n", "n": json.Number("-12.5e-3"), "i": json.Number("9223372036854775807"),
			"list": []any{true, false, nil, "", []any{}, map[string]any{}},
			"deep": map[string]any{"a": []any{map[string]any{"b": []any{json.Number("0")}}}},
		},
		[]any{json.Number("1e400"), json.Number("-0"), "\x00"},
	}
	for _, v := range values {
		out, err := AppendAny(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(out, 64)
		back := r.Any()
		r.End()
		if r.Syntax() != nil || len(r.Problems()) != 0 || !reflect.DeepEqual(back, v) {
			t.Errorf("%s reads back as %#v", out, back)
		}
		var std any
		d := json.NewDecoder(strings.NewReader(string(out)))
		d.UseNumber()
		if err := d.Decode(&std); err != nil || !reflect.DeepEqual(std, v) {
			t.Errorf("%s: encoding/json reads %#v (%v)", out, std, err)
		}
	}
	// Go numbers of every kind come back as the same numbers.
	out, err := AppendAny(nil, []any{int8(-3), uint64(math.MaxUint64), float32(0.1), 0.1, 1e300})
	var back []float64
	if err != nil || json.Unmarshal(out, &back) != nil || back[0] != -3 || back[2] != 0.1 || back[4] != 1e300 {
		t.Errorf("%s: %v %v", out, back, err)
	}
}

func BenchmarkAppendString(b *testing.B) {
	s := strings.Repeat("plain ascii text with \"quotes\" and é, ", 10)
	buf := make([]byte, 0, 1024)
	b.ReportAllocs()
	b.SetBytes(int64(len(s)))
	for i := 0; i < b.N; i++ {
		buf = AppendString(buf[:0], s)
	}
}

func BenchmarkAppendFloat(b *testing.B) {
	buf := make([]byte, 0, 64)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf, _ = AppendFloat(buf[:0], 1234.5678e-3)
	}
}
