// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/framingcheck.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// The framing checker of FrameRequests (framing.go): where each request's head ends, what it says
// of its body, and where that body ends, so that the next request's head is found where net/http
// will look for it. It judges as RFC 9112 says and as llhttp (Node, and Python's httptools) does
// unless told to be lenient: lines end in CRLF, no header line is folded, a body is framed by one
// Content-Length of digits or by `Transfer-Encoding: chunked` alone. It judges the request line and
// every field line too, as strictly as llhttp and at least as strictly as net/http reads them:
// net/http answered what it could not read in plain text before any handler (400 for a line of
// more or fewer than three parts, a method or field name that is no token, a control byte in the
// target or in a field value; 505 for HTTP/0.9 and HTTP/2.0), where Python and TypeScript answer
// 400 in the error shape; refused here, it is answered in the error shape too. A line that passes
// reads alike to llhttp and net/http, so their readings never part ways on a connection that goes
// on. What net/http still refuses itself is a Host field missing, given twice or not a host.

import (
	"bytes"
	"encoding/binary"
	"net/http"
	"net/url"
	"strings"
)

// maxChunkLine bounds a chunk-size line with its extensions, as net/http bounds it.
const maxChunkLine = 4096

type framePhase uint8

const (
	inHead framePhase = iota
	inLengthBody
	inChunkSize
	inChunkExtension
	inChunkSizeLF
	inChunkData
	inChunkDataCR
	inChunkDataLF
	inTrailerStart // a trailer line or the empty line that ends the body
	inTrailer
	inTrailerLF
	inTrailerEndLF
	framingRefused // the substitute request, then the end
	framingBroken  // the end: a chunked body's framing was wrong
)

// headState is what the checker knows of the head under way; the zero value for the next one.
type headState struct {
	scan, lineStart    int // in the head: the first byte not searched for LF yet, the line's start
	requestLine        bool
	http10, originForm bool // the request line's version is HTTP/1.0; its target a path
	length             uint64
	hasLength, chunked bool
}

// judgeHeld judges the bytes held, in the phase the connection is in.
func (c *framedConn) judgeHeld() {
	switch c.phase {
	case inHead:
		c.judgeHead()
	case inLengthBody:
		n := min(c.remain, uint64(c.end-c.ok))
		c.ok += int(n)
		c.passed(n)
	default:
		c.ok += c.judgeChunked(c.buf[c.ok:c.end])
	}
}

// judgeHead reads the head's complete lines; none of it is passed on before its empty line, so a
// refused head never reaches net/http.
func (c *framedConn) judgeHead() {
	h := &c.head
	if !h.requestLine && h.scan == 0 { // empty lines before a request line are skipped (RFC 9112 2.2)
		for c.ok < c.end && (c.buf[c.ok] == '\r' || c.buf[c.ok] == '\n') {
			c.ok++
		}
		c.out = c.ok
	}
	head := c.buf[c.ok:c.end]
	for {
		i := bytes.IndexByte(head[h.scan:], '\n')
		if i < 0 {
			h.scan = len(head)
			if len(head) >= MaxHeadBytes {
				c.refuse(http.StatusRequestHeaderFieldsTooLarge, "a head over 16 KiB")
			}
			return
		}
		i += h.scan
		start := h.lineStart
		h.scan, h.lineStart = i+1, i+1
		if i == start || head[i-1] != '\r' {
			c.refuse(http.StatusBadRequest, "a line ending in LF without CR")
			return
		}
		line := head[start : i-1]
		status, reason := http.StatusBadRequest, ""
		switch { // a CR without LF is refused as a byte no part of a line may hold
		case !h.requestLine:
			h.requestLine = true
			if status, reason = c.judgeRequestLine(line); reason != "" {
				break
			}
			grown, fits := c.escapeStrayPercents(start, i-1)
			if !fits {
				status, reason = http.StatusBadRequest, "a head over 16 KiB"
				break
			}
			if grown > 0 {
				head = c.buf[c.ok:c.end]
				h.scan, h.lineStart = h.scan+grown, h.lineStart+grown
			}
			if !h.originForm {
				status, reason = http.StatusBadRequest, readableTarget(head[start:i-1+grown])
			}
		case len(line) == 0:
			c.endHead(i + 1)
			return
		case line[0] == ' ' || line[0] == '\t':
			reason = "a folded header line"
		default:
			reason = c.judgeField(line)
		}
		if reason != "" {
			c.refuse(status, reason)
			return
		}
	}
}

