package contract

// The body limits over real connections: what a client sees (413 read whole or before sending,
// 503 with Retry-After, 408 for a body that stops or crawls) and that nothing stays held. The
// budget's own tests and the helpers are in bodylimits_test.go.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func limitedServer(t *testing.T, limit int64, budget *BodyBudget) *httptest.Server {
	return pacedServer(t, limit, budget, BodyPace{})
}

// pacedServer is limitedServer with the bodies held to `pace`.
func pacedServer(t *testing.T, limit int64, budget *BodyBudget, pace BodyPace) *httptest.Server {
	server := httptest.NewServer(limitedHandler(limit, budget, pace))
	t.Cleanup(server.Close)
	return server
}

func limitedHandler(limit int64, budget *BodyBudget, pace BodyPace) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, release, err := ReadBody(w, r, limit, budget, pace)
		defer release()
		var refused *BodyRefused
		switch {
		case errors.As(err, &refused):
			if refused.Stalled {
				w.Header().Set("Connection", "close")
			} else if !refused.TooLarge {
				w.Header().Set("Retry-After", strconv.Itoa(RetryAfterSeconds))
			}
			writeLimitJSON(w, refused.StatusCode(), map[string]any{"error": true, "message": refused.Error()})
		case err != nil:
			return // the client hung up: nobody to answer
		default:
			writeLimitJSON(w, http.StatusOK, map[string]any{"size": len(body)})
		}
	}
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
	head := "POST /api/v1/query/get-result HTTP/1.1\r\nHost: plugin\r\nContent-Length: 1020\r\n\r\n"
	sent := `{"dataQuery": [` + strings.Repeat(" ", 1000-len(`{"dataQuery": [`))
	if _, err := io.WriteString(slow, head+sent); err != nil {
		t.Fatal(err)
	}
	waitForHeld(t, budget, 1000) // the unfinished body holds the 1000 bytes it sent of the 1024
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

// sendHead opens a connection to `server` and sends a POST of `path` declaring `length` bytes,
// with the first bytes of its body.
func sendHead(t *testing.T, server *httptest.Server, path string, length int, first string) net.Conn {
	t.Helper()
	conn := dialLimited(t, server)
	head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: plugin\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", path, length)
	if _, err := io.WriteString(conn, head+first); err != nil {
		t.Fatal(err)
	}
	return conn
}

