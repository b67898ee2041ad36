package contract

// Body limits: the Python plugin's cases (tests/functional/test_plugin_operation_app.py, bodies)
// and the TypeScript plugin's (tests/functional/test_plugin_typescript.py, the tight plugin), on
// ReadBody directly and through a real net/http server, plus the budget under concurrency.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
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
	var refused *BodyRefused
	if !errors.As(err, &refused) || refused.TooLarge != tooLarge {
		t.Fatalf("got %v, want a refusal with TooLarge %v", err, tooLarge)
	}
}

func TestBudgetTakesWhatFitsAndGivesBack(t *testing.T) {
	budget := NewBodyBudget(100)
	if !budget.Take(60) || budget.Take(41) || !budget.Take(40) || budget.Take(1) {
		t.Fatal("the budget let in more or less than its limit")
	}
	budget.Give(60)
	if budget.Held() != 40 || !budget.Take(60) || budget.Take(-1) {
		t.Fatalf("held %d", budget.Held())
	}
	var none *BodyBudget
	if !none.Take(1<<40) || none.Held() != 0 {
		t.Fatal("a nil budget refused or counted")
	}
}

func TestBudgetIsExactUnderConcurrency(t *testing.T) {
	budget := NewBodyBudget(1000)
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
	budget := NewBodyBudget(1000)
	source := &bodyPieces{left: [][]byte{body[:1], {}, body[1:20], body[20:]}}
	got, release, err := ReadBody(limitedRequest(source, -1), 1000, budget)
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
	got, release, err = ReadBody(limitedRequest(bytes.NewReader(bodySpaces(1000)), 1000), 1000, budget)
	if err != nil || len(got) != 1000 || budget.Held() != 1000 {
		t.Fatalf("a body of just the limit: got %d bytes, %v, held %d", len(got), err, budget.Held())
	}
	release()
}

func TestABodyPastTheLimitIsRefusedWhileItArrives(t *testing.T) {
	budget := NewBodyBudget(MaxBodyBytesInFlight)
	source := &bodyPieces{left: [][]byte{bodySpaces(600), bodySpaces(600), bodySpaces(600)}}
	_, _, err := ReadBody(limitedRequest(source, -1), 1000, budget)
	wantRefused(t, err, true)
	if source.read != 1800 || budget.Held() != 0 {
		t.Errorf("read %d of 1800 (the rest drained), held %d", source.read, budget.Held())
	}
}

func TestADeclaredLengthPastTheLimitIsRefusedBeforeReading(t *testing.T) {
	budget := NewBodyBudget(MaxBodyBytesInFlight)
	source := &bodyPieces{left: [][]byte{bodySpaces(3000)}}
	_, _, err := ReadBody(limitedRequest(source, 3000), 1000, budget)
	wantRefused(t, err, true)
	if source.read != 3000 || budget.Held() != 0 {
		t.Errorf("read %d of 3000 (all drained, none kept), held %d", source.read, budget.Held())
	}
	far := &bodyPieces{left: [][]byte{bodySpaces(10)}}
	_, _, err = ReadBody(limitedRequest(far, 1000+DrainBytes+1), 1000, budget)
	wantRefused(t, err, true)
	if far.read != 0 {
		t.Errorf("a body declaring more than the limit plus DrainBytes was read (%d bytes)", far.read)
	}
}

func TestABodyAwaitingContinueIsRefusedUnread(t *testing.T) {
	source := &bodyPieces{left: [][]byte{bodySpaces(3000)}}
	r := limitedRequest(source, 3000)
	r.Header.Set("Expect", "100-continue")
	_, _, err := ReadBody(r, 1000, nil)
	wantRefused(t, err, true)
	if source.read != 0 {
		t.Errorf("read %d bytes of a body never asked for", source.read)
	}
}

