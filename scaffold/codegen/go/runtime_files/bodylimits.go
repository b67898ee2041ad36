package contract

// Request bodies a plugin holds: at most so many bytes each, and so many at once (the Python
// plugin's body_limits.py and the TypeScript plugin's body-limits.ts, on net/http).
//
//   - A body is read piece by piece: over the per-body limit it is refused as too large (413), and
//     every piece is counted in the process's BodyBudget before it is kept, so 150 concurrent 9 MB
//     bodies cannot take the plugin to a gigabyte: what does not fit the budget is refused as busy
//     (503, Retry-After), whatever the size of each body. A declared Content-Length is taken from
//     the budget whole, before a byte is read, so the bodies let in can finish (counted only as
//     bytes arrived, 150 concurrent 9 MB bodies all started, filled the budget between them and were
//     all refused). The bytes stay counted until the request's answer is written (the release
//     function ReadBody returns), since the parsed body lives that long.
//   - A refused body is read to its end and thrown away (at most DrainBytes, DrainSeconds) before
//     the refusal is answered. A client that writes its whole body before it reads (many HTTP
//     libraries) would otherwise find the connection reset under its feet: net/http closes a
//     connection whose unread body is large once the answer is written, and closing a socket with
//     unread input resets it, so the client never reads the 413. A body that declares more than
//     the per-body limit plus DrainBytes is not waited for, nor is one whose client waits for
//     `100 Continue` before sending it (net/http sends that only when the body is first read, so a
//     body refused unread was never asked for).
//
// The budget is per process and shared by all requests' goroutines, so it counts atomically.

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

const (
	// MaxBodyBytes is the largest request body a plugin reads by default (10 MiB).
	MaxBodyBytes = 10 << 20
	// MaxBodyBytesInFlight is how many bytes of request bodies the process holds at once by default.
	MaxBodyBytesInFlight = 64 << 20
	// DrainBytes is the most of a refused body read (and thrown away) before the refusal is answered.
	DrainBytes = 64 << 20
	// DrainSeconds is the longest a refused body is read before the refusal is answered.
	DrainSeconds = 30
	// RetryAfterSeconds is the Retry-After of a 503 for a body the budget cannot hold.
	RetryAfterSeconds = 1
)

// bodyPieceBytes is the most one read of a body asks for: a body of unknown length takes at most
// this much from the budget beyond what it may hold, and a drain reuses one buffer of this size.
const bodyPieceBytes = 64 << 10

// BodyRefused is a body refused (and drained): too large (413) or, when TooLarge is false, one the
// budget cannot hold now (503 with Retry-After).
type BodyRefused struct {
	TooLarge bool
}

func (e *BodyRefused) Error() string {
	if e.TooLarge {
		return "too large"
	}
	return "busy"
}

// StatusCode is the answer's status: 413 for a body too large, 503 for a busy process.
func (e *BodyRefused) StatusCode() int {
	if e.TooLarge {
		return http.StatusRequestEntityTooLarge
	}
	return http.StatusServiceUnavailable
}

// BodyBudget counts the bytes of request bodies one process holds at once, at most its limit. It
// is safe for concurrent use; a nil budget counts nothing and refuses nothing.
type BodyBudget struct {
	limit int64
	held  atomic.Int64
}

// NewBodyBudget makes a budget of `limit` bytes.
func NewBodyBudget(limit int64) *BodyBudget {
	return &BodyBudget{limit: limit}
}

// Take counts `n` more bytes (n >= 0); false, with nothing taken, when they do not fit.
func (b *BodyBudget) Take(n int64) bool {
	if b == nil {
		return true
	}
	if n < 0 {
		return false
	}
	for {
		held := b.held.Load()
		if n > b.limit-held {
			return false
		}
		if b.held.CompareAndSwap(held, held+n) {
			return true
		}
	}
}

// Give gives back `n` bytes taken before.
func (b *BodyBudget) Give(n int64) {
	if b != nil {
		b.held.Add(-n)
	}
}

// Held is how many bytes are taken now.
func (b *BodyBudget) Held() int64 {
	if b == nil {
		return 0
	}
	return b.held.Load()
}

// Limit is the most bytes the budget lets be taken at once.
func (b *BodyBudget) Limit() int64 {
	if b == nil {
		return 0
	}
	return b.limit
}

