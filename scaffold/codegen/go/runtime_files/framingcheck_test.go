package contract

// The framing checker on its own (framingcheck.go): bytes in, what net/http would read out. Each
// case is fed whole, a byte at a time and in pieces of seven, and read back through buffers of
// one byte, of three and of net/http's 4096, since a request's boundaries fall anywhere in a read.

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// piecesConn is a connection whose peer sends `data` in pieces of `size` bytes, then hangs up.
type piecesConn struct {
	net.Conn
	data []byte
	size int
}

func (p *piecesConn) Read(b []byte) (int, error) {
	if len(p.data) == 0 {
		return 0, io.EOF
	}
	n := copy(b, p.data[:min(len(p.data), p.size, len(b))])
	p.data = p.data[n:]
	return n, nil
}

func (p *piecesConn) SetReadDeadline(time.Time) error { return nil }

// checked is what net/http reads of `sent` through the checker, read `readSize` bytes at a time.
func checked(sent string, pieceSize, readSize int) (string, error) {
	conn := &framedConn{Conn: &piecesConn{data: []byte(sent), size: pieceSize}}
	var out bytes.Buffer
	buffer := make([]byte, readSize)
	for range 1_000_000 {
		n, err := conn.Read(buffer)
		out.Write(buffer[:n])
		if err != nil {
			return out.String(), err
		}
	}
	return out.String(), errors.New("no end")
}

// eachWay runs check on what the checker passes of sent, for every way of sending and reading it.
func eachWay(t *testing.T, sent string, check func(t *testing.T, read string)) {
	t.Helper()
	for _, pieces := range []int{len(sent), 1, 7} {
		for _, reads := range []int{1, 3, 4096} {
			read, err := checked(sent, pieces, reads)
			if err != io.EOF {
				t.Fatalf("pieces of %d, reads of %d: %v", pieces, reads, err)
			}
			check(t, read)
		}
	}
}

const chunkedHead = "POST /x HTTP/1.1\r\nHost: p\r\nTransfer-Encoding: chunked\r\n\r\n"

func TestWellFramedRequestsPassUnchanged(t *testing.T) {
	full := "GET /y HTTP/1.1\r\nHost: p\r\nX-Pad: " + strings.Repeat("a", MaxHeadBytes-37) + "\r\n\r\n"
	cases := map[string]string{
		"a GET":                  "GET /x HTTP/1.1\r\nHost: p\r\n\r\n",
		"a Content-Length body":  "POST /x HTTP/1.1\r\nHost: p\r\ncontent-length: 5\r\n\r\nhello",
		"a zero Content-Length":  "POST /x HTTP/1.1\r\nHost: p\r\nContent-Length: 0\r\n\r\n",
		"a chunked body":         chunkedHead + "5\r\nhello\r\n10;name=\"v\"\r\n0123456789abcdef\r\n0\r\n\r\n",
		"trailers":               chunkedHead + "2\r\n{}\r\n0\r\nX-Sum: 1\r\nX-More: 2\r\n\r\n",
		"TE in any case":         "POST /x HTTP/1.1\r\nHost: p\r\nTRANSFER-ENCODING:  Chunked \r\n\r\n1\r\na\r\n0\r\n\r\n",
		"Expect: 100-continue":   "POST /x HTTP/1.1\r\nHost: p\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n{}",
		"a head of 16 KiB whole": full,
		"targets llhttp and net/http read alike": "GET * HTTP/1.1\r\n\r\nOPTIONS * HTTP/1.1\r\n\r\n" +
			"GET http://p/x?a=%zz HTTP/1.1\r\n\r\nCONNECT p:80 HTTP/1.1\r\n\r\n" +
			"GET /a/\"{b}\\|^`<>#f HTTP/1.1\r\n\r\n",
		"methods no route has": "PROPFIND /x HTTP/1.1\r\n\r\nget /x HTTP/1.1\r\n\r\n",
		"field names and values": "GET /x HTTP/1.1\r\nX-Tab: a\tb\r\nX-High: \x80\xff\r\nX-Empty:\r\n" +
			"X-Colon: a:b\r\n!#$%&'*+-.^_`|~: 1\r\n\r\n",
		"pipelined, every kind": "GET /a HTTP/1.1\r\nHost: p\r\n\r\n" +
			"POST /b HTTP/1.1\r\nHost: p\r\nContent-Length: 11\r\n\r\nGET /c HTTP" +
			chunkedHead + "3\r\nGET\r\n0\r\n\r\n" + "GET /d HTTP/1.0\r\n\r\n",
	}
	if len(full) != MaxHeadBytes {
		t.Fatalf("the whole head is %d bytes", len(full))
	}
	for name, sent := range cases {
		t.Run(name, func(t *testing.T) {
			eachWay(t, sent, func(t *testing.T, read string) {
				if read != sent {
					t.Fatalf("read %q", read[:min(len(read), 200)])
				}
			})
		})
	}
}

