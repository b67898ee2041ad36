// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/jsonio/jsonread.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

// Package jsonio is the strict JSON reader and the writer of a plugin's wire format.
//
// This file is the strict JSON reader that the generated decoders call token by token, without
// reflection: RFC 8259 syntax and nothing more, no coercion between types, integers judged by
// their literal, a key given twice refused as no JSON. A value that is JSON but not what the
// contract wants is a Problem and reading goes on (so one answer can name several); a body that
// is not JSON is a SyntaxError and stops everything. Arrays and objects are in jsoncontainers.go, strings and
// numbers in jsonstring.go and jsonnumber.go, duplicate-key detection in jsonkeys.go.
package jsonio

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// Problem is a place in the body where a value does not match the contract.
type Problem struct {
	// Place is the dotted path of the contract's names and array indices ("dataQuery.0.refID");
	// "" is the body itself, and a map key or any name the contract does not know shows as "*",
	// so that a place never echoes text from the body.
	Place string
	// Kind is one of: missing null string integer number boolean array object range length
	// choice unknown invalid.
	Kind string
}

// SyntaxError says that the body is not JSON. The first one stops reading.
type SyntaxError struct {
	// Line and Column are 1-based; the column counts characters (runes) of the line, as Python's
	// json module does. Both are 0 when no place is told: a key given twice in one object.
	Line, Column int
	Reason       string // short English reason for logs; never holds text of the body
	TooDeep      bool   // arrays and objects nested deeper than the reader's maxDepth
}

func (e *SyntaxError) Error() string {
	if e.Line == 0 {
		return "invalid JSON: " + e.Reason
	}
	return "invalid JSON at line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + ": " + e.Reason
}

// jrKeptProblems bounds the problems a Reader keeps: a 10 MB array of wrong values must not
// become millions of Problem values. ProblemCount still counts every one.
const jrKeptProblems = 100

// Reader reads one JSON document held in memory. It is not safe for concurrent use.
//
// Its String method reads a string value (the generated code's vocabulary), so a Reader handed
// to fmt would be read by it: never print one.
type Reader struct {
	data     []byte
	pos      int
	maxDepth int
	// pending: a value is due (after NewReader, NextKey or NextItem) and has not been started,
	// so NextKey, NextItem and End skip it instead of misreading it as punctuation.
	pending  bool
	syntax   *SyntaxError
	problems []Problem
	found    int
	place    []jrSegment
	frames   []jrFrame // the open arrays and objects, innermost last
	keys     []byte    // the unescaped keys of the open objects, back to back
	spans    []jrSpan  // where each of those keys lies in keys, object after object
	scratch  []byte    // unescaping buffer for string values
}

// jrSegment is one step of a place: a name, or an array index when index >= 0.
type jrSegment struct {
	name  string
	index int
}

// jrFrame is an open array or object.
type jrFrame struct {
	object bool
	count  int   // members begun so far
	spans  int   // index in Reader.spans of this object's first key
	index  []int // hash set of this object's keys once it has many (jsonkeys.go); kept for reuse
}

// NewReader reads one JSON document held in data; maxDepth bounds the nesting of arrays and
// objects (a maxDepth of 0 or less allows no array or object at all). data is not copied and
// must not change while it is read.
func NewReader(data []byte, maxDepth int) *Reader {
	return &Reader{data: data, maxDepth: maxDepth, pending: true}
}

// Problems returns the problems found, in the order found (at most the first 100 of them).
func (r *Reader) Problems() []Problem { return r.problems }

// ProblemCount returns how many problems were found, those not kept by Problems included.
func (r *Reader) ProblemCount() int { return r.found }

// Syntax returns the syntax error that stopped reading, or nil.
func (r *Reader) Syntax() *SyntaxError { return r.syntax }

// Problem records a problem found by the caller (missing, length, choice, ...).
func (r *Reader) Problem(place string, kind string) {
	if r.syntax != nil {
		return
	}
	r.found++
	if len(r.problems) < jrKeptProblems {
		r.problems = append(r.problems, Problem{Place: place, Kind: kind})
	}
}

// problemHere records a problem at the current place, building the place only when it is kept.
func (r *Reader) problemHere(kind string) {
	place := ""
	if len(r.problems) < jrKeptProblems {
		place = r.Place()
	}
	r.Problem(place, kind)
}

