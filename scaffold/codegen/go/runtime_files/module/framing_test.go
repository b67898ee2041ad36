package module

// A module backend served through the contract's FrameRequests, as cmd/<project>/main.go serves
// it: a request framed against RFC 9112 is answered in the module's error shape with the table's
// text for its status and `Connection: close`, and the connection ends; a well-framed request on a
// connection of its own is served as before (the demo endpoint, its body read as usual).

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"example.com/plugin/internal/contract"
)

// framedModule is the address of a module backend (the demo endpoint only) behind FrameRequests.
func framedModule(t *testing.T) string {
	t.Helper()
	demo := func(call DemoCall) (json.Marshaler, error) {
		return json.RawMessage(strconv.Quote(call.Message)), nil
	}
	handler, err := New(Options{Demo: demo, Document: []byte(`{"openapi": "3.1.0", "paths": {}}`),
		Locales: []string{"ru-RU", "en-US"}, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	server := &http.Server{Handler: handler, ReadHeaderTimeout: 5 * time.Second, IdleTimeout: 10 * time.Second}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = server.Serve(contract.FrameRequests(listener, server)) }()
	t.Cleanup(func() { _ = server.Close() })
	return listener.Addr().String()
}

// exchange sends raw on a new connection and reads one answer; refused, it also reads on and says
// whether the connection then ended (a kept-alive one waits for its deadline).
func exchange(t *testing.T, addr, raw string, refused bool) (*http.Response, []byte, bool) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	reader := bufio.NewReader(conn)
	response, err := http.ReadResponse(reader, nil)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(response.Body)
	if err != nil {
		t.Fatal(err)
	}
	if !refused {
		return response, body, false
	}
	_, after := reader.ReadByte()
	return response, body, after == io.EOF
}

func TestRequestsFramedAgainstRFC9112AreRefusedInTheErrorShape(t *testing.T) {
	addr := framedModule(t)
	post := "POST " + DemoStatusPath + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
	body := `{"message": "ping"}`
	length := "Content-Length: " + strconv.Itoa(len(body)) + "\r\n"
	cases := map[string]struct {
		raw    string
		status int
	}{
		"a folded header line":                 {post + length + "X-A: 1\r\n  folded\r\n\r\n" + body, 400},
		"a bare LF":                            {post + length + "X-A: 1\n\r\n" + body, 400},
		"two Content-Lengths":                  {post + length + length + "\r\n" + body, 400},
		"Content-Length and chunked":           {post + length + "Transfer-Encoding: chunked\r\n\r\n" + body, 400},
		"a transfer coding other than chunked": {post + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 400},
		"a head over MaxHeadBytes":             {post + "X-Big: " + strings.Repeat("a", contract.MaxHeadBytes) + "\r\n\r\n", 431},
		"a request line of four parts":         {"POST " + DemoStatusPath + " HTTP/1.1 x\r\nHost: x\r\n" + length + "\r\n" + body, 400},
		"a field name that is no token":        {post + length + "Bad Header: x\r\n\r\n" + body, 400},
		"HTTP/2.0":                             {"POST " + DemoStatusPath + " HTTP/2.0\r\nHost: x\r\n" + length + "\r\n" + body, 505},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			response, answer, ended := exchange(t, addr, c.raw, true)
			message := Text(TextHTTPOther, map[string]string{"status": strconv.Itoa(c.status)})
			if c.status == http.StatusRequestHeaderFieldsTooLarge {
				message = Text(TextHTTP431, nil)
			}
			want := `{"error":true,"message":` + strconv.Quote(message) + `}`
			if response.StatusCode != c.status || string(answer) != want {
				t.Fatalf("answered %d %s, want %d %s", response.StatusCode, answer, c.status, want)
			}
			if !response.Close || !ended { // Connection: close (ReadResponse takes it into Close)
				t.Errorf("the connection did not end (Connection: close %v, ended %v)", response.Close, ended)
			}
		})
	}
	response, answer, _ := exchange(t, addr, post+length+"\r\n"+body, false)
	if response.StatusCode != http.StatusOK || string(answer) != `"ping"` {
		t.Fatalf("a well-framed request: %d %s", response.StatusCode, answer)
	}
}