func TestEmptyLinesBeforeARequestAreSkipped(t *testing.T) {
	sent := "\r\nGET /a HTTP/1.1\r\nContent-Length: 1\r\n\r\nx\r\n\nGET /b HTTP/1.1\r\n\r\n"
	eachWay(t, sent, func(t *testing.T, read string) {
		if read != "GET /a HTTP/1.1\r\nContent-Length: 1\r\n\r\nxGET /b HTTP/1.1\r\n\r\n" {
			t.Fatalf("read %q", read)
		}
	})
}

// Request lines net/http refused in plain text (or read as llhttp does not) and llhttp refuses
// (RFC 9112 3); HTTP/0.9 and HTTP/2.0, which net/http answered 505, are 505.
var malformedRequestLines = map[string]string{
	"a fourth part":                   "GET /x HTTP/1.1 extra",
	"a space after the version":       "GET /x HTTP/1.1 ",
	"two spaces before the target":    "GET  /x HTTP/1.1",
	"two spaces before the version":   "GET /x  HTTP/1.1",
	"tabs between the parts":          "GET\t/x\tHTTP/1.1",
	"a space before the method":       " GET /x HTTP/1.1",
	"no target":                       "GET  HTTP/1.1",
	"no version":                      "GET /x",
	"the method alone":                "GET",
	"a method with @":                 "G@T /x HTTP/1.1",
	"a method with (":                 "G(T /x HTTP/1.1",
	"a control byte in the target":    "GET /x\x01y HTTP/1.1",
	"DEL in the target":               "GET /x\x7f HTTP/1.1",
	"a tab in the target":             "GET /x\ty HTTP/1.1",
	"a byte over 0x7f in the target":  "GET /x\xffy HTTP/1.1",
	"UTF-8 in the target":             "GET /w\xc3\xa9 HTTP/1.1",
	"a control byte in the query":     "GET /x?a=\x01 HTTP/1.1",
	"HTTP/1.2":                        "GET /x HTTP/1.2",
	"HTTP/3.0":                        "GET /x HTTP/3.0",
	"HTTP/1.10":                       "GET /x HTTP/1.10",
	"HTTP/1.1x":                       "GET /x HTTP/1.1x",
	"a version in lower case":         "GET /x http/1.1",
	"HTTX/1.1":                        "GET /x HTTX/1.1",
	"HTTP/0.9":                        "GET /x HTTP/0.9",
	"HTTP/2.0":                        "GET /x HTTP/2.0",
	"a target that is no path or URI": "GET x HTTP/1.1",
	"a URI without a scheme":          "GET :x/a HTTP/1.1",
	"a URI whose port is no number":   "GET http://p:b/x HTTP/1.1",
	"a URI without //":                "GET mailto:x HTTP/1.1",
}

// Field lines net/http and llhttp refuse (RFC 9110 5.1, 5.5; RFC 9112 5.1).
var malformedFieldLines = map[string]string{
	"a space in the name":        "Bad Header: x",
	"a parenthesis in the name":  "X(y): 1",
	"a slash in the name":        "X/Y: 1",
	"a control byte in the name": "X\x01y: 1",
	"a byte over 0x7f in a name": "X\xffy: 1",
	"a space before the colon":   "X-A : 1",
	"a tab before the colon":     "X-A\t: 1",
	"an empty name":              ": 1",
	"no colon":                   "NoColon",
	"a control byte in a value":  "X-A: a\x01b",
	"NUL in a value":             "X-A: a\x00b",
	"DEL in a value":             "X-A: a\x7fb",
	"a vertical tab in a value":  "X-A: a\x0bb",
}

