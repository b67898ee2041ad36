// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/bodylimits/bodylimits.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

// Package bodylimits bounds the request bodies a plugin holds: at most so many bytes each, so many at once, and only while they
// keep arriving (the Python plugin's body_limits.py and the TypeScript plugin's body-limits.ts, on
// net/http).
//
//   - A body is read piece by piece: over the per-body limit it is refused as too large (413; a
//     declared Content-Length over it at once), and every piece is counted in the process's
//     Budget as it arrives, before it is kept, so 150 concurrent 9 MB bodies cannot take the
//     plugin to a gigabyte: what does not fit the budget is refused as busy (503, Retry-After),
//     whatever the size of each body. Bodies are charged by the bytes received, never by the
//     length they declare, and their buffers grow with those bytes, so idle uploads reserve
//     nothing: reserved whole, seven connections that declared 9 MB each and sent ten bytes held
//     the 64 MiB budget with no memory behind it, and every other body was refused. A refused
//     body gives its share back the moment it is refused, before its drain, so the bodies that
//     fit keep progressing. The bytes of a body read whole stay counted until the request's
//     answer is written (the release function Read returns), since the parsed body lives that
//     long.
//   - A body must keep arriving: no BodyStallSeconds without a byte and, once it has taken longer
//     than that, at least BodyMinBytesPerSecond on average since Read started (the next byte is
//     due before min(last byte + stall, start + max(stall, received / rate))). Otherwise it is
//     refused as stalled (408), not drained, and the caller answers with `Connection: close`:
//     a client that declares a body and waits holds a connection, and only the server's
//     ReadTimeout (REQUEST_SECONDS) would end the wait. The rule is a read deadline on the
//     connection (http.ResponseController), never later than the server's ReadTimeout counted
//     from the start of the body; where deadlines cannot be set (a ResponseWriter that cannot reach the
//     connection) it is checked between reads only.
//   - A body refused as too large or busy is read to its end and thrown away (at most DrainBytes,
//     DrainSeconds) before the refusal is answered. A client that writes its whole body before it
//     reads (many HTTP libraries) would otherwise find the connection reset under its feet:
//     net/http closes a connection whose unread body is large once the answer is written, and
//     closing a socket with unread input resets it, so the client never reads the 413. A body that
//     declares more than the per-body limit plus DrainBytes is not waited for, nor is a stalled
//     one, nor one whose client waits for `100 Continue` before sending it (net/http sends that
//     only when the body is first read, so a body refused unread was never asked for).
//
// The budget is per process and shared by all requests' goroutines, so it counts atomically.
package bodylimits

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"time"
)

// The limits (MaxBodyBytes, MaxBodyBytesInFlight, DrainBytes, DrainSeconds, RetryAfterSeconds,
// BodyStallSeconds, BodyMinBytesPerSecond) are in values_gen.go, shared by every language.

// bodyPieceBytes is the most one read of a body asks for; a drain reuses one buffer of this size.
const bodyPieceBytes = 64 << 10

// firstBodyBytes is the most a declared body's buffer starts with: it grows with the bytes that
// arrive, so a body that declares megabytes and sends nothing costs no more than this.
const firstBodyBytes = 16 << 10

// Pace is how slowly a body may arrive; a zero field takes its default.
type Pace struct {
	// Stall is the longest wait for a body's next byte (BodyStallSeconds when 0).
	Stall time.Duration
	// MinBytesPerSecond is the least average rate of a body that has taken longer than Stall
	// (BodyMinBytesPerSecond when 0).
	MinBytesPerSecond float64
}

// Refused is a refused body: too large (413), stalled (408, when Stalled: not drained, and
// the answer should close the connection) or, when neither, one the budget cannot hold now (503
// with Retry-After). A body refused as too large or busy has been drained.
type Refused struct {
	TooLarge bool
	Stalled  bool
}

func (e *Refused) Error() string {
	switch {
	case e.TooLarge:
		return "too large"
	case e.Stalled:
		return "stalled"
	}
	return "busy"
}

