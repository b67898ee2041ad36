// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/observability.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// Metrics, probes, request ids and the access log of a plugin (the Python plugin's
// observability.py and the TypeScript plugin's observability.ts, on net/http and log/slog).
//
//   - the id: X-Request-ID when it is 1-128 characters of [A-Za-z0-9._:-], else a new uuid4 hex;
//     echoed on the answer and kept in the request's context, so every log line written with that
//     context (the access line, the data source's own logging) carries it as request_id;
//   - metrics (metrics.go), the same families and labels as a Python plugin's:
//     http_requests_total{operation,method,status} and
//     http_request_duration_seconds{operation,method}. operation is what ObserveOptions.Operation
//     says for the contract's routes, `other` for anything else; method is an HTTP method or
//     `other`: nothing the caller sends becomes a label as it is, so the series stay bounded;
//   - one access line per request when it is answered: method, path (never the query string,
//     which may hold secrets), status, duration_ms, operation, request_id.
//
// It answers three paths itself, before the wrapped handler: GET /healthz (the process serves),
// GET /readyz (503 `stopping` once StartDraining was called, which Serve does on SIGTERM) and
// GET /metrics (Prometheus text; without Metrics the wrapped handler answers it: its 404). They
// are not counted, and their access lines are at debug level: probes do not flood the log.
//
// Two framing rules hold before any of that, for every path (RFC 9112, found by a hostile run):
//
//   - a path that is not clean (`//api/v1/...`, `/api/v1/../x`, `/./`, a trailing slash, an empty
//     path) is 404 in the contract's error shape: net/http's ServeMux would redirect it, with a
//     Location rebuilt from what the caller sent;
//   - a request with a chunked body gets `Connection: close` on its answer. net/http drops a
//     Content-Length sent beside Transfer-Encoding before any handler sees it, so the smuggling
//     case (both headers) cannot be told from a plain chunked request; closing after every
//     chunked request means nothing sent behind its body is ever read as a request of its own.
//
// The logger every line goes through is the logging package's NewLogger.

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	mathrand "math/rand/v2"
	"net/http"
	"net/textproto"
	"path"
	"strconv"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"acme-map/internal/contract/logging"
)

// The header of the request id (RequestIDHeader) and the paths Observe answers itself (HealthPath,
// ReadyPath, MetricsPath) are in runtime_constants_gen.go, shared by every language.

const (
	otherLabel     = OtherLabel
	maxRequestID   = 128
	maxLoggedPath  = 256
	requestIDField = LogRequestIDKey
)

// requestIDKey is the header's key as net/http stores it: looked up directly, never canonicalised
// again on every request.
var requestIDKey = textproto.CanonicalMIMEHeaderKey(RequestIDHeader)

// ServiceState says whether the service is draining: from StartDraining on, /readyz answers 503
// so the platform stops sending new requests while those in flight finish. The zero value serves.
type ServiceState struct {
	draining atomic.Bool
}

// StartDraining makes /readyz answer 503 from now on; calling it again changes nothing.
func (s *ServiceState) StartDraining() { s.draining.Store(true) }

// Draining reports whether StartDraining was called (false for a nil state).
func (s *ServiceState) Draining() bool { return s != nil && s.draining.Load() }

// RequestID is the caller's X-Request-ID when it is safe to log and echo as it is, else a new id.
func RequestID(header string) string {
	if usableRequestID(header) {
		return header
	}
	return newRequestID()
}

// RequestIDFrom is the id of the request ctx belongs to, "" outside a request Observe serves.
func RequestIDFrom(ctx context.Context) string { return logging.RequestIDFrom(ctx) }

func usableRequestID(id string) bool {
	if len(id) == 0 || len(id) > maxRequestID {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == ':' || c == '-') {
			return false
		}
	}
	return true
}

// newRequestID is a random version-4 UUID as 32 hex digits, the text of Python's uuid4().hex.
func newRequestID() string {
	var raw [16]byte
	if _, err := rand.Read(raw[:]); err != nil { // no system randomness: the id need not be secret
		for i := range raw {
			raw[i] = byte(mathrand.Uint32())
		}
	}
	raw[6] = raw[6]&0x0f | 0x40 // version 4
	raw[8] = raw[8]&0x3f | 0x80 // RFC 9562 variant
	var text [32]byte
	hex.Encode(text[:], raw[:])
	return string(text[:])
}