func TestHeadsFramedAgainstRFC9112AreReplacedByARefusal(t *testing.T) {
	const ok = "POST /ok HTTP/1.1\r\nHost: p\r\nContent-Length: 2\r\n\r\n{}"
	cases := []struct {
		name, sent, passed string
		status             int
	}{
		{"a folded header line", "GET / HTTP/1.1\r\nHost: p\r\nX-A: 1\r\n  folded\r\n\r\n", "", 400},
		{"a folded line by a tab", "GET / HTTP/1.1\r\nHost: p\r\nX-A: 1\r\n\tfolded\r\n\r\n", "", 400},
		{"a bare LF after the request line", "GET / HTTP/1.1\nHost: p\r\n\r\n", "", 400},
		{"a bare LF after a header", "GET / HTTP/1.1\r\nHost: p\nX-A: 1\r\n\r\n", "", 400},
		{"a bare LF ending the head", "GET / HTTP/1.1\r\nHost: p\r\n\n", "", 400},
		{"a CR without LF", "GET / HTTP/1.1\r\nHost: p\rX-A: 1\r\n\r\n", "", 400},
		{"two equal Content-Lengths", "POST / HTTP/1.1\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\n{}", "", 400},
		{"one Content-Length field of two values", "POST / HTTP/1.1\r\nContent-Length: 2, 2\r\n\r\n{}", "", 400},
		{"a signed Content-Length", "POST / HTTP/1.1\r\nContent-Length: +2\r\n\r\n{}", "", 400},
		{"an empty Content-Length", "POST / HTTP/1.1\r\nContent-Length:\r\n\r\n", "", 400},
		{"Content-Length then Transfer-Encoding", "POST / HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "", 400},
		{"Transfer-Encoding then Content-Length", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n", "", 400},
		{"gzip, chunked", "POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", "", 400},
		{"chunked in two fields", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "", 400},
		{"chunked, chunked", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n", "", 400},
		{"identity", "POST / HTTP/1.1\r\nTransfer-Encoding: identity\r\n\r\n", "", 400},
		{"chunked in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "", 400},
		{"a head over 16 KiB", "GET / HTTP/1.1\r\nX-Pad: " + strings.Repeat("a", MaxHeadBytes) + "\r\n\r\n", "", 431},
		{"a head one byte over", "GET /y HTTP/1.1\r\nHost: p\r\nX-Pad: " + strings.Repeat("a", MaxHeadBytes-36) + "\r\n\r\n", "", 431},
		{"a bad head behind a good request", ok + "GET / HTTP/1.1\r\nHost: p\r\n folded\r\n\r\n", ok, 400},
		{"a bad request line behind a good request", ok + "GET / HTTP/1.1 extra\r\n\r\n", ok, 400},
	}
	for name, line := range malformedRequestLines {
		status := 400
		if strings.HasSuffix(line, " HTTP/0.9") || strings.HasSuffix(line, " HTTP/2.0") {
			status = 505
		}
		cases = append(cases, struct {
			name, sent, passed string
			status             int
		}{name, line + "\r\nHost: p\r\n\r\n", "", status})
	}
	for name, field := range malformedFieldLines {
		cases = append(cases, struct {
			name, sent, passed string
			status             int
		}{name, "GET / HTTP/1.1\r\nHost: p\r\n" + field + "\r\nX-After: 1\r\n\r\n", "", 400})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			eachWay(t, c.sent, func(t *testing.T, read string) {
				rest, found := strings.CutPrefix(read, c.passed)
				if !found {
					t.Fatalf("read %q, not %q first", read, c.passed)
				}
				request, err := http.ReadRequest(bufio.NewReader(strings.NewReader(rest)))
				if err != nil {
					t.Fatalf("the substitute %q does not read as a request: %v", rest, err)
				}
				status, reason, refused := FramingRefusal(request)
				if !refused || status != c.status || reason == "" {
					t.Fatalf("refusal %v %d %q from %q, want %d", refused, status, reason, rest, c.status)
				}
				if request.URL.Path != framingPath || request.ContentLength != 1 {
					t.Fatalf("the substitute is %q", rest)
				}
			})
		})
	}
}

func TestARefusalCarriesNothingOfTheRefusedHead(t *testing.T) {
	sent := "GET / HTTP/1.1\r\nAccept-Language: en-US,en;q=0.9\r\nX-A: 1\r\n folded\r\n\r\n"
	read, _ := checked(sent, len(sent), 4096)
	request, err := http.ReadRequest(bufio.NewReader(strings.NewReader(read)))
	if err != nil || request.Header.Get("Accept-Language") != "" || request.Header.Get("X-A") != "" {
		t.Fatalf("substitute %q (%v)", read, err)
	}
}

func TestAForgedRefusalIsAnOrdinaryRequest(t *testing.T) {
	for _, value := range []string{"0123456789abcdef0123456789abcdef 400 x", framingMark, "", framingMark + " x"} {
		request := &http.Request{Header: http.Header{framingHeader: {value}}}
		if _, _, refused := FramingRefusal(request); refused {
			t.Errorf("%q was read as a refusal", value)
		}
	}
}

func TestAChunkedBodyFramedWronglyEndsWhereItGoesWrong(t *testing.T) {
	cases := map[string]string{
		"a bare LF after a chunk size":   "5\nhello\r\n0\r\n\r\n",
		"no CRLF after a chunk's data":   "5\r\nhelloX\r\n0\r\n\r\n",
		"a space before the size's CRLF": "5 \r\nhello\r\n0\r\n\r\n",
		"no size at all":                 "\r\nhello\r\n0\r\n\r\n",
		"a size of 17 hex digits":        "00000000000000005\r\nhello\r\n0\r\n\r\n",
		"a folded trailer":               "0\r\nX-A: 1\r\n folded\r\n\r\n",
		"a bare LF after a trailer":      "0\r\nX-A: 1\n\r\n",
		"a bare LF ending the trailers":  "0\r\n\n",
		"a control byte in an extension": "5;a=\x01\r\nhello\r\n0\r\n\r\n",
		"an extension over 4 KiB":        "5;" + strings.Repeat("a", maxChunkLine) + "\r\nhello\r\n0\r\n\r\n",
		"trailers over 16 KiB":           "0\r\nX-A: " + strings.Repeat("a", MaxHeadBytes) + "\r\n\r\n",
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			sent := chunkedHead + body + "GET /smuggled HTTP/1.1\r\nHost: p\r\n\r\n"
			eachWay(t, sent, func(t *testing.T, read string) {
				if !strings.HasPrefix(read, chunkedHead) || len(read) >= len(chunkedHead)+len(body) {
					t.Fatalf("read %q", read[:min(len(read), 300)])
				}
			})
		})
	}
}

