// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/jsonio/jsoncontainers.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package jsonio

// This file walks arrays and objects for the Reader of jsonread.go: BeginObject and NextKey,
// BeginArray and NextItem, with the nesting bound and the punctuation between members checked
// here, so that a generated decoder's loops only say which member is which.

// BeginObject starts reading an object, whose keys NextKey then iterates. Any other value is an
// "object" problem ("null" for null) and is skipped, and BeginObject returns false.
func (r *Reader) BeginObject() bool {
	c, ok := r.startValue()
	if !ok {
		return false
	}
	if c != '{' {
		r.mismatch(c, "object")
		return false
	}
	return r.open(true)
}

// BeginArray starts reading an array, whose items NextItem then iterates. Any other value is an
// "array" problem ("null" for null) and is skipped, and BeginArray returns false.
func (r *Reader) BeginArray() bool {
	c, ok := r.startValue()
	if !ok {
		return false
	}
	if c != '[' {
		r.mismatch(c, "array")
		return false
	}
	return r.open(false)
}

// open consumes the bracket at r.pos and pushes its frame, refusing to nest beyond maxDepth.
func (r *Reader) open(object bool) bool {
	if len(r.frames) >= r.maxDepth {
		r.fail(r.pos, "arrays and objects nested too deeply")
		r.syntax.TooDeep = true
		return false
	}
	r.pos++
	if len(r.frames) < cap(r.frames) {
		r.frames = r.frames[:len(r.frames)+1]
		f := &r.frames[len(r.frames)-1]
		*f = jrFrame{object: object, spans: len(r.spans), index: f.index[:0]}
	} else {
		r.frames = append(r.frames, jrFrame{object: object, spans: len(r.spans)})
	}
	return true
}

// close consumes the closing bracket at r.pos and pops the innermost frame with its keys.
func (r *Reader) close() {
	r.pos++
	f := &r.frames[len(r.frames)-1]
	if f.spans < len(r.spans) {
		r.keys = r.keys[:r.spans[f.spans].start]
		r.spans = r.spans[:f.spans]
	}
	r.frames = r.frames[:len(r.frames)-1]
}

// member moves past the separator before the next member of the innermost container, whose
// closing bracket is end: it returns false once that bracket is consumed (or on a syntax error).
func (r *Reader) member(end byte) bool {
	if r.pending {
		r.Skip() // the caller ignored the value of the last member
	}
	if r.syntax != nil {
		return false
	}
	r.skipSpace()
	if r.pos >= len(r.data) {
		r.fail(r.pos, "unexpected end of input, an array or object is not closed")
		return false
	}
	c := r.data[r.pos]
	if c == end {
		r.close()
		return false
	}
	f := &r.frames[len(r.frames)-1]
	if f.count > 0 {
		if c != ',' {
			if end == '}' {
				r.failAt(r.pos, "expected ',' or '}'")
			} else {
				r.failAt(r.pos, "expected ',' or ']'")
			}
			return false
		}
		r.pos++
	}
	f.count++
	return true
}

// NextKey moves to the next key of the current object, returning false at its end (its closing
// brace consumed). The key's value is read next. A key seen before in the same object (compared
// unescaped: "a" and "\u0061" are one key) is a syntax error without a place: a body whose
// meaning depends on which of two values counts is no JSON a plugin reads, in any language (the
// Python and TypeScript plugins' parsers keep the last one and cannot tell where it was).
func (r *Reader) NextKey() bool {
	if r.syntax != nil || len(r.frames) == 0 || !r.frames[len(r.frames)-1].object {
		return false
	}
	if !r.member('}') {
		return false
	}
	r.skipSpace()
	if r.pos >= len(r.data) || r.data[r.pos] != '"' {
		r.failAt(r.pos, "expected a string key")
		return false
	}
	if !r.readKey() {
		return false
	}
	r.skipSpace()
	if r.pos >= len(r.data) || r.data[r.pos] != ':' {
		r.failAt(r.pos, "expected ':' after a key")
		return false
	}
	r.pos++
	if r.duplicateKey(len(r.frames) - 1) {
		r.fail(r.pos, "a key twice in one object")
		r.syntax.Line, r.syntax.Column = 0, 0
		return false
	}
	r.pending = true
	return true
}

// Key returns the current key, unescaped; it is valid until the next call to the reader.
func (r *Reader) Key() []byte {
	if r.syntax != nil || len(r.frames) == 0 {
		return nil
	}
	if f := r.frames[len(r.frames)-1]; !f.object || f.count == 0 {
		return nil
	}
	return r.keyAt(len(r.spans) - 1)
}

// NextItem moves to the next item of the current array, returning false at its end (its closing
// bracket consumed). The item is read next.
func (r *Reader) NextItem() bool {
	if r.syntax != nil || len(r.frames) == 0 || r.frames[len(r.frames)-1].object {
		return false
	}
	if !r.member(']') {
		return false
	}
	r.pending = true
	return true
}