// ObserveOptions are what Observe counts into, logs to and answers from.
type ObserveOptions struct {
	// Metrics counts the requests; nil: nothing counted and /metrics left to the wrapped handler.
	Metrics *Metrics
	// Logger gets the access lines; nil: slog.Default().
	Logger *slog.Logger
	// State says when /readyz answers 503; nil: never.
	State *ServiceState
	// Operation is the operation label of a request the wrapped handler answered (the contract's
	// operationId for its routes); called after the handler, so a router may have marked the
	// request. nil, or "" for a request: `other`, as for an unmatched path in Python and TypeScript.
	Operation func(*http.Request) string
}

type observer struct {
	next   http.Handler
	opts   ObserveOptions
	logger *slog.Logger
}

// Observe wraps the whole service (router, error handling and all), so that even an answer the
// handler panicked before writing is counted (as 500) and every answer carries the request id.
func Observe(next http.Handler, opts ObserveOptions) http.Handler {
	logger := opts.Logger
	if logger == nil {
		logger = slog.Default()
	}
	return &observer{next: next, opts: opts, logger: logger}
}

func (o *observer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	started := time.Now()
	sent := ""
	if values := r.Header[requestIDKey]; len(values) > 0 {
		sent = values[0] // the first, as Python reads it
	}
	id := RequestID(sent)
	r = r.WithContext(logging.WithRequestID(r.Context(), id))
	w.Header()[requestIDKey] = []string{id}
	if len(r.TransferEncoding) > 0 {
		w.Header().Set("Connection", "close") // see the package comment: the smuggling case
	}
	if uncleanPath(r.URL.Path) {
		o.record(r, writeNotFound(w, r), time.Since(started))
		return
	}
	if status, answered := o.answerOwn(w, r); answered {
		o.logAccess(r, slog.LevelDebug, status, time.Since(started), slog.AnyValue(nil))
		return
	}
	recorder := &statusRecorder{ResponseWriter: w, requestID: id}
	returned := false
	defer func() { // deferred, so a panicking handler is counted too; the panic goes on
		status := recorder.status
		if status == 0 {
			status = http.StatusOK // what net/http sends for a handler that wrote nothing
			if !returned {
				status = http.StatusInternalServerError
			}
		}
		o.record(r, status, time.Since(started))
	}()
	o.next.ServeHTTP(recorder.writer(), r)
	returned = true
}

func (o *observer) record(r *http.Request, status int, elapsed time.Duration) {
	operation := otherLabel
	if o.opts.Operation != nil {
		if label := o.opts.Operation(r); label != "" {
			operation = label
		}
	}
	if o.opts.Metrics != nil {
		o.opts.Metrics.ObserveRequest(operation, methodLabel(r.Method), status, elapsed.Seconds())
	}
	o.logAccess(r, slog.LevelInfo, status, elapsed, slog.StringValue(operation))
}

var (
	healthyBody  = []byte(`{"status": "ok"}`)
	readyBody    = []byte(`{"status": "ready"}`)
	stoppingBody = []byte(`{"status": "stopping"}`)
)

// answerOwn answers the probe and metrics paths (GET and HEAD) and says whether it did.
func (o *observer) answerOwn(w http.ResponseWriter, r *http.Request) (int, bool) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return 0, false
	}
	switch r.URL.Path {
	case HealthPath:
		return writeOwn(w, r, http.StatusOK, "application/json", healthyBody), true
	case ReadyPath:
		if o.opts.State.Draining() {
			return writeOwn(w, r, http.StatusServiceUnavailable, "application/json", stoppingBody), true
		}
		return writeOwn(w, r, http.StatusOK, "application/json", readyBody), true
	case MetricsPath:
		if o.opts.Metrics == nil {
			return 0, false
		}
		var text bytes.Buffer
		_ = o.opts.Metrics.WriteText(&text) // a bytes.Buffer takes every write
		return writeOwn(w, r, http.StatusOK, MetricsContentType, text.Bytes()), true
	}
	return 0, false
}