// tokenBytes are the bytes of a token (RFC 9110 5.6.2), a method's and a field name's: what
// net/http and llhttp take in a field name alike.
var tokenBytes = func() (set [256]bool) {
	for _, b := range []byte("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
		set[b] = true
	}
	return set
}()

// tokenLength is the count of tokenBytes b starts with.
func tokenLength(b []byte) int {
	for i, x := range b {
		if !tokenBytes[x] {
			return i
		}
	}
	return len(b)
}

// controlFree tells whether a field value holds no control byte but a tab (RFC 9110 5.5: no CTL,
// DEL included). Every value of every head passes here, so eight bytes at a time: a word with a
// byte under 0x20 or a 0x7f (the exact has-zero-byte tests) is looked at byte by byte.
func controlFree(value []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(value) >= 8 {
		x := binary.LittleEndian.Uint64(value)
		del := x ^ 0x7f*ones
		if ((x-0x20*ones)&^x|(del-ones)&^del)&highs != 0 && !controlFreeBytes(value[:8]) {
			return false
		}
		value = value[8:]
	}
	return controlFreeBytes(value)
}

func controlFreeBytes(value []byte) bool {
	for _, b := range value {
		if (b < ' ' && b != '\t') || b == 0x7f {
			return false
		}
	}
	return true
}

// judgeRequestLine judges a request line (RFC 9112 3: method SP request-target SP HTTP-version,
// one space each): the status and reason of its refusal, reason "" when it may stand. The target
// holds visible ASCII only, as llhttp takes it (a tab, a control byte, DEL or a byte over 0x7f is
// refused: net/http took the last, the others it refused itself). The version is HTTP/1.1 or
// HTTP/1.0: llhttp refuses other digits (HTTP/1.2, HTTP/3.0) and anything else, as net/http does
// all but HTTP/1.2 to HTTP/1.9, which it served as 1.1; HTTP/0.9 and HTTP/2.0, which llhttp takes
// and net/http answered 505, are 505. A method is any token, as net/http takes it (llhttp knows a
// list of methods and refuses others: a method no route has is 405 or 404 here).
func (c *framedConn) judgeRequestLine(line []byte) (int, string) {
	space := tokenLength(line)
	if space == 0 || space == len(line) || line[space] != ' ' {
		return http.StatusBadRequest, "a method that is no token, or no target"
	}
	target := line[space+1:]
	space = 0
	for space < len(target) && target[space] != ' ' {
		if b := target[space]; b < ' ' || b >= 0x7f {
			return http.StatusBadRequest, "a byte in the request target that may not be there"
		}
		space++
	}
	if space == 0 || space == len(target) {
		return http.StatusBadRequest, "a request line without a target or a version"
	}
	target, version := target[:space], target[space+1:]
	switch string(version) {
	case "HTTP/1.1":
	case "HTTP/1.0":
		c.head.http10 = true
	case "HTTP/0.9", "HTTP/2.0":
		return http.StatusHTTPVersionNotSupported, "an HTTP version other than 1.x"
	default:
		return http.StatusBadRequest, "a malformed HTTP version"
	}
	c.head.originForm = target[0] == '/'
	return 0, ""
}

