package contract

// Tests of observability.go through net/http/httptest: request ids, the probes, what is counted,
// the access line (one line per request whatever the path holds) and the logger's settings.

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"example.com/plugin/internal/contract/logging"
)

var newIDPattern = regexp.MustCompile(`^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$`)

// syncBuffer is a log destination the server's goroutines and the test may share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) lines() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Split(strings.TrimSuffix(b.buf.String(), "\n"), "\n")
}

type observed struct {
	handler http.Handler
	metrics *Metrics
	state   *ServiceState
	log     *syncBuffer
}

// newObserved wraps a small app: /api/v1/items answers 200 (operation getItems), /api/v1/quiet
// answers without writing, everything else 404 (no operation).
func newObserved(t *testing.T, format, level string) *observed {
	t.Helper()
	log := &syncBuffer{}
	logger, err := NewLogger(log, format, level)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/v1/items", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(RequestIDHeader, "set-by-the-handler")
		_, _ = w.Write([]byte(RequestIDFrom(r.Context())))
	})
	mux.HandleFunc("/api/v1/quiet", func(http.ResponseWriter, *http.Request) {})
	o := &observed{metrics: NewMetrics(), state: &ServiceState{}, log: log}
	o.handler = Observe(mux, ObserveOptions{
		Metrics: o.metrics, Logger: logger, State: o.state,
		Operation: func(r *http.Request) string {
			return map[string]string{"/api/v1/items": "getItems", "/api/v1/quiet": "quiet"}[r.URL.Path]
		},
	})
	return o
}

func (o *observed) serve(method, target string, header http.Header) *httptest.ResponseRecorder {
	request := httptest.NewRequest(method, target, nil)
	for name, values := range header {
		request.Header[name] = values
	}
	answer := httptest.NewRecorder()
	o.handler.ServeHTTP(answer, request)
	return answer
}

func TestRequestIDRules(t *testing.T) {
	tests := []struct {
		name, sent string
		kept       bool
	}{
		{"usable", "abc-123", true},
		{"every allowed character", "AZaz09._:-", true},
		{"128 characters", strings.Repeat("a", 128), true},
		{"129 characters", strings.Repeat("a", 129), false},
		{"empty", "", false},
		{"space", "a b", false},
		{"newline", "abc\n", false},
		{"slash", "a/b", false},
		{"non-ASCII", "идентификатор", false},
		{"log forgery", "x\nERROR forged", false},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			got := RequestID(test.sent)
			if test.kept && got != test.sent {
				t.Errorf("RequestID(%q) = %q, want it kept", test.sent, got)
			}
			if !test.kept && !newIDPattern.MatchString(got) {
				t.Errorf("RequestID(%q) = %q, want a new uuid4 hex", test.sent, got)
			}
		})
	}
	if RequestID("") == RequestID("") {
		t.Error("two new ids are equal")
	}
}

func TestRequestIDIsEchoedAndInTheContext(t *testing.T) {
	tests := []struct {
		name   string
		header http.Header
		want   string // "" for a new id
	}{
		{"usable id", http.Header{"X-Request-Id": {"caller-1"}}, "caller-1"},
		{"the first of two", http.Header{"X-Request-Id": {"first", "second"}}, "first"},
		{"unusable id", http.Header{"X-Request-Id": {"bad id"}}, ""},
		{"no id", nil, ""},
	}
	o := newObserved(t, "json", "info")
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			answer := o.serve("GET", "/api/v1/items", test.header)
			echoed := answer.Header().Values(RequestIDHeader)
			if len(echoed) != 1 || echoed[0] != answer.Body.String() {
				t.Fatalf("echoed %q, the handler saw %q", echoed, answer.Body.String())
			}
			if test.want != "" && echoed[0] != test.want || test.want == "" && !newIDPattern.MatchString(echoed[0]) {
				t.Errorf("id %q, want %q", echoed[0], test.want)
			}
		})
	}
	if id := RequestIDFrom(context.Background()); id != "" {
		t.Errorf("an id outside a request: %q", id)
	}
}

