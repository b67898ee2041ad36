// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/framing.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// Request framing as RFC 9112 says, alike in every language (issue 38). net/http took what llhttp
// (Node's parser, and Python's httptools) refuses, after normalising it (a folded header line
// joined to the one before, a bare LF read as CRLF, two equal Content-Lengths made one), or
// answered it itself in plain text (501 for a transfer coding other than chunked, 431 only past
// 1 MiB of head). FrameRequests wraps the listener (cmd/<project>/main.go serves through it): every
// connection's bytes pass through a checker (framingcheck.go) that follows request boundaries,
// keep-alive and pipelined requests alike, and refuses
//
//   - 400: a header line folded onto the one before (it starts with a space or tab), a line that
//     ends in LF without CR or holds a CR without LF, two Content-Length fields (equal or not) or
//     one that is not a number (`5, 5`), a Transfer-Encoding other than exactly one `chunked`
//     (`gzip, chunked`, `chunked` twice, `identity`), Transfer-Encoding beside Content-Length or
//     in an HTTP/1.0 request: a body whose length cannot be trusted;
//   - 400: a request line or field line llhttp refuses (framingcheck.go: not three parts one space
//     apart, a method or field name that is no token, a target byte that is not visible ASCII, a
//     version but HTTP/1.1 and HTTP/1.0, a control byte in a value), which net/http refused in
//     plain text or served; 505 for HTTP/0.9 and HTTP/2.0, as net/http answered them;
//   - 431: a head (request line, header lines, their line ends and the empty line) over
//     MaxHeadBytes.
//
// The refusal is written by the Server's ServeHTTP (FramingRefusal), never by the checker: net/http may still be
// writing the answer of an earlier pipelined request. So the refused head never reaches net/http:
// in its place it reads a substitute request that carries the refusal under a secret of the
// process (framingMark, never sent out, so no client can forge one) and the caller's
// Accept-Language, then the connection's end. The Server answers it in the contract's error shape
// with `Connection: close`. The substitute declares a one-byte body that never comes, so that
// net/http ends the connection the careful way (its answer, a FIN, a pause, then the close): the
// answer is not lost to a reset while the client is still sending.
//
// Bounds: a connection holds at most one head (a pooled MaxHeadBytes buffer while a head is under
// way, none between requests); bodies pass straight through as net/http reads them (a chunked
// body's size lines and trailers are checked as they go by, never held); no goroutine is added.
// A head that has begun must be whole within the server's ReadHeaderTimeout, since net/http cannot
// time a head the checker holds. Deadlines set by net/http or through http.ResponseController
// reach the connection. A chunked body whose framing is wrong ends where it goes wrong: net/http's
// read of it fails, so the answer is 400 and the connection is closed. A handler must not hijack a
// connection to speak another protocol on it: what follows is checked as HTTP/1.1 requests.

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

const (
	framingPath   = "/.framing-refused"
	framingHeader = "X-Framing-Refused" // canonical, so looked up without canonicalising again
)

var (
	framingMark = newFramingMark()
	headBuffers = sync.Pool{New: func() any { return new([MaxHeadBytes]byte) }}
)

func newFramingMark() string {
	var raw [16]byte
	_, _ = rand.Read(raw[:])
	return hex.EncodeToString(raw[:])
}

// FrameRequests is listener with the framing rules above applied to every connection it accepts.
// server is the http.Server that serves it (its ReadHeaderTimeout times a head). Plain HTTP only:
// TLS records are no requests to check.
func FrameRequests(listener net.Listener, server *http.Server) net.Listener {
	return &framedListener{Listener: listener, server: server}
}

type framedListener struct {
	net.Listener
	server *http.Server
}

func (l *framedListener) Accept() (net.Conn, error) {
	conn, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	timeout := l.server.ReadHeaderTimeout
	if timeout <= 0 {
		timeout = l.server.ReadTimeout // what net/http times a head by without one
	}
	return &framedConn{Conn: conn, headTimeout: timeout}, nil
}

// FramingRefusal is the status and reason a substitute request carries; refused is false for
// every other request. The Server that serves the listener answers it first of all: the plugin's
// (framinganswer.go) and a module backend's (module.Server) alike.
func FramingRefusal(r *http.Request) (status int, reason string, refused bool) {
	values := r.Header[framingHeader]
	if len(values) != 1 || len(values[0]) <= len(framingMark) {
		return 0, "", false
	}
	if subtle.ConstantTimeCompare([]byte(values[0][:len(framingMark)]), []byte(framingMark)) != 1 {
		return 0, "", false
	}
	code, reason, _ := strings.Cut(strings.TrimPrefix(values[0][len(framingMark):], " "), " ")
	status, err := strconv.Atoi(code)
	return status, reason, err == nil
}

// framedConn checks what net/http reads. buf[out:ok] is judged and not yet read; buf[ok:end] is not
// judged yet (a head under way, or what came after one). Read runs on one goroutine at a time
// (net/http's rule); deadlines may be set from another, so they have a lock of their own.
type framedConn struct {
	net.Conn
	buf          *[MaxHeadBytes]byte // nil while nothing is held
	out, ok, end int
	phase        framePhase
	head         headState
	remain       uint64 // bytes left of a Content-Length body or of a chunk
	digits       int    // hex digits of the chunk size under way
	lineBytes    int    // of the chunk-size line, or of the trailers, so far
	substitute   []byte
	err          error // from a read that returned bytes too: the next read returns it
	headTimeout  time.Duration
	clockOn      bool

	mu     sync.Mutex
	wanted time.Time // the read deadline net/http (or a handler) asked for
	headBy time.Time // when the head under way must be whole; zero when none is timed
}

