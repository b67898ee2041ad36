package bodylimits

// Body limits: the Python plugin's cases (tests/functional/test_plugin_operation_app.py, bodies)
// and the TypeScript plugin's (tests/functional/test_plugin_typescript.py, the tight plugin), on
// Read directly and through a real net/http server, plus the budget under concurrency and the
// pace a body must keep (short stalls here, so the tests stay fast).

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// bodyPieces is a body that arrives in the given pieces, then ends with `end` (io.EOF when nil).
type bodyPieces struct {
	left [][]byte
	end  error
	read int
}

func (p *bodyPieces) Read(buffer []byte) (int, error) {
	if len(p.left) == 0 {
		if p.end != nil {
			return 0, p.end
		}
		return 0, io.EOF
	}
	n := copy(buffer, p.left[0])
	if p.left[0] = p.left[0][n:]; len(p.left[0]) == 0 {
		p.left = p.left[1:]
	}
	p.read += n
	return n, nil
}

func bodySpaces(n int) []byte { return bytes.Repeat([]byte(" "), n) }

// limitedRequest is a POST whose body is `body`, declaring `length` (-1: not declared).
func limitedRequest(body io.Reader, length int64) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/api/v1/query/get-result", body)
	r.ContentLength = length
	return r
}

func wantRefused(t *testing.T, err error, tooLarge bool) {
	t.Helper()
	var refused *Refused
	if !errors.As(err, &refused) || refused.TooLarge != tooLarge {
		t.Fatalf("got %v, want a refusal with TooLarge %v", err, tooLarge)
	}
}

func TestBudgetTakesWhatFitsAndGivesBack(t *testing.T) {
	budget := NewBudget(100)
	if !budget.Take(60) || budget.Take(41) || !budget.Take(40) || budget.Take(1) {
		t.Fatal("the budget let in more or less than its limit")
	}
	budget.Give(60)
	if budget.Held() != 40 || !budget.Take(60) || budget.Take(-1) {
		t.Fatalf("held %d", budget.Held())
	}
	var none *Budget
	if !none.Take(1<<40) || none.Held() != 0 {
		t.Fatal("a nil budget refused or counted")
	}
}

func TestBudgetIsExactUnderConcurrency(t *testing.T) {
	budget := NewBudget(1000)
	var wg sync.WaitGroup
	for worker := 0; worker < 32; worker++ {
		wg.Add(1)
		go func(size int64) {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				if budget.Take(size) {
					if held := budget.Held(); held > budget.Limit() {
						t.Errorf("held %d of %d", held, budget.Limit())
					}
					budget.Give(size)
				}
			}
		}(int64(worker%7*50 + 1))
	}
	wg.Wait()
	if budget.Held() != 0 {
		t.Fatalf("%d bytes still held", budget.Held())
	}
}

func TestABodyInPiecesIsReadWhole(t *testing.T) {
	body := []byte(`{"dataQuery": [{"refID": "A"}]}`)
	budget := NewBudget(1000)
	source := &bodyPieces{left: [][]byte{body[:1], {}, body[1:20], body[20:]}}
	got, release, err := Read(nil, limitedRequest(source, -1), 1000, budget, Pace{})
	if err != nil || !bytes.Equal(got, body) {
		t.Fatalf("got %q, %v", got, err)
	}
	if budget.Held() != int64(len(body)) {
		t.Errorf("held %d while the answer is made, want %d", budget.Held(), len(body))
	}
	release()
	release()
	if budget.Held() != 0 {
		t.Errorf("held %d after release (twice)", budget.Held())
	}
	got, release, err = Read(nil, limitedRequest(bytes.NewReader(bodySpaces(1000)), 1000), 1000, budget, Pace{})
	if err != nil || len(got) != 1000 || budget.Held() != 1000 {
		t.Fatalf("a body of just the limit: got %d bytes, %v, held %d", len(got), err, budget.Held())
	}
	release()
}

func TestABodyPastTheLimitIsRefusedWhileItArrives(t *testing.T) {
	budget := NewBudget(MaxBodyBytesInFlight)
	source := &bodyPieces{left: [][]byte{bodySpaces(600), bodySpaces(600), bodySpaces(600)}}
	_, _, err := Read(nil, limitedRequest(source, -1), 1000, budget, Pace{})
	wantRefused(t, err, true)
	if source.read != 1800 || budget.Held() != 0 {
		t.Errorf("read %d of 1800 (the rest drained), held %d", source.read, budget.Held())
	}
}

func TestADeclaredLengthPastTheLimitIsRefusedBeforeReading(t *testing.T) {
	budget := NewBudget(MaxBodyBytesInFlight)
	source := &bodyPieces{left: [][]byte{bodySpaces(3000)}}
	_, _, err := Read(nil, limitedRequest(source, 3000), 1000, budget, Pace{})
	wantRefused(t, err, true)
	if source.read != 3000 || budget.Held() != 0 {
		t.Errorf("read %d of 3000 (all drained, none kept), held %d", source.read, budget.Held())
	}
	far := &bodyPieces{left: [][]byte{bodySpaces(10)}}
	_, _, err = Read(nil, limitedRequest(far, 1000+DrainBytes+1), 1000, budget, Pace{})
	wantRefused(t, err, true)
	if far.read != 0 {
		t.Errorf("a body declaring more than the limit plus DrainBytes was read (%d bytes)", far.read)
	}
}

