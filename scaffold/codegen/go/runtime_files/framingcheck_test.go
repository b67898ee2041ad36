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