// Place returns the current place, as Problem.Place would show it.
func (r *Reader) Place() string {
	if r.syntax != nil || len(r.place) == 0 {
		return ""
	}
	var buf [64]byte
	b := buf[:0]
	for i, s := range r.place {
		if i > 0 {
			b = append(b, '.')
		}
		if s.index >= 0 {
			b = strconv.AppendInt(b, int64(s.index), 10)
		} else {
			b = append(b, s.name...)
		}
	}
	return string(b)
}

// Enter pushes a contract property name onto the place.
func (r *Reader) Enter(name string) {
	if r.syntax == nil {
		r.place = append(r.place, jrSegment{name: name, index: -1})
	}
}

// EnterIndex pushes an array index onto the place.
func (r *Reader) EnterIndex(i int) {
	if r.syntax == nil {
		r.place = append(r.place, jrSegment{index: i})
	}
}

// EnterKey pushes "*", the place of a map key taken from the body.
func (r *Reader) EnterKey() { r.Enter("*") }

// Leave pops the last name, index or key pushed.
func (r *Reader) Leave() {
	if r.syntax == nil && len(r.place) > 0 {
		r.place = r.place[:len(r.place)-1]
	}
}

// fail records the syntax error found at byte offset off and ends reading.
func (r *Reader) fail(off int, reason string) {
	if r.syntax != nil {
		return
	}
	line, column := jrLineColumn(r.data, off)
	r.syntax = &SyntaxError{Line: line, Column: column, Reason: reason}
	r.pos = len(r.data)
	r.frames = r.frames[:0]
	r.place = r.place[:0]
}

// failAt reports an unexpected byte at off, as invalid UTF-8 when it starts no character.
func (r *Reader) failAt(off int, reason string) {
	if off < len(r.data) && r.data[off] >= utf8.RuneSelf {
		if c, size := utf8.DecodeRune(r.data[off:]); c == utf8.RuneError && size == 1 {
			reason = "invalid UTF-8"
		}
	}
	r.fail(off, reason)
}

// jrLineColumn turns a byte offset into a 1-based line and a column counted in characters, lines
// being ended by LF only (as Python's json module counts them); an invalid byte counts as one.
func jrLineColumn(data []byte, off int) (line, column int) {
	head := data[:min(off, len(data))]
	start := bytes.LastIndexByte(head, '\n') + 1
	return 1 + bytes.Count(head, []byte{'\n'}), 1 + utf8.RuneCount(head[start:])
}