func TestABodyAwaitingContinueIsRefusedUnread(t *testing.T) {
	source := &bodyPieces{left: [][]byte{bodySpaces(3000)}}
	r := limitedRequest(source, 3000)
	r.Header.Set("Expect", "100-continue")
	_, _, err := Read(nil, r, 1000, nil, Pace{})
	wantRefused(t, err, true)
	if source.read != 0 {
		t.Errorf("read %d bytes of a body never asked for", source.read)
	}
}

func TestBodiesHeldAtOnceAreBounded(t *testing.T) {
	budget := NewBudget(1200)
	first, release, err := Read(nil, limitedRequest(bytes.NewReader(bodySpaces(700)), 700), 1000, budget, Pace{})
	if err != nil || len(first) != 700 {
		t.Fatal(err)
	}
	second := &bodyPieces{left: [][]byte{bodySpaces(700)}}
	_, _, err = Read(nil, limitedRequest(second, 700), 1000, budget, Pace{})
	wantRefused(t, err, false)
	if second.read != 700 {
		t.Errorf("the busy body was not drained: read %d of 700", second.read)
	}
	undeclared := &bodyPieces{left: [][]byte{bodySpaces(400), bodySpaces(400)}}
	_, _, err = Read(nil, limitedRequest(undeclared, -1), 1000, budget, Pace{})
	wantRefused(t, err, false)
	if budget.Held() != 700 {
		t.Errorf("held %d, want only the first body's 700", budget.Held())
	}
	release()
	_, third, err := Read(nil, limitedRequest(bytes.NewReader(bodySpaces(700)), 700), 1000, budget, Pace{})
	if err != nil {
		t.Fatalf("the budget is not whole again after the first answer: %v", err)
	}
	third()
	if budget.Held() != 0 {
		t.Errorf("held %d", budget.Held())
	}
}

func TestABodyCutShortHoldsNothing(t *testing.T) {
	budget := NewBudget(MaxBodyBytesInFlight)
	for _, declared := range []int64{1000, -1} {
		source := &bodyPieces{left: [][]byte{bodySpaces(300)}, end: io.ErrUnexpectedEOF}
		_, release, err := Read(nil, limitedRequest(source, declared), 1000, budget, Pace{})
		var refused *Refused
		if !errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &refused) {
			t.Errorf("declared %d: got %v, want the read's error", declared, err)
		}
		release()
		if budget.Held() != 0 {
			t.Errorf("declared %d: held %d after a hang-up", declared, budget.Held())
		}
	}
}

// endlessBody is a body that never ends, each read sleeping `pause`.
type endlessBody struct {
	pause time.Duration
	read  int64
}

func (e *endlessBody) Read(buffer []byte) (int, error) {
	time.Sleep(e.pause)
	e.read += int64(len(buffer))
	return len(buffer), nil
}

func TestADrainStopsAfterItsBytesOrItsTime(t *testing.T) {
	fast := &endlessBody{}
	_, _, err := Read(nil, limitedRequest(fast, -1), 1000, nil, Pace{})
	wantRefused(t, err, true)
	if fast.read <= DrainBytes || fast.read > 1000+DrainBytes+2*bodyPieceBytes {
		t.Errorf("read %d bytes of an endless body", fast.read)
	}
	slow := &endlessBody{pause: 5 * time.Millisecond}
	started := time.Now()
	drainBody(slow, DrainBytes, 50*time.Millisecond)
	if elapsed := time.Since(started); elapsed > time.Second {
		t.Errorf("the drain went on for %v", elapsed)
	}
}

// limitedServer answers like the glue: 413, 503 (Retry-After) or 408 (Connection: close) with a
// JSON error body, else the body's size; the body's bytes are given back once the answer is written.

func TestAPaceIsCheckedBetweenReadsWithoutDeadlines(t *testing.T) {
	budget := NewBudget(MaxBodyBytesInFlight)
	late := &bodyPieces{left: [][]byte{bodySpaces(10), bodySpaces(10)}}
	_, release, err := Read(nil, limitedRequest(slowReader{late, 60 * time.Millisecond}, 20), 1000, budget,
		Pace{Stall: 30 * time.Millisecond})
	var refused *Refused
	if !errors.As(err, &refused) || !refused.Stalled || refused.StatusCode() != http.StatusRequestTimeout {
		t.Fatalf("got %v, want a refusal as stalled (408)", err)
	}
	release()
	if late.read != 10 || budget.Held() != 0 {
		t.Errorf("read %d bytes (want 10: no drain), held %d", late.read, budget.Held())
	}
}

// slowReader is a body each read of which takes `pause`.
type slowReader struct {
	body  io.Reader
	pause time.Duration
}

func (s slowReader) Read(buffer []byte) (int, error) {
	time.Sleep(s.pause)
	return s.body.Read(buffer)
}