// readableTarget is "" when net/http reads the target of the (judged, escaped) request line as
// llhttp does, else why not; it is not asked about a path (origin-form, `/...`), which both read.
// `*` it reads; an absolute URI (which llhttp takes with `://` only: `mailto:x` it refuses) as
// url.ParseRequestURI does, and CONNECT's authority as an absolute URI's (net/http refused `x`,
// `:x` or `http://a:b/` in plain text). Rare targets: the allocation is theirs only.
func readableTarget(line []byte) string {
	method, rest, _ := bytes.Cut(line, []byte{' '})
	target, _, _ := bytes.Cut(rest, []byte{' '})
	if string(target) == "*" {
		return ""
	}
	raw := string(target)
	if string(method) == http.MethodConnect {
		raw = "http://" + raw
	} else if !strings.Contains(raw, "://") {
		return "a request target that is no path, URI or *"
	}
	if _, err := url.ParseRequestURI(raw); err != nil {
		return "a request target net/http cannot read"
	}
	return ""
}

// escapeStrayPercents writes each `%` of the request line's path (the head's bytes from..to) that
// does not begin an escape (`%zz`, a lone `%`) as `%25`, moving what follows; it returns the bytes
// added, and false when they would not fit in a head. net/http refused such a path itself, in plain
// text, before any handler; escaped, the path names no route and is the contract's 404 in the
// caller's language, as in Python and TypeScript (which routes it again escaped the same way).
func (c *framedConn) escapeStrayPercents(from, to int) (int, bool) {
	line := c.buf[c.ok+from : c.ok+to]
	space := bytes.IndexByte(line, ' ')
	if space < 0 {
		return 0, true // no target: net/http refuses the line
	}
	path := line[space+1:]
	if end := bytes.IndexAny(path, " ?#"); end >= 0 {
		path = path[:end]
	}
	stray := 0
	for at := range path {
		if strayPercent(path, at) {
			stray++
		}
	}
	if stray == 0 {
		return 0, true
	}
	if c.end+2*stray > MaxHeadBytes {
		return 0, false
	}
	// Only a refused-looking path gets here: copies are fine on this path, never on a good one.
	base := c.ok + from + space + 1
	rest := append([]byte(nil), c.buf[base+len(path):c.end]...)
	escaped := make([]byte, 0, len(path)+2*stray)
	for at := range path {
		escaped = append(escaped, path[at])
		if strayPercent(path, at) {
			escaped = append(escaped, '2', '5')
		}
	}
	copy(c.buf[base+copy(c.buf[base:], escaped):], rest)
	c.end += 2 * stray
	return 2 * stray, true
}

// strayPercent tells whether path[at] is a `%` not followed by two hexadecimal digits.
func strayPercent(path []byte, at int) bool {
	if path[at] != '%' {
		return false
	}
	if at+2 >= len(path) {
		return true
	}
	_, high := hexDigit(path[at+1])
	_, low := hexDigit(path[at+2])
	return !high || !low
}

// judgeField checks a header line: its name a token, no control byte but a tab in its value, and
// the fields that frame the body; "" when the line may stand.
func (c *framedConn) judgeField(line []byte) string {
	h := &c.head
	colon := tokenLength(line) // the name ends at the first colon, and is a token (not empty)
	switch {
	case colon == len(line):
		return "a field line without a colon"
	case colon == 0 || line[colon] != ':': // no name, a space before the colon
		return "a field name that is no token"
	}
	if !controlFree(line[colon+1:]) {
		return "a control byte in a field value"
	}
	from, to := colon+1, len(line)
	for from < to && (line[from] == ' ' || line[from] == '\t') {
		from++
	}
	for to > from && (line[to-1] == ' ' || line[to-1] == '\t') {
		to--
	}
	name, value := line[:colon], line[from:to]
	switch {
	case asciiEqualFold(name, "content-length"):
		length, ok := decimal(value)
		switch {
		case h.hasLength:
			return "two Content-Length fields"
		case h.chunked:
			return "Content-Length with Transfer-Encoding"
		case !ok:
			return "a Content-Length that is not a number"
		}
		h.hasLength, h.length = true, length
	case asciiEqualFold(name, "transfer-encoding"):
		switch {
		case h.chunked:
			return "Transfer-Encoding given twice"
		case h.hasLength:
			return "Content-Length with Transfer-Encoding"
		case !asciiEqualFold(value, "chunked"):
			return "a transfer coding other than chunked alone"
		case h.http10: // RFC 9112 6.1: an HTTP/1.0 message with Transfer-Encoding is framed faultily
			return "Transfer-Encoding in an HTTP/1.0 request"
		}
		h.chunked = true
	}
	return ""
}