func TestBodiesHeldAtOnceAreBounded(t *testing.T) {
	budget := NewBodyBudget(1200)
	first, release, err := ReadBody(limitedRequest(bytes.NewReader(bodySpaces(700)), 700), 1000, budget)
	if err != nil || len(first) != 700 {
		t.Fatal(err)
	}
	second := &bodyPieces{left: [][]byte{bodySpaces(700)}}
	_, _, err = ReadBody(limitedRequest(second, 700), 1000, budget)
	wantRefused(t, err, false)
	if second.read != 700 {
		t.Errorf("the busy body was not drained: read %d of 700", second.read)
	}
	undeclared := &bodyPieces{left: [][]byte{bodySpaces(400), bodySpaces(400)}}
	_, _, err = ReadBody(limitedRequest(undeclared, -1), 1000, budget)
	wantRefused(t, err, false)
	if budget.Held() != 700 {
		t.Errorf("held %d, want only the first body's 700", budget.Held())
	}
	release()
	_, third, err := ReadBody(limitedRequest(bytes.NewReader(bodySpaces(700)), 700), 1000, budget)
	if err != nil {
		t.Fatalf("the budget is not whole again after the first answer: %v", err)
	}
	third()
	if budget.Held() != 0 {
		t.Errorf("held %d", budget.Held())
	}
}

func TestABodyCutShortHoldsNothing(t *testing.T) {
	budget := NewBodyBudget(MaxBodyBytesInFlight)
	for _, declared := range []int64{1000, -1} {
		source := &bodyPieces{left: [][]byte{bodySpaces(300)}, end: io.ErrUnexpectedEOF}
		_, release, err := ReadBody(limitedRequest(source, declared), 1000, budget)
		var refused *BodyRefused
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
	_, _, err := ReadBody(limitedRequest(fast, -1), 1000, nil)
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

// limitedServer answers like the glue: 413 or 503 (Retry-After) with a JSON error body, else the
// body's size; the body's bytes are given back once the answer is written.
func limitedServer(t *testing.T, limit int64, budget *BodyBudget) *httptest.Server {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, release, err := ReadBody(r, limit, budget)
		defer release()
		var refused *BodyRefused
		switch {
		case errors.As(err, &refused):
			if !refused.TooLarge {
				w.Header().Set("Retry-After", strconv.Itoa(RetryAfterSeconds))
			}
			writeLimitJSON(w, refused.StatusCode(), map[string]any{"error": true, "message": refused.Error()})
		case err != nil:
			return // the client hung up: nobody to answer
		default:
			writeLimitJSON(w, http.StatusOK, map[string]any{"size": len(body)})
		}
	}))
	t.Cleanup(server.Close)
	return server
}

func writeLimitJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

func dialLimited(t *testing.T, server *httptest.Server) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", server.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	_ = conn.SetDeadline(time.Now().Add(60 * time.Second))
	t.Cleanup(func() { conn.Close() })
	return conn
}

// writeWholeBodyThenRead sends the request, all of its body, and only then reads the answer.
func writeWholeBodyThenRead(t *testing.T, conn net.Conn, head string, body []byte) *http.Response {
	t.Helper()
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Write(body); err != nil {
		t.Fatalf("writing the body: %v (the server reset the connection)", err)
	}
	answer, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	return answer
}

func wantJSONAnswer(t *testing.T, answer *http.Response, status int) map[string]any {
	t.Helper()
	defer answer.Body.Close()
	var body map[string]any
	if err := json.NewDecoder(answer.Body).Decode(&body); err != nil || answer.StatusCode != status {
		t.Fatalf("got %d %v (%v), want %d with a JSON body", answer.StatusCode, body, err, status)
	}
	return body
}