func (r *Reader) skipSpace() {
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

// startValue moves to the first byte of the next value and returns it; false after a syntax
// error, or at the end of the body (which is one).
func (r *Reader) startValue() (byte, bool) {
	if r.syntax != nil {
		return 0, false
	}
	r.pending = false
	r.skipSpace()
	if r.pos >= len(r.data) {
		r.fail(r.pos, "unexpected end of input, a value was expected")
		return 0, false
	}
	return r.data[r.pos], true
}

// mismatch records that the value starting with c is not of the kind wanted ("null" when it is
// null) and skips it, so that reading goes on.
func (r *Reader) mismatch(c byte, kind string) {
	if !jrStartsValue(c) {
		r.failAt(r.pos, "a value was expected")
		return
	}
	if c == 'n' {
		kind = "null"
	}
	r.problemHere(kind)
	r.skipFrom(c)
}

func jrStartsValue(c byte) bool {
	switch c {
	case '{', '[', '"', 't', 'f', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

// Peek returns the first byte of the next value without reading it ('"', '{', '[', 't', 'f',
// 'n', '-' or a digit when it is JSON), so a union's decoder can choose its branch; 0 at the end
// of the body or after a syntax error.
func (r *Reader) Peek() byte {
	if r.syntax != nil {
		return 0
	}
	r.skipSpace()
	if r.pos >= len(r.data) {
		return 0
	}
	return r.data[r.pos]
}

// IsNull reports whether the next value is the literal null, without reading it.
func (r *Reader) IsNull() bool {
	if r.syntax != nil {
		return false
	}
	r.skipSpace()
	return bytes.HasPrefix(r.data[r.pos:], []byte("null"))
}

// Null reads a null. Generated code calls it only after IsNull; any other value is skipped and
// recorded as an "invalid" problem, so a mistake there cannot let a value through unseen.
func (r *Reader) Null() {
	c, ok := r.startValue()
	if !ok {
		return
	}
	if c == 'n' {
		r.literal("null")
		return
	}
	r.mismatch(c, "invalid")
}

// Skip reads any value, checking its syntax, and forgets it (unknown keys are skipped so).
func (r *Reader) Skip() {
	if c, ok := r.startValue(); ok {
		r.skipFrom(c)
	}
}

// skipFrom skips the value starting with c at r.pos. Arrays and objects are walked with the
// reader's own frames rather than recursion, so depth, syntax and keys given twice are checked as
// everywhere else. Nothing inside a skipped value can be a Problem (only its syntax is judged), so
// no place is kept for its members.
func (r *Reader) skipFrom(c byte) {
	if c != '{' && c != '[' {
		r.skipScalar(c)
		return
	}
	base := len(r.frames)
	if !r.open(c == '{') {
		return
	}
	for r.syntax == nil && len(r.frames) > base {
		if !r.nextMember(r.frames[len(r.frames)-1].object) {
			continue // a container closed, or a syntax error ended reading
		}
		c, ok := r.startValue()
		if !ok {
			return
		}
		if c == '{' || c == '[' {
			r.open(c == '{')
			continue
		}
		r.skipScalar(c)
	}
}

func (r *Reader) nextMember(object bool) bool {
	if object {
		return r.NextKey()
	}
	return r.NextItem()
}

// skipScalar skips the string, number or literal starting with c at r.pos.
func (r *Reader) skipScalar(c byte) {
	switch c {
	case '"':
		r.scanString()
	case 't':
		r.literal("true")
	case 'f':
		r.literal("false")
	case 'n':
		r.literal("null")
	default:
		if c == '-' || jrIsDigit(c) {
			r.scanNumber()
			return
		}
		r.failAt(r.pos, "a value was expected")
	}
}

// literal consumes word (true, false or null) at r.pos.
func (r *Reader) literal(word string) bool {
	if len(r.data)-r.pos >= len(word) && string(r.data[r.pos:r.pos+len(word)]) == word {
		r.pos += len(word)
		return true
	}
	r.fail(r.pos, "invalid literal, a value was expected")
	return false
}

// Bool reads true or false; anything else is a "boolean" problem ("null" for null).
func (r *Reader) Bool() bool {
	c, ok := r.startValue()
	if !ok {
		return false
	}
	switch c {
	case 't':
		return r.literal("true")
	case 'f':
		r.literal("false")
		return false
	}
	r.mismatch(c, "boolean")
	return false
}

// Any reads any value as nil, bool, string, json.Number (the literal as written), []any or
// map[string]any. A key given twice is a syntax error as anywhere else.
func (r *Reader) Any() any {
	c, ok := r.startValue()
	if !ok {
		return nil
	}
	var v any
	switch c {
	case '{':
		v = r.anyObject()
	case '[':
		v = r.anyArray()
	case '"':
		v = r.stringValue()
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		if lit, ok := r.scanNumber(); ok {
			v = json.Number(lit)
		}
	case 't':
		v = r.literal("true")
	case 'f':
		r.literal("false")
		v = false
	default:
		r.skipScalar(c) // null, or not a value at all
	}
	if r.syntax != nil {
		return nil
	}
	return v
}

func (r *Reader) anyObject() map[string]any {
	if !r.open(true) {
		return nil
	}
	m := map[string]any{}
	for r.NextKey() {
		k := string(r.Key())
		r.EnterKey()
		m[k] = r.Any()
		r.Leave()
	}
	return m
}

func (r *Reader) anyArray() []any {
	if !r.open(false) {
		return nil
	}
	a := []any{}
	for i := 0; r.NextItem(); i++ {
		r.EnterIndex(i)
		a = append(a, r.Any())
		r.Leave()
	}
	return a
}

// End checks that only whitespace follows the top value. It first reads whatever the caller left
// unread (a value not started, arrays and objects not closed), so the whole body is checked.
func (r *Reader) End() {
	for r.syntax == nil && len(r.frames) > 0 {
		if r.nextMember(r.frames[len(r.frames)-1].object) {
			r.Skip()
		}
	}
	if r.pending {
		r.Skip()
	}
	if r.syntax != nil {
		return
	}
	r.skipSpace()
	if r.pos < len(r.data) {
		r.failAt(r.pos, "unexpected data after the value")
	}
}