// uncleanPath tells a path ServeMux would redirect to its clean form: doubled or trailing slashes,
// `.` or `..` segments (decoded ones included: URL.Path is decoded), and a path that is empty or
// does not start with `/`, which a request line in absolute form (`GET http://host HTTP/1.1`) or
// authority form (`CONNECT host:443`) leaves: ServeMux answered the first a 307 to `/` in
// text/html and the second its plain-text 404 (issue 40 point 5).
func uncleanPath(p string) bool {
	return p == "" || p[0] != '/' || path.Clean(p) != p
}

// notFoundText is the message of a 404 for an Accept-Language header. catalog.go sets the glue's
// own text in the caller's language when the package starts; this file alone (its tests build it
// without the catalogue) says it in English.
var notFoundText = func(string) string { return "Not found" }

// writeNotFound answers 404 in the contract's error shape, in the caller's language.
func writeNotFound(w http.ResponseWriter, r *http.Request) int {
	message := notFoundText(r.Header.Get("Accept-Language"))
	body, _ := json.Marshal(map[string]any{"error": true, "message": message}) // a map of plain values always marshals
	return writeOwn(w, r, http.StatusNotFound, "application/json", body)
}

func writeOwn(w http.ResponseWriter, r *http.Request, status int, contentType string, body []byte) int {
	header := w.Header()
	header.Set("Content-Type", contentType)
	if contentType != MetricsContentType {
		header.Set("Cache-Control", "no-store")
	}
	header.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body) // a caller gone away is no error of ours
	}
	return status
}

// methodLabel keeps the label set bounded: any other method a caller invents is `other`.
func methodLabel(method string) string {
	for _, known := range MethodLabels {
		if method == known {
			return method
		}
	}
	return otherLabel
}

// logAccess writes the access line; operation is null for the paths Observe answers itself.
func (o *observer) logAccess(r *http.Request, level slog.Level, status int, elapsed time.Duration, operation slog.Value) {
	ctx := r.Context()
	if !o.logger.Enabled(ctx, level) {
		return
	}
	method := methodLabel(r.Method)
	path := loggablePath(r.URL.Path)
	milliseconds := math.Round(elapsed.Seconds()*100000) / 100
	message := fmt.Sprintf("%s %s %d %.1f ms", method, path, status, milliseconds)
	o.logger.LogAttrs(logging.AccessLine(ctx), level, message,
		slog.String("method", method), slog.String("path", path), slog.Int("status", status),
		slog.Float64("duration_ms", milliseconds), slog.Attr{Key: "operation", Value: operation})
}

// loggablePath is the path cut to 256 characters, control characters as `?`: no forged log lines.
func loggablePath(path string) string {
	if utf8.RuneCountInString(path) <= maxLoggedPath && !logging.HasControl(path) {
		return path
	}
	out := make([]rune, 0, maxLoggedPath)
	for _, c := range path {
		if len(out) == maxLoggedPath {
			break
		}
		if logging.IsControl(c) {
			c = '?'
		}
		out = append(out, c)
	}
	return string(out)
}

// statusRecorder remembers the status the handler answers with and puts the request id on it,
// over any the handler set: the id in the answer is the one in the log.
type statusRecorder struct {
	http.ResponseWriter
	requestID string
	status    int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.Header()[requestIDKey] = []string{s.requestID}
		if code >= 200 || code == http.StatusSwitchingProtocols { // 1xx others: more to come
			s.status = code
		}
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(body []byte) (int, error) {
	if s.status == 0 {
		s.WriteHeader(http.StatusOK)
	}
	return s.ResponseWriter.Write(body)
}

// Unwrap lets http.ResponseController reach the connection's writer (deadlines, hijacking).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// writer is the recorder, with Flush when the underlying writer has it: a handler that streams
// tests for http.Flusher, and must find it as it would without Observe.
func (s *statusRecorder) writer() http.ResponseWriter {
	if _, ok := s.ResponseWriter.(http.Flusher); ok {
		return flushingRecorder{s}
	}
	return s
}

type flushingRecorder struct{ *statusRecorder }

func (f flushingRecorder) Flush() {
	if f.status == 0 {
		f.WriteHeader(http.StatusOK)
	}
	f.ResponseWriter.(http.Flusher).Flush()
}
