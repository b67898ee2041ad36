// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/jsonio/jsonwrite.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package jsonio

// This file holds the append-style JSON writers that the generated encoders call: each appends
// one value to a byte slice and returns it, so an answer is built in one buffer without
// reflection. Output is what JavaScript's JSON.stringify writes for the same value (numbers
// included), with U+2028 and U+2029 escaped so it is safe inside a script too, and objects of
// AppendAny written with sorted keys so that the same value always gives the same bytes.

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"unicode/utf8"
)

// jwMaxDepth bounds the nesting AppendAny follows: deeper is taken for a cycle ([]any holding
// itself), which would otherwise never end.
const jwMaxDepth = 1000

const jwHex = "0123456789abcdef"

// jwPlain[b] is true for the ASCII bytes written as they are inside a string.
var jwPlain = func() (t [utf8.RuneSelf]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		t[b] = b != '"' && b != '\\'
	}
	return t
}()

// AppendString appends s as a JSON string. '"', '\\' and control characters are escaped (\n \r
// \t \b \f, else \u00XX), and U+2028 and U+2029, which end a line in JavaScript source; each byte
// that is not valid UTF-8 becomes \ufffd; everything else is written as its UTF-8 bytes.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	done := 0 // s[:done] is written
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if jwPlain[c] {
				i++
				continue
			}
			b = jwAppendEscape(append(b, s[done:i]...), c)
			i++
			done = i
			continue
		}
		rn, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case rn == utf8.RuneError && size == 1:
			b = append(append(b, s[done:i]...), `\ufffd`...)
		case rn == '\u2028' || rn == '\u2029':
			b = append(append(b, s[done:i]...), '\\', 'u', '2', '0', '2', jwHex[rn&0xF])
		default:
			i += size
			continue
		}
		i += size
		done = i
	}
	b = append(b, s[done:]...)
	return append(b, '"')
}

// jwAppendEscape appends the escape of ASCII byte c.
func jwAppendEscape(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	}
	return append(b, '\\', 'u', '0', '0', jwHex[c>>4], jwHex[c&0xF])
}

// AppendInt appends n in decimal.
func AppendInt(b []byte, n int64) []byte { return strconv.AppendInt(b, n, 10) }

// AppendBool appends true or false.
func AppendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

// AppendFloat appends f as JavaScript writes a number: the fewest digits that read back as f,
// without a fraction when f is whole (3, not 3.0), and with an exponent from 1e21 up and below
// 1e-6 (1e+21, 1.5e-7). Negative zero is written 0, as JSON.stringify does. NaN and the
// infinities are not JSON: they are an error, and b is returned as it was.
func AppendFloat(b []byte, f float64) ([]byte, error) { return jwAppendFloat(b, f, 64) }

// jwAppendFloat is AppendFloat for a value of bitSize 64 or 32 (a float32's own shortest digits,
// so float32(0.1) is 0.1, not 0.10000000149011612).
func jwAppendFloat(b []byte, f float64, bitSize int) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, fmt.Errorf("contract: %v is not a JSON number", f)
	}
	if f == 0 {
		return append(b, '0'), nil
	}
	if f < 0 {
		b = append(b, '-')
		f = -f
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, bitSize) // d.ddde±dd
	var digitBuf [32]byte
	digits := append(digitBuf[:0], e[0])
	k := 1
	if e[1] == '.' {
		for k = 2; e[k] != 'e'; k++ {
			digits = append(digits, e[k])
		}
	}
	exponent, _ := strconv.Atoi(string(e[k+1:]))
	return jwAppendDecimal(b, digits, exponent+1), nil
}

