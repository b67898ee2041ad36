package contract

// FrameRequests on a real net/http server in front of a Server of the contract: every refusal is
// answered in the error shape and the default language with `Connection: close`, and the
// connection ends; what was well framed is served as before: bodies of both framings, keep-alive,
// pipelining, `Expect: 100-continue`, a body's stall (408, its deadline set through
// http.ResponseController) and the time a head may take.

import (
	"bufio"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// framedServer serves, through FrameRequests, a Server of the contract (no data source behind it;
// bodies may stall 300 ms) and /echo, which answers a request's body. It is the address and the
// first operation that takes a body.
func framedServer(t *testing.T, headTimeout time.Duration) (string, string) {
	t.Helper()
	secrets, err := NewSecretBox(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	plugin, err := NewServer(ServerOptions{Handler: struct{ Handler }{}, Secrets: secrets,
		Catalog: NewCatalog(map[string]map[string]string{"en-US": {}}), BodyStallSeconds: 0.3,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	server := &http.Server{
		ReadHeaderTimeout: headTimeout,
		IdleTimeout:       10 * time.Second,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/echo" {
				plugin.ServeHTTP(w, r)
				return
			}
			body, err := io.ReadAll(r.Body)
			if err != nil {
				w.WriteHeader(http.StatusBadRequest)
			}
			_, _ = w.Write(body)
		}),
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = server.Serve(FrameRequests(listener, server)) }()
	t.Cleanup(func() { _ = server.Close() })
	for _, op := range Operations {
		if op.HTTPMethod == http.MethodPost {
			return listener.Addr().String(), BasePath + op.Path
		}
	}
	t.Skip("the contract has no operation with a body")
	return "", ""
}

// framedDial is a connection to addr that sends `sent` at once, and its reader.
func framedDial(t *testing.T, addr, sent string) (net.Conn, *bufio.Reader) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, sent); err != nil {
		t.Fatal(err)
	}
	return conn, bufio.NewReader(conn)
}