// ReadBody reads the whole body of `r`, at most `limit` bytes, counted in `budget`. It returns
// the body and a function to call once the answer is written, which gives the body's bytes back
// to the budget (it is never nil and does nothing the second time). A *BodyRefused error comes
// once a refused body has been drained; any other error means the body could not be read (the
// client hung up, or sent malformed chunks), and nothing stays counted after either.
func ReadBody(r *http.Request, limit int64, budget *BodyBudget) ([]byte, func(), error) {
	if r.Body == nil {
		return []byte{}, func() {}, nil
	}
	declared := r.ContentLength // -1 when not declared (chunked, or HTTP/2 without the header)
	if declared > limit {
		if declared <= limit+DrainBytes && !awaitsContinue(r) {
			drainBody(r.Body, DrainBytes, DrainSeconds*time.Second)
		}
		return nil, func() {}, &BodyRefused{TooLarge: true}
	}
	held := max(declared, 0)
	if !budget.Take(held) {
		if !awaitsContinue(r) {
			drainBody(r.Body, DrainBytes, DrainSeconds*time.Second)
		}
		return nil, func() {}, &BodyRefused{TooLarge: false}
	}
	reader := countedBody{body: r.Body, limit: limit, budget: budget, held: held}
	body, err := reader.readAll(held)
	if err != nil {
		budget.Give(reader.held)
		return nil, func() {}, err
	}
	return body, budgetRelease(budget, reader.held), nil
}

// awaitsContinue tells a client that sends its body only after `100 Continue`, which net/http
// sends on the first read: a body refused before any read has not been sent and needs no drain.
func awaitsContinue(r *http.Request) bool {
	return r.ProtoAtLeast(1, 1) && strings.EqualFold(r.Header.Get("Expect"), "100-continue")
}

// budgetRelease gives `held` bytes back to `budget` on its first call only, so an answer path that
// releases twice cannot make the budget larger than it is.
func budgetRelease(budget *BodyBudget, held int64) func() {
	if held == 0 {
		return func() {}
	}
	var released atomic.Bool
	return func() {
		if released.CompareAndSwap(false, true) {
			budget.Give(held)
		}
	}
}

// countedBody reads one body, keeping `held` (the bytes it has taken from the budget) at least
// its size: bytes beyond a declared length, or all of an undeclared one, are taken as they arrive.
type countedBody struct {
	body   io.Reader
	limit  int64
	budget *BodyBudget
	held   int64
}

// readAll reads to the end of the body; a refused body is drained and its bytes given back.
func (c *countedBody) readAll(declared int64) ([]byte, error) {
	data := make([]byte, 0, initialBodyCapacity(declared))
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // grow as append does
		}
		piece := data[len(data):min(cap(data), len(data)+bodyPieceBytes)]
		n, err := c.body.Read(piece)
		data = data[:len(data)+n]
		if refusal := c.count(int64(len(data))); refusal != nil {
			c.budget.Give(c.held)
			c.held = 0
			if err == nil {
				drainBody(c.body, DrainBytes, DrainSeconds*time.Second)
			}
			return nil, refusal
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, fmt.Errorf("the request body could not be read: %w", err)
		}
	}
}

// count checks a body that has reached `size` bytes: the size limit first, then the budget.
func (c *countedBody) count(size int64) *BodyRefused {
	if size > c.limit {
		return &BodyRefused{TooLarge: true}
	}
	if size > c.held {
		if !c.budget.Take(size - c.held) {
			return &BodyRefused{TooLarge: false}
		}
		c.held = size
	}
	return nil
}

// initialBodyCapacity fits a declared body and the read that finds its end; a body of unknown
// length starts small and grows, since most bodies are a few kilobytes.
func initialBodyCapacity(declared int64) int64 {
	if declared >= 0 {
		return declared + 1
	}
	return 4 << 10
}

// drainBody reads and throws away the rest of `body`: it stops at its end, on an error, once more
// than `maxBytes` are read, or once `maxTime` has passed. The time is checked between reads: a
// client that sends nothing at all is bounded by the server's read timeout, as for any body.
func drainBody(body io.Reader, maxBytes int64, maxTime time.Duration) {
	deadline := time.Now().Add(maxTime)
	buffer := make([]byte, bodyPieceBytes)
	var drained int64
	for drained <= maxBytes && time.Now().Before(deadline) {
		n, err := body.Read(buffer)
		drained += int64(n)
		if err != nil {
			return
		}
	}
}
