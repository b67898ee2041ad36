// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/jsonio/jsonnumber.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package jsonio

// This file reads JSON numbers for the Reader of jsonread.go. An integer is judged by its literal,
// never through a float64 (which would take 9007199254740993 for 9007199254740992): a literal
// with a fraction or an exponent is an integer when its value is a whole number (79.0, 1e2,
// -0.0), as JSON Schema's "integer" means, and the judgement is exact decimal arithmetic on its
// digits, so 1e400 is out of range and 1e-400 is not whole at once, without building the number.

import (
	"math"
	"strconv"
)

// jrExponentCap: an exponent's value saturates here. Exact for any exponent a body can hold
// beside digits of its own (a body shorter than 10^15 bytes).
const jrExponentCap = 1_000_000_000_000_000

// How a literal stands as an integer.
const (
	jrWhole    = iota // a whole number of at most 19 digits
	jrFraction        // not a whole number
	jrTooLarge        // a whole number of more than 19 digits
)

func jrIsDigit(c byte) bool { return '0' <= c && c <= '9' }

// jrDigitsEnd returns the end of the run of digits starting at s[i:].
func jrDigitsEnd[T string | []byte](s T, i int) int {
	for i < len(s) && jrIsDigit(s[i]) {
		i++
	}
	return i
}

// jrScanNumber checks the RFC 8259 number literal starting at s[i:]: it returns the literal's
// end and true, or false and where the broken part starts, as Python's json module places it
// (the literal for "-", the '.' of "1.", the 'e' of "1e+"). What follows a valid literal is the
// caller's to judge.
func jrScanNumber[T string | []byte](s T, i int) (int, bool) {
	start := i
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++ // no leading zeros: a digit after this one ends the literal
	case i < len(s) && jrIsDigit(s[i]):
		i = jrDigitsEnd(s, i+1)
	default:
		return start, false
	}
	if i < len(s) && s[i] == '.' {
		if i+1 >= len(s) || !jrIsDigit(s[i+1]) {
			return i, false
		}
		i = jrDigitsEnd(s, i+1)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		e := i + 1
		if e < len(s) && (s[e] == '+' || s[e] == '-') {
			e++
		}
		if e >= len(s) || !jrIsDigit(s[e]) {
			return i, false
		}
		i = jrDigitsEnd(s, e)
	}
	return i, true
}

// scanNumber moves past the number literal at r.pos and returns it.
func (r *Reader) scanNumber() ([]byte, bool) {
	end, ok := jrScanNumber(r.data, r.pos)
	if !ok {
		r.failAt(end, "invalid number")
		return nil, false
	}
	lit := r.data[r.pos:end]
	r.pos = end
	return lit, true
}

// Int64 reads an integer: a number whose value is whole (else an "integer" problem, as for any
// other value; "null" for null) and within int64 (else a "range" problem). It returns 0 after a
// problem.
func (r *Reader) Int64() int64 { return r.integer(math.MinInt64, math.MaxInt64) }

// Int32 reads an integer as Int64 does, within int32.
func (r *Reader) Int32() int32 { return int32(r.integer(math.MinInt32, math.MaxInt32)) }

func (r *Reader) integer(least, most int64) int64 {
	c, ok := r.startValue()
	if !ok {
		return 0
	}
	if c != '-' && !jrIsDigit(c) {
		r.mismatch(c, "integer")
		return 0
	}
	lit, ok := r.scanNumber()
	if !ok {
		return 0
	}
	magnitude, negative, how := jrWholeNumber(lit)
	if how == jrFraction {
		r.problemHere("integer")
		return 0
	}
	if how == jrTooLarge {
		r.problemHere("range")
		return 0
	}
	v, ok := jrWithin(magnitude, negative, least, most)
	if !ok {
		r.problemHere("range")
	}
	return v
}