func TestIdleUploadsReserveNothing(t *testing.T) {
	// Seven bodies that declare a seventh of the budget each (9.1 MiB, under the 10 MiB limit)
	// and send ten bytes: reserved whole, they held it all, and every other body was refused.
	budget := NewBodyBudget(MaxBodyBytesInFlight)
	var reading atomic.Int32
	handler := limitedHandler(MaxBodyBytes, budget, BodyPace{})
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reading.Add(1)
		handler(w, r)
	}))
	t.Cleanup(server.Close)
	for range 7 {
		sendHead(t, server, "/api/v1/query/get-result", MaxBodyBytesInFlight/7, `{"dataQuer`)
	}
	for deadline := time.Now().Add(10 * time.Second); reading.Load() < 7 || budget.Held() < 70; {
		if time.Now().After(deadline) {
			t.Fatalf("%d uploads read, %d bytes held", reading.Load(), budget.Held())
		}
		time.Sleep(5 * time.Millisecond)
	}
	answer, err := http.Post(server.URL+"/api/v1/query/get-result", "application/json",
		strings.NewReader(`{"dataQuery": [{"refID": "A"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	wantJSONAnswer(t, answer, 200)
	if held := budget.Held(); held != 70 {
		t.Errorf("the idle uploads hold %d bytes, want the 70 they sent", held)
	}
}

// stallServer is a Server of the contract (no data source behind it: a body that stalls never
// reaches one) whose bodies may stall 300 ms, and the first operation that takes a body.
func stallServer(t *testing.T) (*Server, *httptest.Server, string) {
	t.Helper()
	secrets, err := NewSecretBox(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	plugin, err := NewServer(ServerOptions{Handler: struct{ Handler }{}, Catalog: NewCatalog(nil), Secrets: secrets,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), BodyStallSeconds: 0.3})
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range Operations {
		if op.HTTPMethod == http.MethodPost {
			server := httptest.NewServer(plugin)
			t.Cleanup(server.Close)
			return plugin, server, BasePath + op.Path
		}
	}
	t.Skip("the contract has no operation with a body")
	return nil, nil, ""
}

func TestABodyThatStopsGets408AndAClosedConnection(t *testing.T) {
	plugin, server, path := stallServer(t)
	conn := sendHead(t, server, path, 100, `{"dataQuer`)
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	started := time.Now()
	reader := bufio.NewReader(conn)
	answer, err := http.ReadResponse(reader, nil)
	if err != nil {
		t.Fatalf("no answer to a stalled body: %v", err)
	}
	if elapsed := time.Since(started); elapsed < 250*time.Millisecond {
		t.Errorf("answered after %v, before the 300 ms stall", elapsed)
	}
	if !answer.Close { // net/http's reading of `Connection: close`
		t.Error("the answer does not close the connection")
	}
	body := wantJSONAnswer(t, answer, http.StatusRequestTimeout)
	want := RuntimeText(DefaultLocale, "body.stalled", nil)
	if body["error"] != true || body["message"] != want || want == "body.stalled" {
		t.Errorf("body %v, want the error %q", body, want)
	}
	if rest, err := io.ReadAll(reader); err != nil || len(rest) != 0 {
		t.Errorf("the connection was not closed after the answer: %q, %v", rest, err)
	}
	waitForHeld(t, plugin.budget, 0)
}

func TestABodyBelowTheMinimumRateGets408(t *testing.T) {
	budget := NewBodyBudget(MaxBodyBytesInFlight)
	// 1000 bytes a second once past 300 ms; the client sends 10 bytes every 50 ms (200 a second),
	// never 300 ms without a byte.
	server := pacedServer(t, MaxBodyBytes, budget, BodyPace{Stall: 300 * time.Millisecond, MinBytesPerSecond: 1000})
	conn := sendHead(t, server, "/x", 100000, "")
	stop := make(chan struct{})
	trickled := make(chan time.Duration, 1)
	go func() {
		started := time.Now()
		defer func() { trickled <- time.Since(started) }()
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if _, err := io.WriteString(conn, "          "); err != nil {
				return
			}
		}
	}()
	answer, err := http.ReadResponse(bufio.NewReader(conn), nil)
	close(stop)
	if err != nil {
		t.Fatalf("no answer to a trickling body: %v", err)
	}
	wantJSONAnswer(t, answer, http.StatusRequestTimeout)
	if !answer.Close { // net/http's reading of `Connection: close`
		t.Error("the answer does not close the connection")
	}
	if elapsed := <-trickled; elapsed > 5*time.Second {
		t.Errorf("the trickle went on for %v", elapsed)
	}
	waitForHeld(t, budget, 0)
}

func TestASlowBodyThatKeepsItsPaceIsReadWhole(t *testing.T) {
	// 2000 bytes in 20 pieces, one every 30 ms: past the 300 ms stall window, at 3300 bytes a
	// second; the handler then runs past the stall and the server's ReadTimeout, and its request
	// is not cut (no deadline is left on the connection).
	budget := NewBodyBudget(MaxBodyBytesInFlight)
	read := limitedHandler(MaxBodyBytes, budget, BodyPace{Stall: 300 * time.Millisecond, MinBytesPerSecond: 1000})
	server := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		read(discardingWriter{w}, r)
		time.Sleep(600 * time.Millisecond)
		if r.Context().Err() != nil {
			w.WriteHeader(http.StatusInternalServerError) // a read deadline passed while it ran
			return
		}
		writeLimitJSON(w, http.StatusOK, map[string]any{"held": budget.Held()})
	}))
	server.Config.ReadTimeout = time.Second
	server.Start()
	t.Cleanup(server.Close)
	conn := sendHead(t, server, "/x", 2000, "")
	for range 20 {
		time.Sleep(30 * time.Millisecond)
		if _, err := conn.Write(bytes.Repeat([]byte(" "), 100)); err != nil {
			t.Fatal(err)
		}
	}
	answer, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	wantJSONAnswer(t, answer, http.StatusOK)
}

func TestABodyIsNotWaitedForPastTheServersReadTimeout(t *testing.T) {
	// The body's deadlines replace the one net/http sets for ReadTimeout: they must not go past it.
	server := httptest.NewUnstartedServer(limitedHandler(MaxBodyBytes, nil, BodyPace{}))
	server.Config.ReadTimeout = 500 * time.Millisecond
	server.Start()
	t.Cleanup(server.Close)
	conn := sendHead(t, server, "/x", 1000, `{"dataQuer`)
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	answer, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer within 5 s to a body that stopped, under a ReadTimeout of 500 ms: %v", err)
	}
	wantJSONAnswer(t, answer, http.StatusRequestTimeout)
}

// discardingWriter lets limitedHandler read a body without answering (the test answers later),
// and reaches the connection's deadlines through Unwrap.
type discardingWriter struct{ w http.ResponseWriter }

func (d discardingWriter) Header() http.Header         { return http.Header{} }
func (d discardingWriter) Write(p []byte) (int, error) { return len(p), nil }
func (d discardingWriter) WriteHeader(int)             {}
func (d discardingWriter) Unwrap() http.ResponseWriter { return d.w }