func TestAClientThatWritesItsWholeBodyFirstReadsThe413(t *testing.T) {
	server := limitedServer(t, MaxBodyBytes, NewBodyBudget(MaxBodyBytesInFlight))
	big := bytes.Repeat([]byte("x"), 20<<20)
	head := fmt.Sprintf("POST /api/v1/query/get-result HTTP/1.1\r\nHost: plugin\r\n"+
		"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(big))
	body := wantJSONAnswer(t, writeWholeBodyThenRead(t, dialLimited(t, server), head, big), 413)
	if body["error"] != true {
		t.Errorf("body %v", body)
	}
}

func TestAChunkedBodyWrittenWholeFirstReadsThe413(t *testing.T) {
	server := limitedServer(t, MaxBodyBytes, NewBodyBudget(MaxBodyBytesInFlight))
	var chunked bytes.Buffer
	piece := bytes.Repeat([]byte("x"), 1<<20)
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&chunked, "%x\r\n%s\r\n", len(piece), piece)
	}
	chunked.WriteString("0\r\n\r\n")
	head := "POST /api/v1/query/get-result HTTP/1.1\r\nHost: plugin\r\n" +
		"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
	wantJSONAnswer(t, writeWholeBodyThenRead(t, dialLimited(t, server), head, chunked.Bytes()), 413)
}

func TestAClientAwaitingContinueReadsThe413WithoutSending(t *testing.T) {
	server := limitedServer(t, MaxBodyBytes, NewBodyBudget(MaxBodyBytesInFlight))
	conn := dialLimited(t, server)
	head := "POST /api/v1/query/get-result HTTP/1.1\r\nHost: plugin\r\nExpect: 100-continue\r\n" +
		"Content-Type: application/json\r\nContent-Length: 20971520\r\n\r\n"
	wantJSONAnswer(t, writeWholeBodyThenRead(t, conn, head, nil), 413)
}

func TestBytesInFlightAreBoundedWith503AndRetryAfter(t *testing.T) {
	budget := NewBodyBudget(1024)
	server := limitedServer(t, 1024, budget)
	slow := dialLimited(t, server)
	head := "POST /api/v1/query/get-result HTTP/1.1\r\nHost: plugin\r\nContent-Length: 1000\r\n\r\n"
	if _, err := io.WriteString(slow, head+`{"dataQuery": [`); err != nil {
		t.Fatal(err)
	}
	waitForHeld(t, budget, 1000) // the unfinished body holds 1000 of the 1024 bytes
	busy, err := http.Post(server.URL+"/api/v1/query/get-result", "application/json", strings.NewReader(
		`{"dataQuery": [{"refID": "A", "json": "`+strings.Repeat("x", 60)+`"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if busy.Header.Get("Retry-After") != "1" {
		t.Errorf("Retry-After %q", busy.Header.Get("Retry-After"))
	}
	wantJSONAnswer(t, busy, 503)
	slow.Close()
	waitForHeld(t, budget, 0) // the unfinished body's bytes are given back when its client goes
	answer, err := http.Post(server.URL+"/api/v1/query/get-result", "application/json",
		strings.NewReader(`{"dataQuery": [{"refID": "A"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	wantJSONAnswer(t, answer, 200)
}

func waitForHeld(t *testing.T, budget *BodyBudget, want int64) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); budget.Held() != want; {
		if time.Now().After(deadline) {
			t.Fatalf("held %d, want %d", budget.Held(), want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestClientsThatHangUpMidBodyLeaveNothingHeld(t *testing.T) {
	budget := NewBodyBudget(MaxBodyBytesInFlight)
	server := limitedServer(t, MaxBodyBytes, budget)
	var wg sync.WaitGroup
	for client := 0; client < 40; client++ {
		wg.Add(1)
		go func(client int) {
			defer wg.Done()
			conn, err := net.Dial("tcp", server.Listener.Addr().String())
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			head := "POST /x HTTP/1.1\r\nHost: plugin\r\nContent-Length: 1000000\r\n\r\n"
			if client%2 == 1 {
				head = "POST /x HTTP/1.1\r\nHost: plugin\r\nTransfer-Encoding: chunked\r\n\r\n80000\r\n"
			}
			_, _ = io.WriteString(conn, head+strings.Repeat(" ", 1000*client))
			time.Sleep(time.Duration(client%5) * 10 * time.Millisecond)
		}(client)
	}
	wg.Wait()
	waitForHeld(t, budget, 0)
	answer, err := http.Post(server.URL+"/x", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	wantJSONAnswer(t, answer, 200)
}