func (c *framedConn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if c.out < c.ok {
			n := copy(p, c.buf[c.out:c.ok])
			c.out += n
			c.putBack()
			return n, nil
		}
		switch c.phase {
		case framingRefused:
			if len(c.substitute) == 0 {
				return 0, io.EOF
			}
			n := copy(p, c.substitute)
			c.substitute = c.substitute[n:]
			return n, nil
		case framingBroken:
			return 0, io.EOF
		}
		if c.ok < c.end {
			c.judgeHeld()
			if c.out < c.ok || c.ok == c.end || c.phase != inHead {
				continue
			}
		}
		if c.phase != inHead {
			return c.readBody(p)
		}
		if err := c.fill(); err != nil {
			return 0, err
		}
	}
}

// readBody reads body bytes straight into p, as many as may pass unseen (to the end of a
// Content-Length body or of a chunk); a chunked body's framing maxChunkLine at most at a time, so
// that what follows the body fits the buffer.
func (c *framedConn) readBody(p []byte) (int, error) {
	c.putBack()
	if c.phase == inLengthBody || c.phase == inChunkData {
		if uint64(len(p)) > c.remain {
			p = p[:c.remain]
		}
		n, err := c.Conn.Read(p)
		c.passed(uint64(n))
		return n, err
	}
	n, err := c.Conn.Read(p[:min(len(p), maxChunkLine)])
	used := c.judgeChunked(p[:n])
	if c.phase == inHead && used < n { // the next request's first bytes
		c.buf = headBuffers.Get().(*[MaxHeadBytes]byte)
		c.end = copy(c.buf[:], p[used:n])
	}
	if used == 0 && c.phase == framingBroken {
		return 0, io.EOF
	}
	return used, err
}

// passed counts n bytes of a Content-Length body or of a chunk through.
func (c *framedConn) passed(n uint64) {
	c.remain -= n
	if c.remain == 0 && c.phase == inLengthBody {
		c.phase = inHead
	} else if c.remain == 0 {
		c.phase = inChunkDataCR
	}
}

// fill reads more of a head into the buffer, moving what is held of it to the buffer's start.
func (c *framedConn) fill() error {
	if err := c.err; err != nil {
		c.err = nil
		return err
	}
	if c.buf == nil {
		c.buf = headBuffers.Get().(*[MaxHeadBytes]byte)
	}
	if c.ok > 0 {
		c.end = copy(c.buf[:], c.buf[c.ok:c.end])
		c.out, c.ok = 0, 0
	}
	if c.end > 0 {
		c.startClock()
	}
	n, err := c.Conn.Read(c.buf[c.end:])
	c.end += n
	if err != nil && n > 0 {
		c.err, err = err, nil
	}
	c.putBack()
	return err
}

// putBack gives the buffer back to the pool once it holds nothing.
func (c *framedConn) putBack() {
	if c.buf != nil && c.out == c.end {
		headBuffers.Put(c.buf)
		c.buf, c.out, c.ok, c.end = nil, 0, 0, 0
	}
}

// refuse drops the head held and puts the substitute request in its place, then the end.
func (c *framedConn) refuse(status int, reason string) {
	b := make([]byte, 0, 192)
	b = append(b, "GET "+framingPath+" HTTP/1.1\r\nHost: plugin\r\nContent-Length: 1\r\n"...)
	b = append(b, framingHeader+": "+framingMark+" "...)
	b = strconv.AppendInt(b, int64(status), 10)
	b = append(append(b, ' '), reason...)
	c.substitute = append(b, "\r\n\r\n"...)
	c.phase = framingRefused
	c.stopClock()
	c.out, c.ok = c.end, c.end
	c.putBack()
}

// SetReadDeadline asks for a read deadline; while a head is timed the earlier of the two holds.
func (c *framedConn) SetReadDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.wanted = t
	return c.Conn.SetReadDeadline(c.deadlineLocked())
}

func (c *framedConn) SetDeadline(t time.Time) error {
	if err := c.Conn.SetWriteDeadline(t); err != nil {
		return err
	}
	return c.SetReadDeadline(t)
}

// deadlineLocked is the read deadline to set. With none asked for, a head is not timed: net/http
// clears the deadline while a handler runs, to notice the client leaving, and a pipelined head
// that arrives meanwhile is timed from when net/http asks for the next request (its idle
// deadline).
func (c *framedConn) deadlineLocked() time.Time {
	if !c.headBy.IsZero() && !c.wanted.IsZero() && c.headBy.Before(c.wanted) {
		return c.headBy
	}
	return c.wanted
}

// startClock times the head under way from its first byte, as ReadHeaderTimeout does.
func (c *framedConn) startClock() {
	if c.clockOn || c.headTimeout <= 0 {
		return
	}
	c.clockOn = true
	c.mu.Lock()
	defer c.mu.Unlock()
	c.headBy = time.Now().Add(c.headTimeout)
	_ = c.Conn.SetReadDeadline(c.deadlineLocked())
}

func (c *framedConn) stopClock() {
	if !c.clockOn {
		return
	}
	c.clockOn = false
	c.mu.Lock()
	defer c.mu.Unlock()
	c.headBy = time.Time{}
	_ = c.Conn.SetReadDeadline(c.wanted)
}

// CloseWrite sends a FIN when the connection can: net/http's careful close looks for it.
func (c *framedConn) CloseWrite() error {
	if closer, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return closer.CloseWrite()
	}
	return nil
}