// jrWithin returns the integer of that magnitude and sign if it lies in [least, most].
func jrWithin(magnitude uint64, negative bool, least, most int64) (int64, bool) {
	if negative {
		if magnitude > uint64(-(least+1))+1 {
			return 0, false
		}
		return int64(-magnitude), true // wraps to least itself at the bound
	}
	if magnitude > uint64(most) {
		return 0, false
	}
	return int64(magnitude), true
}

// Float64 reads a number; anything else is a "number" problem ("null" for null), and a number
// beyond float64 (1e400) a "range" problem. Too small a number reads as 0 or a subnormal.
func (r *Reader) Float64() float64 {
	c, ok := r.startValue()
	if !ok {
		return 0
	}
	if c != '-' && !jrIsDigit(c) {
		r.mismatch(c, "number")
		return 0
	}
	lit, ok := r.scanNumber()
	if !ok {
		return 0
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil {
		r.problemHere("range")
		return 0
	}
	return f
}

// jrWholeNumber judges a valid literal as an integer: its magnitude (when jrWhole) and sign.
func jrWholeNumber(lit []byte) (magnitude uint64, negative bool, how int) {
	i := 0
	if lit[0] == '-' {
		negative, i = true, 1
	}
	intEnd := jrDigitsEnd(lit, i)
	if intEnd == len(lit) {
		magnitude, how = jrPlainInteger(lit[i:])
		return magnitude, negative, how
	}
	fracStart, fracEnd := intEnd, intEnd
	if lit[intEnd] == '.' {
		fracStart = intEnd + 1
		fracEnd = jrDigitsEnd(lit, fracStart)
	}
	exponent := int64(0)
	if fracEnd < len(lit) { // e or E, a sign maybe, digits
		e := fracEnd + 1
		minus := lit[e] == '-'
		if lit[e] == '+' || minus {
			e++
		}
		for ; e < len(lit); e++ {
			if exponent < jrExponentCap {
				exponent = exponent*10 + int64(lit[e]-'0')
			}
		}
		if minus {
			exponent = -exponent
		}
	}
	magnitude, how = jrScaledInteger(jrDigitPair{lit[i:intEnd], lit[fracStart:fracEnd]}, exponent)
	return magnitude, negative, how
}

// jrPlainInteger judges digits without fraction or exponent (no leading zero, by the grammar).
func jrPlainInteger(digits []byte) (uint64, int) {
	if len(digits) > 19 {
		return 0, jrTooLarge
	}
	var v uint64
	for _, c := range digits {
		v = v*10 + uint64(c-'0') // at most 19 digits: below 10^19, within uint64
	}
	return v, jrWhole
}

// jrDigitPair is the digits of a literal's integer part followed by those of its fraction, read
// as one run of digits.
type jrDigitPair struct{ whole, fraction []byte }

func (p jrDigitPair) len() int { return len(p.whole) + len(p.fraction) }

func (p jrDigitPair) at(k int) byte {
	if k < len(p.whole) {
		return p.whole[k]
	}
	return p.fraction[k-len(p.whole)]
}

// jrScaledInteger judges digits × 10^(exponent − len(fraction)): trailing zeros of the digits
// move into the exponent, after which a negative exponent means a fraction and more than 19
// significant places a number too large for any int64.
func jrScaledInteger(digits jrDigitPair, exponent int64) (uint64, int) {
	n := digits.len()
	first := 0
	for first < n && digits.at(first) == '0' {
		first++
	}
	if first == n {
		return 0, jrWhole // zero, whatever its exponent
	}
	last := n - 1
	for digits.at(last) == '0' {
		last--
	}
	scale := exponent - int64(len(digits.fraction)) + int64(n-1-last)
	if scale < 0 {
		return 0, jrFraction
	}
	if int64(last-first+1)+scale > 19 {
		return 0, jrTooLarge
	}
	var v uint64
	for k := first; k <= last; k++ {
		v = v*10 + uint64(digits.at(k)-'0')
	}
	for ; scale > 0; scale-- {
		v *= 10
	}
	return v, jrWhole
}