func TestProbesAndMetricsPath(t *testing.T) {
	o := newObserved(t, "text", "info")
	tests := []struct {
		name, method, path string
		status             int
		body, contentType  string
	}{
		{"healthz", "GET", HealthPath, 200, `{"status": "ok"}`, "application/json"},
		{"healthz HEAD", "HEAD", HealthPath, 200, "", "application/json"},
		{"readyz", "GET", ReadyPath, 200, `{"status": "ready"}`, "application/json"},
		{"metrics", "GET", MetricsPath, 200, "# HELP", MetricsContentType},
		{"POST healthz goes to the app", "POST", HealthPath, 404, "404 page not found", ""},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			answer := o.serve(test.method, test.path, nil)
			if answer.Code != test.status || !strings.HasPrefix(answer.Body.String(), test.body) {
				t.Errorf("%d %q, want %d %q", answer.Code, answer.Body.String(), test.status, test.body)
			}
			if test.contentType != "" && answer.Header().Get("Content-Type") != test.contentType {
				t.Errorf("Content-Type %q", answer.Header().Get("Content-Type"))
			}
			if answer.Header().Get(RequestIDHeader) == "" {
				t.Error("no request id on a probe's answer")
			}
		})
	}
}

func TestReadyzAnswers503OnceDrainingStarted(t *testing.T) {
	o := newObserved(t, "text", "info")
	o.state.StartDraining()
	o.state.StartDraining() // twice changes nothing
	answer := o.serve("GET", ReadyPath, nil)
	if answer.Code != 503 || answer.Body.String() != `{"status": "stopping"}` {
		t.Errorf("%d %q", answer.Code, answer.Body.String())
	}
	if o.serve("GET", HealthPath, nil).Code != 200 {
		t.Error("healthz is not 200 while draining")
	}
	if (*ServiceState)(nil).Draining() {
		t.Error("a nil state drains")
	}
}

func TestWithoutMetricsTheAppAnswersMetricsPath(t *testing.T) {
	handler := Observe(http.NotFoundHandler(), ObserveOptions{Logger: discardLogger(t)})
	answer := httptest.NewRecorder()
	handler.ServeHTTP(answer, httptest.NewRequest("GET", MetricsPath, nil))
	if answer.Code != 404 {
		t.Errorf("GET /metrics without Metrics: %d", answer.Code)
	}
}

func discardLogger(t *testing.T) *slog.Logger {
	logger, err := NewLogger(io.Discard, "text", "info")
	if err != nil {
		t.Fatal(err)
	}
	return logger
}

func TestCountsAfterRequests(t *testing.T) {
	o := newObserved(t, "text", "info")
	const n = 7
	for i := 0; i < n; i++ {
		o.serve("GET", "/api/v1/items?secret=1", nil)
	}
	o.serve("BREW", "/api/v1/items", nil)
	o.serve("GET", "/nowhere", nil)
	o.serve("GET", "/api/v1/quiet", nil)
	o.serve("GET", HealthPath, nil) // probes are not counted
	o.serve("GET", MetricsPath, nil)
	text := scrape(t, o.metrics)
	tests := map[string]string{
		`http_requests_total{operation="getItems",method="GET",status="200"}`:               "7",
		`http_requests_total{operation="getItems",method="other",status="200"}`:             "1",
		`http_requests_total{operation="other",method="GET",status="404"}`:                  "1",
		`http_requests_total{operation="quiet",method="GET",status="200"}`:                  "1",
		`http_request_duration_seconds_count{operation="getItems",method="GET"}`:            "7",
		`http_request_duration_seconds_bucket{operation="getItems",method="GET",le="+Inf"}`: "7",
	}
	for series, want := range tests {
		if got := sampleValue(text, series); got != want {
			t.Errorf("%s = %q, want %q", series, got, want)
		}
	}
	if strings.Contains(text, HealthPath) || strings.Contains(text, MetricsPath) {
		t.Errorf("a probe was counted:\n%s", text)
	}
}