// endHead passes the head on (its first `size` bytes held) and expects its body.
func (c *framedConn) endHead(size int) {
	c.ok += size
	h := c.head
	c.head = headState{}
	c.stopClock()
	switch {
	case h.chunked:
		c.phase, c.remain, c.digits, c.lineBytes = inChunkSize, 0, 0, 0
	case h.length > 0:
		c.phase, c.remain = inLengthBody, h.length
	}
}

// judgeChunked follows a chunked body through data; it is the count of bytes that belong to the
// body: all of them, unless the body ended or its framing is wrong (then the phase says which).
func (c *framedConn) judgeChunked(data []byte) int {
	for i := 0; i < len(data); i++ {
		if c.phase == inChunkData {
			n := min(c.remain, uint64(len(data)-i))
			c.passed(n)
			i += int(n) - 1
			continue
		}
		if !c.chunkByte(data[i]) {
			c.phase = framingBroken
			return i
		}
		if c.phase == inHead {
			return i + 1
		}
	}
	return len(data)
}

// chunkByte takes one byte of a chunked body's framing (RFC 9112 7.1: a chunk size, extensions,
// the CRLF after a chunk's data, trailer lines); false when it may not come there. The trailers
// are bounded as a head is.
func (c *framedConn) chunkByte(b byte) bool {
	if c.lineBytes++; c.lineBytes > MaxHeadBytes {
		return false
	}
	switch c.phase {
	case inChunkSize:
		v, isHex := hexDigit(b)
		switch {
		case isHex && c.digits < 16:
			c.remain, c.digits = c.remain<<4|uint64(v), c.digits+1
		case c.digits > 0 && b == ';':
			c.phase = inChunkExtension
		case c.digits > 0 && b == '\r':
			c.phase = inChunkSizeLF
		default:
			return false
		}
	case inChunkExtension:
		if b == '\r' {
			c.phase = inChunkSizeLF
		} else if b == '\n' || b == 0x7f || (b < ' ' && b != '\t') || c.lineBytes > maxChunkLine {
			return false
		}
	case inChunkSizeLF:
		c.phase, c.digits, c.lineBytes = inChunkData, 0, 0
		if c.remain == 0 {
			c.phase = inTrailerStart
		}
		return b == '\n'
	case inChunkDataCR:
		c.phase = inChunkDataLF
		return b == '\r'
	case inChunkDataLF:
		c.phase, c.lineBytes = inChunkSize, 0
		return b == '\n'
	case inTrailerStart:
		switch b {
		case '\r':
			c.phase = inTrailerEndLF
		case '\n', ' ', '\t': // a bare LF, or a folded trailer line
			return false
		default:
			c.phase = inTrailer
		}
	case inTrailer:
		if b == '\r' {
			c.phase = inTrailerLF
		}
		return b != '\n'
	case inTrailerLF:
		c.phase = inTrailerStart
		return b == '\n'
	case inTrailerEndLF:
		c.phase = inHead
		return b == '\n'
	}
	return true
}

// decimal is a Content-Length's value: digits only, at most 18 of them (under 2^63).
func decimal(value []byte) (uint64, bool) {
	if len(value) == 0 || len(value) > 18 {
		return 0, false
	}
	var n uint64
	for _, b := range value {
		if b < '0' || b > '9' {
			return 0, false
		}
		n = n*10 + uint64(b-'0')
	}
	return n, true
}

func hexDigit(b byte) (byte, bool) {
	switch {
	case b >= '0' && b <= '9':
		return b - '0', true
	case b >= 'a' && b <= 'f':
		return b - 'a' + 10, true
	case b >= 'A' && b <= 'F':
		return b - 'A' + 10, true
	}
	return 0, false
}

// asciiEqualFold tells whether b is lower, a lower-case ASCII name, in any ASCII case.
func asciiEqualFold(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i, x := range b {
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if x != lower[i] {
			return false
		}
	}
	return true
}
