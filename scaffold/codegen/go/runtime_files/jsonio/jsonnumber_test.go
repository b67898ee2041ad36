package jsonio

// Tests of the reader's numbers (jsonnumber.go): integers judged by their literal, checked against
// an exact math/big oracle, int32 and int64 bounds, floats and their range.

import (
	"math"
	"math/big"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// jrtInteger reads doc with Int64 and Int32 and returns both values and problem kinds ("" none).
func jrtInteger(t *testing.T, doc string) (v64 int64, kind64 string, v32 int32, kind32 string) {
	t.Helper()
	kinds := make([]string, 2)
	for i := range kinds {
		r := NewReader([]byte(doc), 8)
		if i == 0 {
			v64 = r.Int64()
		} else {
			v32 = r.Int32()
		}
		r.End()
		if r.Syntax() != nil {
			t.Fatalf("%s: %v", doc, r.Syntax())
		}
		if p := r.Problems(); len(p) > 0 {
			kinds[i] = p[0].Kind
		}
	}
	return v64, kinds[0], v32, kinds[1]
}

func TestJSONReadIntegers(t *testing.T) {
	cases := []struct {
		doc            string
		v64            int64
		kind64, kind32 string
	}{
		{`0`, 0, "", ""},
		{`-0`, 0, "", ""},
		{`7`, 7, "", ""},
		{`-42`, -42, "", ""},
		{`2147483647`, math.MaxInt32, "", ""},
		{`-2147483648`, math.MinInt32, "", ""},
		{`2147483648`, 2147483648, "", "range"},
		{`-2147483649`, -2147483649, "", "range"},
		{`9223372036854775807`, math.MaxInt64, "", "range"},
		{`-9223372036854775808`, math.MinInt64, "", "range"},
		{`9223372036854775808`, 0, "range", "range"},
		{`-9223372036854775809`, 0, "range", "range"},
		{`18446744073709551616`, 0, "range", "range"},
		{`99999999999999999999`, 0, "range", "range"},
		{`123456789012345678901234567890`, 0, "range", "range"},
		{`9007199254740993`, 9007199254740993, "", "range"},
		{`79.0`, 79, "", ""},
		{`79.000000000000000000000000000000`, 79, "", ""},
		{`-0.0`, 0, "", ""},
		{`0.0e-7`, 0, "", ""},
		{`0e999999999999999999999`, 0, "", ""},
		{`1e2`, 100, "", ""},
		{`1E+2`, 100, "", ""},
		{`1.5e1`, 15, "", ""},
		{`-1.5e1`, -15, "", ""},
		{`12.34e2`, 1234, "", ""},
		{`1200e-2`, 12, "", ""},
		{`0.000001e6`, 1, "", ""},
		{`1.5`, 0, "integer", "integer"},
		{`-0.5`, 0, "integer", "integer"},
		{`1e-1`, 0, "integer", "integer"},
		{`1.25e1`, 0, "integer", "integer"},
		{`1201e-2`, 0, "integer", "integer"},
		{`1e-400`, 0, "integer", "integer"},
		{`1e400`, 0, "range", "range"},
		{`-1e400`, 0, "range", "range"},
		{`1e999999999999999999999999999`, 0, "range", "range"},
		{`1e-999999999999999999999999999`, 0, "integer", "integer"},
		{`9.223372036854775807e18`, math.MaxInt64, "", "range"},
		{`9.223372036854775808e18`, 0, "range", "range"},
		{`-9.223372036854775808e18`, math.MinInt64, "", "range"},
		{`-92233720368547758.08e2`, math.MinInt64, "", "range"},
		{`2.147483647e9`, math.MaxInt32, "", ""},
		{`2.147483648e9`, 2147483648, "", "range"},
		{`1e18`, 1e18, "", "range"},
		{`1e19`, 0, "range", "range"},
		{`0.1e20`, 0, "range", "range"},
		{`100000000000000000000e-2`, 1e18, "", "range"},
		{`1` + strings.Repeat("0", 500) + `e-500`, 1, "", ""},
		{`0.` + strings.Repeat("0", 500) + `1e501`, 1, "", ""},
		{`0.` + strings.Repeat("0", 500) + `1e500`, 0, "integer", "integer"},
	}
	for _, c := range cases {
		v64, kind64, v32, kind32 := jrtInteger(t, c.doc)
		want32 := int32(c.v64)
		if c.kind32 != "" {
			want32 = 0
		}
		if kind64 != c.kind64 || kind32 != c.kind32 || v64 != c.v64 && c.kind64 == "" || v32 != want32 {
			t.Errorf("%.40s: int64 %d %q, int32 %d %q; want %d %q, %q", c.doc, v64, kind64, v32, kind32, c.v64, c.kind64, c.kind32)
		}
		if c.kind64 != "" && v64 != 0 {
			t.Errorf("%.40s: %d after a problem", c.doc, v64)
		}
	}
}

func TestJSONReadIntegerPlace(t *testing.T) {
	r := NewReader([]byte(`{"a":[1, 2.5, 1e30, "3"]}`), 8)
	r.BeginObject()
	for r.NextKey() {
		r.Enter("a")
		r.BeginArray()
		for i := 0; r.NextItem(); i++ {
			r.EnterIndex(i)
			r.Int32()
			r.Leave()
		}
		r.Leave()
	}
	r.End()
	want := []Problem{{"a.1", "integer"}, {"a.2", "range"}, {"a.3", "integer"}}
	if got := r.Problems(); len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("%v", got)
	}
}