func TestAPanickingHandlerIsCountedAs500(t *testing.T) {
	metrics := NewMetrics()
	panicking := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("a bug") })
	handler := Observe(panicking, ObserveOptions{Metrics: metrics, Logger: discardLogger(t)})
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic was swallowed")
			}
		}()
		handler.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/boom", nil))
	}()
	if got := sampleValue(scrape(t, metrics), `http_requests_total{operation="other",method="POST",status="500"}`); got != "1" {
		t.Errorf("500 counted %q times", got)
	}
}

// plainWriter is a ResponseWriter without Flush.
type plainWriter struct{ http.ResponseWriter }

func TestTheWrappedWriterKeepsFlushOnlyWhenTheWriterHasIt(t *testing.T) {
	var flushable, controllerFlushed bool
	handler := Observe(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, flushable = w.(http.Flusher)
		controllerFlushed = http.NewResponseController(w).Flush() == nil
	}), ObserveOptions{Logger: discardLogger(t)})
	tests := []struct {
		name   string
		writer http.ResponseWriter
		want   bool
	}{
		{"flusher", httptest.NewRecorder(), true},
		{"no flusher", plainWriter{httptest.NewRecorder()}, false},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			handler.ServeHTTP(test.writer, httptest.NewRequest("GET", "/", nil))
			if flushable != test.want || controllerFlushed != test.want {
				t.Errorf("http.Flusher %v, ResponseController flushed %v, want %v", flushable, controllerFlushed, test.want)
			}
		})
	}
}

func TestOneAccessLinePerRequestWhateverThePathHolds(t *testing.T) {
	paths := []string{
		"/api/v1/items",
		"/a%0AERROR%20forged%20line",
		"/%1b[31mred%0d%0a",
		"/line%E2%80%A8separator%C2%85next",
		"/invalid%FF%FEutf8",
		"/" + strings.Repeat("x", 1000),
	}
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			o := newObserved(t, format, "info")
			for _, path := range paths {
				o.serve("GET", path, nil)
			}
			lines := o.log.lines()
			if len(lines) != len(paths) {
				t.Fatalf("%d lines for %d requests:\n%s", len(lines), len(paths), strings.Join(lines, "\n"))
			}
			for _, line := range lines {
				if strings.ContainsAny(line, "\r\x1b\u2028\u0085") {
					t.Errorf("a control character in %q", line)
				}
				if len(line) > 1000 {
					t.Errorf("the path was not cut: %d bytes", len(line))
				}
			}
		})
	}
}

func TestJSONAccessLine(t *testing.T) {
	o := newObserved(t, "json", "debug")
	o.serve("POST", "/api/v1/items?token=secret", http.Header{"X-Request-Id": {"req-1"}})
	o.serve("GET", HealthPath, http.Header{"X-Request-Id": {"req-2"}})
	lines := o.log.lines()
	if len(lines) != 2 {
		t.Fatalf("%d lines: %q", len(lines), lines)
	}
	want := []map[string]any{
		{"level": "INFO", "message": "POST /api/v1/items 200", "method": "POST", "path": "/api/v1/items",
			"status": 200.0, "operation": "getItems", "request_id": "req-1"},
		{"level": "DEBUG", "method": "GET", "path": HealthPath, "status": 200.0, "operation": nil,
			"request_id": "req-2"},
	}
	for i, line := range lines {
		var entry map[string]any
		if err := json.Unmarshal([]byte(line), &entry); err != nil {
			t.Fatalf("not JSON: %q: %v", line, err)
		}
		for _, key := range []string{"time", "duration_ms"} {
			if _, found := entry[key]; !found {
				t.Errorf("no %s in %s", key, line)
			}
		}
		for key, value := range want[i] {
			got, found := entry[key]
			if message, isText := value.(string); key == "message" && isText {
				got, value = strings.HasPrefix(got.(string), message), true
			}
			if !found || got != value {
				t.Errorf("%s = %#v, want %#v in %s", key, got, value, line)
			}
		}
		if strings.Contains(line, "secret") {
			t.Errorf("the query string was logged: %s", line)
		}
	}
}