// wantAnswer reads the next answer on reader: its status and body.
func wantAnswer(t *testing.T, reader *bufio.Reader, status int, body string) *http.Response {
	t.Helper()
	answer, err := http.ReadResponse(reader, nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	read, _ := io.ReadAll(answer.Body)
	if answer.StatusCode != status || string(read) != body {
		t.Fatalf("answer %d %q, want %d %q", answer.StatusCode, read, status, body)
	}
	return answer
}

// wantRefusal reads a refusal in the error shape and then the connection's end.
func wantRefusal(t *testing.T, reader *bufio.Reader, status int, message string) {
	t.Helper()
	answer, err := http.ReadResponse(reader, nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	var body map[string]any
	if err := json.NewDecoder(answer.Body).Decode(&body); err != nil {
		t.Fatalf("the body is not JSON: %v", err)
	}
	if answer.StatusCode != status || !answer.Close || answer.Header.Get("Content-Type") != "application/json" ||
		body["error"] != true || body["message"] != message || len(body) != 2 {
		t.Fatalf("answer %d %v %v, want %d %q and Connection: close", answer.StatusCode, answer.Header, body, status, message)
	}
	if rest, err := io.ReadAll(reader); err != nil || len(rest) != 0 {
		t.Fatalf("the connection went on after the refusal: %q, %v", rest, err)
	}
}

func TestEveryRefusalIsAnsweredInTheErrorShapeAndTheConnectionEnds(t *testing.T) {
	addr, _ := framedServer(t, 0)
	const head = "POST /echo HTTP/1.1\r\nHost: p\r\nAccept-Language: en-US\r\n"
	cases := map[string]string{
		"a folded line":               head + "X-A: 1\r\n folded\r\nContent-Length: 2\r\n\r\n{}",
		"a bare LF":                   head + "X-A: 1\nContent-Length: 2\r\n\r\n{}",
		"two equal Content-Lengths":   head + "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
		"Content-Length: 2, 2":        head + "Content-Length: 2, 2\r\n\r\n{}",
		"Content-Length and chunked":  head + "Content-Length: 7\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
		"gzip, chunked":               head + "Transfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
		"chunked twice":               head + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
		"identity":                    head + "Transfer-Encoding: identity\r\n\r\n",
		"a head over 16 KiB":          head + "X-Pad: " + strings.Repeat("a", MaxHeadBytes) + "\r\n\r\n",
		"a head over 16 KiB, a body":  head + "X-Pad: " + strings.Repeat("a", MaxHeadBytes) + "\r\nContent-Length: 1000000\r\n\r\n" + strings.Repeat("b", 1000000),
		"behind a body that is wrong": head + "Content-Length: 2\r\nX-A: 1\r\n folded\r\n\r\n" + strings.Repeat("b", 1000000),
	}
	for name, sent := range cases {
		t.Run(name, func(t *testing.T) {
			status := http.StatusBadRequest
			if strings.Contains(name, "16 KiB") {
				status = http.StatusRequestHeaderFieldsTooLarge
			}
			_, reader := framedDial(t, addr, sent)
			message := RuntimeText(DefaultLocale, "http.other", map[string]string{"status": "400"})
			if status == http.StatusRequestHeaderFieldsTooLarge {
				message = RuntimeText(DefaultLocale, "http.431", nil)
			}
			wantRefusal(t, reader, status, message)
		})
	}
	_, reader := framedDial(t, addr, "GET /echo HTTP/1.1\r\nHost: p\r\n folded\r\n\r\n")
	wantRefusal(t, reader, http.StatusBadRequest, RuntimeText(DefaultLocale, "http.other", map[string]string{"status": "400"}))
}

func TestAMalformedRequestLineOrFieldIsAnsweredInTheErrorShape(t *testing.T) {
	addr, _ := framedServer(t, 0)
	cases := map[string]int{
		"GET /echo HTTP/1.1 extra\r\nHost: p\r\n\r\n":            400,
		"G(T /echo HTTP/1.1\r\nHost: p\r\n\r\n":                  400,
		"GET /ec\x01ho HTTP/1.1\r\nHost: p\r\n\r\n":              400,
		"GET /echo HTTP/1.2\r\nHost: p\r\n\r\n":                  400,
		"GET /echo HTTP/2.0\r\nHost: p\r\n\r\n":                  505,
		"GET /echo HTTP/1.1\r\nHost: p\r\nBad Header: x\r\n\r\n": 400,
		"GET /echo HTTP/1.1\r\nHost: p\r\nX(y): 1\r\n\r\n":       400,
		"GET /echo HTTP/1.1\r\nHost: p\r\nX-A: \x01\r\n\r\n":     400,
	}
	for sent, status := range cases {
		t.Run(sent[:strings.IndexByte(sent, '\r')], func(t *testing.T) {
			_, reader := framedDial(t, addr, sent)
			wantRefusal(t, reader, status, RuntimeText(DefaultLocale, "http.other", map[string]string{"status": strconv.Itoa(status)}))
		})
	}
}

func TestKeepAliveAndPipelinedRequestsAreServedAsBefore(t *testing.T) {
	addr, _ := framedServer(t, 0)
	conn, reader := framedDial(t, addr, "POST /echo HTTP/1.1\r\nHost: p\r\nContent-Length: 5\r\n\r\nhello"+
		"POST /echo HTTP/1.1\r\nHost: p\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\nX-T: 1\r\n\r\n"+
		"GET /echo HTTP/1.1\r\nHost: p\r\n\r\n")
	wantAnswer(t, reader, 200, "hello")
	wantAnswer(t, reader, 200, "abcde")
	wantAnswer(t, reader, 200, "")
	if _, err := io.WriteString(conn, "POST /echo HTTP/1.1\r\nHost: p\r\nContent-Length: 4\r\n\r\nnext"+
		"GET /echo HTTP/1.1\r\nHost: p\r\nAccept-Language: en\r\nX-A: 1\r\n\tfolded\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	wantAnswer(t, reader, 200, "next")
	wantRefusal(t, reader, http.StatusBadRequest, RuntimeText(DefaultLocale, "http.other", map[string]string{"status": "400"}))
}

func TestExpectContinueIsAnsweredBeforeTheBodyIsSent(t *testing.T) {
	addr, _ := framedServer(t, 0)
	conn, reader := framedDial(t, addr, "POST /echo HTTP/1.1\r\nHost: p\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
	line, err := reader.ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 100 ") {
		t.Fatalf("no 100 Continue before the body: %q, %v", line, err)
	}
	if _, err := reader.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(conn, "{}"); err != nil {
		t.Fatal(err)
	}
	wantAnswer(t, reader, 200, "{}")
}

func TestABodyThatStopsIsStill408(t *testing.T) {
	addr, path := framedServer(t, 0)
	_, reader := framedDial(t, addr, "POST "+path+" HTTP/1.1\r\nHost: p\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"dataQuer")
	started := time.Now()
	answer, err := http.ReadResponse(reader, nil)
	if err != nil || answer.StatusCode != http.StatusRequestTimeout || !answer.Close {
		t.Fatalf("answer %v, %v: want 408 and Connection: close", answer, err)
	}
	if elapsed := time.Since(started); elapsed < 250*time.Millisecond || elapsed > 5*time.Second {
		t.Fatalf("answered after %v, the stall is 300 ms", elapsed)
	}
}

func TestAHeadOnAKeptConnectionHasTheHeadTimeoutNotTheIdleOne(t *testing.T) {
	addr, _ := framedServer(t, 300*time.Millisecond)
	conn, reader := framedDial(t, addr, "GET /echo HTTP/1.1\r\nHost: p\r\n\r\n")
	wantAnswer(t, reader, 200, "")
	time.Sleep(500 * time.Millisecond) // idle longer than a head may take: the connection stays
	if _, err := io.WriteString(conn, "GET /echo HTTP/1.1\r\nHost: p\r\n\r\nGET /echo HTTP/1.1\r\nHo"); err != nil {
		t.Fatal(err)
	}
	wantAnswer(t, reader, 200, "")
	started := time.Now()
	if rest, err := io.ReadAll(reader); err != nil || len(rest) != 0 {
		t.Fatalf("a head that stopped got %q, %v", rest, err)
	}
	if elapsed := time.Since(started); elapsed > 3*time.Second {
		t.Fatalf("a head that stopped was waited for %v (the idle timeout is 10 s)", elapsed)
	}
}