func TestJSONReadFloats(t *testing.T) {
	cases := []struct {
		doc  string
		want float64
		kind string
	}{
		{`0`, 0, ""},
		{`-0.0`, math.Copysign(0, -1), ""},
		{`1.5`, 1.5, ""},
		{`-2.5e-3`, -2.5e-3, ""},
		{`1E2`, 100, ""},
		{`9007199254740993`, 9007199254740992, ""},
		{`1.7976931348623157e308`, math.MaxFloat64, ""},
		{`5e-324`, 5e-324, ""},
		{`1e-400`, 0, ""},
		{`1e400`, 0, "range"},
		{`-1e400`, 0, "range"},
		{`"1.5"`, 0, "number"},
		{`true`, 0, "number"},
		{`null`, 0, "null"},
		{`[1]`, 0, "number"},
	}
	for _, c := range cases {
		r := NewReader([]byte(c.doc), 8)
		got := r.Float64()
		r.End()
		kind := ""
		if p := r.Problems(); len(p) > 0 {
			kind = p[0].Kind
		}
		if r.Syntax() != nil || kind != c.kind || math.Float64bits(got) != math.Float64bits(c.want) {
			t.Errorf("%s: %v %q %v, want %v %q", c.doc, got, kind, r.Syntax(), c.want, c.kind)
		}
	}
}

// jrtOracle judges a number literal as an integer with math/big: its value and "" when it is a
// whole number within int64, else "integer" or "range". ok is false for an exponent too large to
// build the number (the oracle would take too long).
func jrtOracle(lit string) (v int64, kind string, ok bool) {
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		e, err := strconv.Atoi(lit[i+1:])
		if err != nil || e > 2000 || e < -2000 {
			return 0, "", false
		}
	}
	x, ok := new(big.Rat).SetString(lit)
	if !ok {
		return 0, "", false
	}
	if !x.IsInt() {
		return 0, "integer", true
	}
	if !x.Num().IsInt64() {
		return 0, "range", true
	}
	return x.Num().Int64(), "", true
}

// jrtRandomNumber builds a random number literal near the int64 bounds and integer boundaries.
func jrtRandomNumber(rng *rand.Rand) string {
	var b strings.Builder
	if rng.Intn(2) == 0 {
		b.WriteByte('-')
	}
	whole := strconv.FormatUint(rng.Uint64()>>uint(rng.Intn(64)), 10)
	b.WriteString(whole)
	if rng.Intn(2) == 0 {
		b.WriteByte('.')
		b.WriteString(strconv.FormatUint(rng.Uint64()>>uint(rng.Intn(64)), 10))
		b.WriteString(strings.Repeat("0", rng.Intn(3)))
	}
	if rng.Intn(2) == 0 {
		b.WriteString([]string{"e", "E", "e+", "e-"}[rng.Intn(4)])
		b.WriteString(strconv.Itoa(rng.Intn(25)))
	}
	return b.String()
}

func TestJSONReadIntegersAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		lit := jrtRandomNumber(rng)
		jrtCheckInteger(t, lit)
	}
}

func jrtCheckInteger(t *testing.T, lit string) {
	t.Helper()
	want, wantKind, ok := jrtOracle(lit)
	if !ok {
		return
	}
	got, kind, _, _ := jrtInteger(t, lit)
	if kind != wantKind || got != want {
		t.Fatalf("%s: %d %q, math/big says %d %q", lit, got, kind, want, wantKind)
	}
}

func FuzzReaderIntegers(f *testing.F) {
	for _, seed := range []string{`0`, `-9223372036854775808`, `9223372036854775807`, `1.5e1`, `1e-1`, `79.0`, `1200e-2`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		if end, ok := jrScanNumber(lit, 0); !ok || end != len(lit) {
			return
		}
		jrtCheckInteger(t, lit)
	})
}

func BenchmarkReaderIntegers(b *testing.B) {
	data := []byte(`[1, -42, 9223372036854775807, 79.0, 1.5e1, 1e-1, 123456]`)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r := NewReader(data, 8)
		r.BeginArray()
		for r.NextItem() {
			r.Int64()
		}
		r.End()
	}
}