func TestTextLines(t *testing.T) {
	o := newObserved(t, "text", "info")
	o.serve("GET", "/api/v1/items", http.Header{"X-Request-Id": {"req-1"}})
	line := o.log.lines()[0]
	pattern := regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO GET /api/v1/items 200 \d+\.\d ms \[request_id=req-1\]$`)
	if !pattern.MatchString(line) {
		t.Errorf("access line %q", line)
	}
	var out bytes.Buffer
	logger, _ := NewLogger(&out, "text", "trace")
	ctx := logging.WithRequestID(context.Background(), "req-2")
	logger.With("component", "source").WithGroup("query").
		Log(ctx, logging.LevelTrace, "a\nb\x1bc\u2028d", "sql", "select \"x\"\n", "rows", 3)
	want := ` TRACE a\nb\x1bc\u2028d component=source query.sql="select \"x\"\n" query.rows=3 [request_id=req-2]` + "\n"
	if !strings.HasSuffix(out.String(), want) {
		t.Errorf("line %q, want it to end %q", out.String(), want)
	}
}

func TestJSONEscapesC1Controls(t *testing.T) {
	var out bytes.Buffer
	logger, _ := NewLogger(&out, "json", "info")
	logger.Info("next\u0085line", "value", "\u009b31m")
	var entry map[string]string
	if err := json.Unmarshal(out.Bytes(), &entry); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `next\u0085line`) || entry["message"] != "next\u0085line" || entry["value"] != "\u009b31m" {
		t.Errorf("line %q", out.String())
	}
}

func TestLogLevelNames(t *testing.T) {
	tests := []struct {
		setting string
		lowest  string // the lowest level written; "" for a refused setting
	}{
		{"", "INFO"}, {"info", "INFO"}, {"INFO", "INFO"}, {" debug ", "DEBUG"}, {"trace", "TRACE"},
		{"warn", "WARN"}, {"warning", "WARN"}, {"error", "ERROR"},
		{"fatal", "FATAL"}, {"critical", "FATAL"}, {"verbose", ""}, {"notice", ""},
	}
	levels := []slog.Level{logging.LevelTrace, slog.LevelDebug, slog.LevelInfo, slog.LevelWarn, slog.LevelError, logging.LevelFatal}
	for _, test := range tests {
		t.Run(test.setting, func(t *testing.T) {
			var out bytes.Buffer
			logger, err := NewLogger(&out, "text", test.setting)
			if test.lowest == "" {
				if err == nil || err.Error() != "LOG_LEVEL must be one of critical, error, warning, info, debug, trace (fatal and warn too)" {
					t.Errorf("error %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, level := range levels {
				logger.Log(context.Background(), level, "x")
			}
			first := strings.Fields(out.String())
			if len(first) < 2 || first[1] != test.lowest {
				t.Errorf("lowest line written %q, want %s", out.String(), test.lowest)
			}
		})
	}
}

func TestLogFormats(t *testing.T) {
	for _, format := range []string{"", "text", "json", "JSON"} {
		if _, err := NewLogger(io.Discard, format, "info"); err != nil {
			t.Errorf("%q: %v", format, err)
		}
	}
	if _, err := NewLogger(io.Discard, "xml", "info"); err == nil || err.Error() != "LOG_FORMAT must be one of text, json" {
		t.Errorf("xml: %v", err)
	}
}

func TestARequestIDTheRecordNamesIsWrittenOnce(t *testing.T) {
	ctx := logging.WithRequestID(context.Background(), "from-context")
	tests := []struct{ format, want string }{
		{"json", `"request_id":"named"`},
		{"text", "failed incident=1 [request_id=named]\n"},
	}
	for _, test := range tests {
		t.Run(test.format, func(t *testing.T) {
			var out bytes.Buffer
			logger, _ := NewLogger(&out, test.format, "info")
			logger.InfoContext(ctx, "failed", "incident", 1, "request_id", "named")
			if strings.Count(out.String(), "request_id") != 1 || !strings.Contains(out.String(), test.want) {
				t.Errorf("line %q, want one request_id: %s", out.String(), test.want)
			}
		})
	}
}
