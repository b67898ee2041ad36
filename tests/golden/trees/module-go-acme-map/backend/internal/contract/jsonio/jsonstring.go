// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/jsonio/jsonstring.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package jsonio

// This file reads JSON strings for the Reader of jsonread.go: one pass checks a string (escapes,
// lone surrogate escapes, control characters, UTF-8) and finds its end; only a string holding escapes is copied and
// unescaped, so a plain string costs one scan and the one allocation of its Go string.

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// jrPlainInString[b] is true for the bytes that stand for themselves in a JSON string and need
// no check: printable ASCII other than '"' and '\\'.
var jrPlainInString = func() (t [256]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		t[b] = b != '"' && b != '\\'
	}
	return t
}()

// String reads a string value; anything else is a "string" problem ("null" for null) and "".
func (r *Reader) String() string {
	c, ok := r.startValue()
	if !ok {
		return ""
	}
	if c != '"' {
		r.mismatch(c, "string")
		return ""
	}
	return r.stringValue()
}

// stringValue reads the string starting at r.pos.
func (r *Reader) stringValue() string {
	start, end, escaped, ok := r.scanString()
	if !ok {
		return ""
	}
	if !escaped {
		return string(r.data[start:end])
	}
	r.scratch = jrUnescape(r.scratch[:0], r.data[start:end])
	return string(r.scratch)
}

// scanString moves past the string whose opening quote is at r.pos, checking it, and returns
// where its content lies in r.data and whether it holds escapes.
func (r *Reader) scanString() (start, end int, escaped, ok bool) {
	d := r.data
	open := r.pos
	i := open + 1
	for {
		for i < len(d) && jrPlainInString[d[i]] {
			i++
		}
		if i >= len(d) {
			r.fail(open, "unterminated string")
			return 0, 0, false, false
		}
		switch c := d[i]; {
		case c == '"':
			r.pos = i + 1
			return open + 1, i, escaped, true
		case c == '\\':
			n := jrEscapeLength(d[i:])
			if n == 0 {
				switch {
				case i+1 >= len(d):
					r.fail(open, "unterminated string")
				case d[i+1] == 'u':
					r.fail(i+1, "invalid \\u escape in string") // where Python's json points
				default:
					r.fail(i, "invalid escape in string")
				}
				return 0, 0, false, false
			}
			if n == 6 && utf16.IsSurrogate(jrHex4(d[i+2:i+6])) {
				if n = jrSurrogatePairLength(d[i:]); n == 0 {
					r.fail(i, "lone surrogate in string") // no text: Python and TypeScript refuse it too
					return 0, 0, false, false
				}
			}
			escaped = true
			i += n
		case c < 0x20:
			r.fail(i, "control character in string")
			return 0, 0, false, false
		default:
			rn, size := utf8.DecodeRune(d[i:])
			if rn == utf8.RuneError && size == 1 {
				r.fail(i, "invalid UTF-8")
				return 0, 0, false, false
			}
			i += size
		}
	}
}

// jrSurrogatePairLength returns 12 when s starts with the \u escapes of a valid surrogate pair
// (a first, D800-DBFF, then a second, DC00-DFFF), else 0: a lone surrogate is no character.
func jrSurrogatePairLength(s []byte) int {
	first := jrHex4(s[2:6])
	if first >= 0xDC00 || len(s) < 12 || s[6] != '\\' || s[7] != 'u' {
		return 0
	}
	if second := jrHex4(s[8:12]); 0xDC00 <= second && second <= 0xDFFF {
		return 12
	}
	return 0
}

// jrEscapeLength returns the length of the valid escape sequence that s starts with (s[0] is a
// backslash), or 0 when it is not one.
func jrEscapeLength(s []byte) int {
	if len(s) < 2 {
		return 0
	}
	switch s[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if len(s) >= 6 && jrHex4(s[2:6]) >= 0 {
			return 6
		}
	}
	return 0
}

// jrHex4 returns the value of four hexadecimal digits, or -1.
func jrHex4(s []byte) rune {
	var v rune
	for _, c := range s[:4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		v = v<<4 | rune(c)
	}
	return v
}

// jrUnescape appends the unescaped content of a string checked by scanString to dst. scanString
// refuses a lone surrogate escape, so every surrogate here is half of a valid pair (a lone one
// would become U+FFFD, as encoding/json makes it).
func jrUnescape(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			j := bytes.IndexByte(s[i:], '\\')
			if j < 0 {
				return append(dst, s[i:]...)
			}
			dst = append(dst, s[i:i+j]...)
			i += j
			continue
		}
		c := s[i+1]
		if c != 'u' {
			dst = append(dst, jrEscaped(c))
			i += 2
			continue
		}
		rn := jrHex4(s[i+2 : i+6])
		i += 6
		if utf16.IsSurrogate(rn) {
			rn, i = jrSurrogatePair(rn, s, i)
		}
		dst = utf8.AppendRune(dst, rn)
	}
	return dst
}

// jrEscaped returns the byte a two-character escape stands for.
func jrEscaped(c byte) byte {
	switch c {
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	}
	return c // '"', '\\' and '/'
}

// jrSurrogatePair completes the surrogate first, whose escape ends at s[i:]: with the \u escape
// of a second surrogate that follows, it is one character; otherwise it is U+FFFD and what
// follows is read on its own.
func jrSurrogatePair(first rune, s []byte, i int) (rune, int) {
	if first < 0xDC00 && i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
		second := jrHex4(s[i+2 : i+6])
		if 0xDC00 <= second && second <= 0xDFFF {
			return utf16.DecodeRune(first, second), i + 6
		}
	}
	return utf8.RuneError, i
}