// jwAppendDecimal appends the number 0.digits × 10^point the way ECMAScript's Number::toString
// does (digits has no trailing zero).
func jwAppendDecimal(b, digits []byte, point int) []byte {
	n := len(digits)
	switch {
	case n <= point && point <= 21: // whole: digits, then zeros
		b = append(b, digits...)
		for ; n < point; n++ {
			b = append(b, '0')
		}
		return b
	case 0 < point && point <= 21: // the point falls among the digits
		b = append(b, digits[:point]...)
		b = append(b, '.')
		return append(b, digits[point:]...)
	case -6 < point && point <= 0: // 0.000ddd
		b = append(b, '0', '.')
		for i := point; i < 0; i++ {
			b = append(b, '0')
		}
		return append(b, digits...)
	}
	b = append(b, digits[0])
	if n > 1 {
		b = append(b, '.')
		b = append(b, digits[1:]...)
	}
	b = append(b, 'e')
	if point-1 >= 0 {
		b = append(b, '+')
	}
	return strconv.AppendInt(b, int64(point-1), 10)
}

// AppendAny appends v, which may be nil, a bool, a string, a json.Number (checked to be a JSON
// number literal), a float64 or float32, any int or uint kind, or a []any, map[string]any,
// []string or map[string]string of these (maps with their keys sorted; a nil slice or map is
// null, as in encoding/json). Anything else is an error naming its Go type; b is then returned
// as it was.
func AppendAny(b []byte, v any) ([]byte, error) {
	out, err := jwAppendAny(b, v, 0)
	if err != nil {
		return b, err
	}
	return out, nil
}

func jwAppendAny(b []byte, v any, depth int) ([]byte, error) {
	if depth > jwMaxDepth {
		return b, errors.New("contract: a value nested more than 1000 deep (a cycle?) cannot be written as JSON")
	}
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return AppendBool(b, v), nil
	case string:
		return AppendString(b, v), nil
	case json.Number:
		if end, ok := jrScanNumber(string(v), 0); !ok || end != len(v) {
			return b, errors.New("contract: a json.Number that is not a JSON number cannot be written")
		}
		return append(b, v...), nil
	case float64:
		return jwAppendFloat(b, v, 64)
	case float32:
		return jwAppendFloat(b, float64(v), 32)
	case []any:
		return jwAppendArray(b, v, depth)
	case map[string]any:
		return jwAppendObject(b, v, depth)
	case []string:
		if v == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, s := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, s)
		}
		return append(b, ']'), nil
	case map[string]string:
		if v == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '{')
		for i, k := range jwSortedKeys(v) {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(AppendString(b, k), ':')
			b = AppendString(b, v[k])
		}
		return append(b, '}'), nil
	}
	if b, ok := jwAppendInteger(b, v); ok {
		return b, nil
	}
	return b, fmt.Errorf("contract: a value of Go type %T cannot be written as JSON", v)
}

// jwAppendInteger appends v if it is of an int or uint kind.
func jwAppendInteger(b []byte, v any) ([]byte, bool) {
	switch v := v.(type) {
	case int:
		return strconv.AppendInt(b, int64(v), 10), true
	case int8:
		return strconv.AppendInt(b, int64(v), 10), true
	case int16:
		return strconv.AppendInt(b, int64(v), 10), true
	case int32:
		return strconv.AppendInt(b, int64(v), 10), true
	case int64:
		return strconv.AppendInt(b, v, 10), true
	case uint:
		return strconv.AppendUint(b, uint64(v), 10), true
	case uint8:
		return strconv.AppendUint(b, uint64(v), 10), true
	case uint16:
		return strconv.AppendUint(b, uint64(v), 10), true
	case uint32:
		return strconv.AppendUint(b, uint64(v), 10), true
	case uint64:
		return strconv.AppendUint(b, v, 10), true
	case uintptr:
		return strconv.AppendUint(b, uint64(v), 10), true
	}
	return b, false
}

func jwAppendArray(b []byte, v []any, depth int) ([]byte, error) {
	if v == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '[')
	for i, item := range v {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = jwAppendAny(b, item, depth+1); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

func jwAppendObject(b []byte, v map[string]any, depth int) ([]byte, error) {
	if v == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '{')
	for i, k := range jwSortedKeys(v) {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(AppendString(b, k), ':')
		var err error
		if b, err = jwAppendAny(b, v[k], depth+1); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

// jwSortedKeys returns the keys of m in byte order.
func jwSortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