func TestAStrayPercentInThePathIsEscapedSoThePathIsAnOrdinary404(t *testing.T) {
	cases := map[string]string{
		"GET /api/v1/% HTTP/1.1\r\n\r\n":            "GET /api/v1/%25 HTTP/1.1\r\n\r\n",
		"GET /api/v1/%zz?q=%zz HTTP/1.1\r\n\r\n":    "GET /api/v1/%25zz?q=%zz HTTP/1.1\r\n\r\n",
		"GET /a%2/%%41%ff HTTP/1.1\r\nX: %\r\n\r\n": "GET /a%252/%25%41%ff HTTP/1.1\r\nX: %\r\n\r\n",
		"GET /api/v1/well-known HTTP/1.1\r\n\r\n":   "GET /api/v1/well-known HTTP/1.1\r\n\r\n",
	}
	for sent, want := range cases {
		for _, chunk := range []int{1, 3, len(sent)} {
			if read, _ := checked(sent, chunk, 4096); read != want {
				t.Errorf("%q in %d-byte reads: read %q, want %q", sent, chunk, read, want)
			}
		}
	}
}

// controlFree reads eight bytes at a time: it must say what a byte-by-byte look says, for every
// byte at every place in a word and in the tail, beside bytes that pass.
func TestControlFreeAgreesWithAByteByByteLook(t *testing.T) {
	for _, filler := range []byte{'a', '\t', ' ', 0x80, 0xff, '~'} {
		for size := 1; size <= 19; size++ {
			for at := range size {
				for b := range 256 {
					value := bytes.Repeat([]byte{filler}, size)
					value[at] = byte(b)
					if got, want := controlFree(value), controlFreeBytes(value); got != want {
						t.Fatalf("%q: %v, byte by byte %v", value, got, want)
					}
				}
			}
		}
	}
}
