package module

// A cursor over a body that jsonio has already read whole and found to be JSON (readJSON in
// body.go: UTF-8, within the depth, no key twice, no lone surrogate, nothing after the value), so
// that an own endpoint's types are read from the bytes directly (strict.go) instead of from a tree
// of maps built first and read again. Nothing here judges syntax: every method assumes the
// value in front of it is JSON, which readJSON proved. The cursor can go back to a value's start
// (mark and reset) to read it again, for two fields that take one key.

import "encoding/json"

type cursor struct {
	data []byte
	pos  int
}

// peek moves past whitespace and returns the first byte of the value in front ('{', '[', '"',
// 't', 'f', 'n', '-' or a digit).
func (c *cursor) peek() byte {
	for c.pos < len(c.data) {
		switch c.data[c.pos] {
		case ' ', '\t', '\n', '\r':
			c.pos++
		default:
			return c.data[c.pos]
		}
	}
	return 0
}

// enter moves into the array or object in front (past its '[' or '{').
func (c *cursor) enter() {
	c.peek()
	c.pos++
}

// more moves to the next member of the array or object the cursor is in, true when there is one;
// false once past its closing bracket, end.
func (c *cursor) more(end byte) bool {
	switch c.peek() {
	case ',':
		c.pos++
		c.peek()
		return true
	case end:
		c.pos++
		return false
	}
	return true // the first member
}

// key reads an object's key and its colon: the key unescaped, valid until the next call.
func (c *cursor) key() []byte {
	start := c.pos
	c.skipString()
	key := c.data[start+1 : c.pos-1]
	if hasEscape(key) {
		var text string
		_ = json.Unmarshal(c.data[start:c.pos], &text) // JSON, as readJSON found it
		key = []byte(text)
	}
	c.peek()
	c.pos++ // the colon
	return key
}

// str reads a string value (peek said '"').
func (c *cursor) str() string {
	start := c.pos
	c.skipString()
	text := c.data[start+1 : c.pos-1]
	if !hasEscape(text) {
		return string(text)
	}
	var unescaped string
	_ = json.Unmarshal(c.data[start:c.pos], &unescaped) // JSON, as readJSON found it
	return unescaped
}

func hasEscape(text []byte) bool {
	for _, b := range text {
		if b == '\\' {
			return true
		}
	}
	return false
}

// number reads a number's literal as written (peek said '-' or a digit).
func (c *cursor) number() []byte {
	start := c.pos
	c.skipWord()
	return c.data[start:c.pos]
}

// literal reads true, false or null and says whether it was true.
func (c *cursor) literal() bool {
	isTrue := c.data[c.pos] == 't'
	c.skipWord()
	return isTrue
}

// skip moves past the value in front and returns where it lies.
func (c *cursor) skip() []byte {
	c.peek()
	start := c.pos
	switch c.data[start] {
	case '"':
		c.skipString()
	case '{', '[':
		for depth := 0; ; {
			switch c.data[c.pos] {
			case '"':
				c.skipString()
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
			c.pos++
			if depth == 0 {
				break
			}
		}
	default:
		c.skipWord()
	}
	return c.data[start:c.pos]
}

// skipString moves past the string whose opening quote is in front (a byte of a multi-byte
// character is never a quote or a backslash).
func (c *cursor) skipString() {
	for c.pos++; c.pos < len(c.data); c.pos++ {
		switch c.data[c.pos] {
		case '\\':
			c.pos++
		case '"':
			c.pos++
			return
		}
	}
}

// skipWord moves past a number or a literal: up to the next punctuation or whitespace.
func (c *cursor) skipWord() {
	for c.pos < len(c.data) {
		switch c.data[c.pos] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return
		}
		c.pos++
	}
}