// StatusCode is the answer's status: 413 for a body too large, 408 for a stalled one, 503 for a
// busy process.
func (e *Refused) StatusCode() int {
	switch {
	case e.TooLarge:
		return TooLargeStatus
	case e.Stalled:
		return StalledStatus
	}
	return BusyStatus
}

// Budget counts the bytes of request bodies one process holds at once, at most its limit. It
// is safe for concurrent use; a nil budget counts nothing and refuses nothing.
type Budget struct {
	limit int64
	held  atomic.Int64
}

// NewBudget makes a budget of `limit` bytes.
func NewBudget(limit int64) *Budget {
	return &Budget{limit: limit}
}

// Take counts `n` more bytes (n >= 0); false, with nothing taken, when they do not fit.
func (b *Budget) Take(n int64) bool {
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
func (b *Budget) Give(n int64) {
	if b != nil {
		b.held.Add(-n)
	}
}

// Held is how many bytes are taken now.
func (b *Budget) Held() int64 {
	if b == nil {
		return 0
	}
	return b.held.Load()
}

// Limit is the most bytes the budget lets be taken at once.
func (b *Budget) Limit() int64 {
	if b == nil {
		return 0
	}
	return b.limit
}

// Read reads the whole body of `r`, at most `limit` bytes, counted in `budget` as they arrive
// and at the `pace` they must keep (read deadlines set through `w`, the request's ResponseWriter;
// a nil `w` or one that cannot reach the connection has the pace checked between reads only). It
// returns the body and a function to call once the answer is written, which gives the body's
// bytes back to the budget (it is never nil and does nothing the second time). A *Refused
// error comes once a refused body has been drained (a stalled one is not); any other error means
// the body could not be read (the client hung up, or sent malformed chunks), and nothing stays
// counted after either.
func Read(w http.ResponseWriter, r *http.Request, limit int64, budget *Budget, pace Pace) ([]byte, func(), error) {
	if r.Body == nil || r.Body == http.NoBody {
		return []byte{}, func() {}, nil
	}
	clock := newBodyClock(w, r, pace)
	declared := r.ContentLength // -1 when not declared (chunked, or HTTP/2 without the header)
	if declared > limit {
		if declared <= limit+DrainBytes && !awaitsContinue(r) {
			clock.drain(r.Body)
		}
		return nil, func() {}, &Refused{TooLarge: true}
	}
	reader := countedBody{body: r.Body, limit: limit, budget: budget, clock: clock}
	body, err := reader.readAll(declared)
	if err != nil {
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
func budgetRelease(budget *Budget, held int64) func() {
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

// countedBody reads one body, keeping `held` (the bytes it has taken from the budget) at its size:
// the bytes are taken as they arrive.
type countedBody struct {
	body   io.Reader
	limit  int64
	budget *Budget
	clock  *bodyClock
	held   int64
}

// readAll reads to the end of the body; a refused body gives its bytes back at once, then is
// drained (unless it stalled).
func (c *countedBody) readAll(declared int64) ([]byte, error) {
	data := make([]byte, 0, initialBodyCapacity(declared))
	for {
		if len(data) == cap(data) {
			data = growBody(data, declared)
		}
		piece := data[len(data):min(cap(data), len(data)+bodyPieceBytes)]
		c.clock.arm(int64(len(data)))
		n, err := c.body.Read(piece)
		data = data[:len(data)+n]
		refusal := c.count(int64(len(data)))
		if refusal == nil && c.clock.expired(err) {
			refusal = &Refused{Stalled: true}
		}
		if refusal != nil {
			c.budget.Give(c.held)
			c.held = 0
			if err == nil && !refusal.Stalled {
				c.clock.drain(c.body)
			}
			return nil, refusal // a stalled body keeps its passed deadline: nothing more is read
		}
		if n > 0 {
			c.clock.last = time.Now()
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			c.budget.Give(c.held)
			c.held = 0
			return nil, fmt.Errorf("the request body could not be read: %w", err)
		}
	}
}

// count checks a body that has reached `size` bytes: the size limit first, then the budget.
func (c *countedBody) count(size int64) *Refused {
	if size > c.limit {
		return &Refused{TooLarge: true}
	}
	if size > c.held {
		if !c.budget.Take(size - c.held) {
			return &Refused{TooLarge: false}
		}
		c.held = size
	}
	return nil
}

// initialBodyCapacity fits a small declared body and the read that finds its end; a larger one,
// or one of unknown length, starts small and grows as it arrives, since most bodies are a few
// kilobytes and a declared length is only a promise.
func initialBodyCapacity(declared int64) int64 {
	if declared >= 0 {
		return min(declared+1, firstBodyBytes)
	}
	return 4 << 10
}

// growBody makes room for more of a body: twice the room, but no more than a declared length
// and the read that finds its end need (as append grows, for a body longer than it declared).
func growBody(data []byte, declared int64) []byte {
	size := 2 * int64(cap(data))
	if declared >= 0 {
		size = min(size, declared+1)
	}
	if size <= int64(len(data)) {
		return append(data, 0)[:len(data)]
	}
	grown := make([]byte, len(data), size)
	copy(grown, data)
	return grown
}

// bodyClock keeps one body to its pace: before each read it sets the connection's read deadline
// to when the next byte is due (through http.ResponseController), never later than the server's
// ReadTimeout counted from the start of the body, since the deadline replaces net/http's own.
// Nothing is put back after the body: net/http clears the deadline itself once a body has ended
// (to watch for the client going away while the handler runs), and a body that has not ended
// leaves a connection that is not reused.
type bodyClock struct {
	control *http.ResponseController // nil once deadlines cannot be set: checked between reads
	started time.Time
	last    time.Time // when the last byte arrived (started, before the first)
	stall   time.Duration
	minRate float64   // bytes per second
	limitAt time.Time // the server's ReadTimeout from started; zero when it has none
	due     time.Time // when the read under way must have returned
}

func newBodyClock(w http.ResponseWriter, r *http.Request, pace Pace) *bodyClock {
	now := time.Now()
	c := &bodyClock{started: now, last: now, stall: pace.Stall, minRate: pace.MinBytesPerSecond}
	if c.stall <= 0 {
		c.stall = BodyStallSeconds * time.Second
	}
	if c.minRate <= 0 {
		c.minRate = BodyMinBytesPerSecond
	}
	if w != nil {
		c.control = http.NewResponseController(w)
	}
	if server, ok := r.Context().Value(http.ServerContextKey).(*http.Server); ok && server.ReadTimeout > 0 {
		c.limitAt = now.Add(server.ReadTimeout)
	}
	return c
}

// arm sets the deadline of the next read of a body that has `received` bytes so far: no stall
// without a byte, and past the stall the average rate since the start at least minRate.
func (c *bodyClock) arm(received int64) {
	due := c.last.Add(c.stall)
	byRate := time.Duration(float64(received) / c.minRate * float64(time.Second))
	if late := c.started.Add(max(c.stall, byRate)); late.Before(due) {
		due = late
	}
	c.setDeadline(due)
}

func (c *bodyClock) setDeadline(due time.Time) {
	if !c.limitAt.IsZero() && c.limitAt.Before(due) {
		due = c.limitAt
	}
	c.due = due
	if c.control != nil && c.control.SetReadDeadline(due) != nil {
		c.control = nil // the writer cannot reach the connection
	}
}

// expired tells a read that ended past its deadline: the connection's timeout or, where deadlines
// cannot be set, a read that returned bytes too late.
func (c *bodyClock) expired(err error) bool {
	if err == nil {
		return c.control == nil && time.Now().After(c.due)
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return true
	}
	var netError net.Error
	return errors.As(err, &netError) && netError.Timeout()
}

// drain reads and throws away the rest of a refused body under a read deadline of DrainSeconds.
func (c *bodyClock) drain(body io.Reader) {
	c.setDeadline(time.Now().Add(DrainSeconds * time.Second))
	drainBody(body, DrainBytes, DrainSeconds*time.Second)
}

// drainBody reads and throws away the rest of `body`: it stops at its end, on an error, once more
// than `maxBytes` are read, or once `maxTime` has passed. The time is checked between reads;
// Read also makes it the connection's read deadline, so a client that sends nothing at all is
// not waited for longer.
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
