package contract

// How the glue fails safely (issue 40 point 5), over real HTTP (httptest.NewServer), since what
// was found is what a caller and the log see: a panic in a data source method is a 500 in the
// error shape with an incident id and one log line naming it (net/http recovered it before and
// closed the connection: an empty reply, while the access line said 500); a caller that hangs up
// is neither an ERROR line nor a 500; a request line whose path ServeMux would redirect is 404.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fsPanicking panics in GetQueryResult; every other method fails as eaSource does.
type fsPanicking struct{ eaSource }

func (fsPanicking) GetQueryResult(context.Context, RequestContext, *QueryDataRequest) (*QueryDataResponse, error) {
	var rows []int
	return nil, errors.New(string(rune(rows[3]))) // index out of range: a bug, as a data source has them
}

// fsWaiting waits in GetQueryResult until ctx is done, then returns what err says (ctx.Err() when nil).
type fsWaiting struct {
	eaSource
	started chan struct{}
	err     error
}

func (s fsWaiting) GetQueryResult(ctx context.Context, _ RequestContext, _ *QueryDataRequest) (*QueryDataResponse, error) {
	if s.err != nil {
		return nil, s.err
	}
	close(s.started)
	<-ctx.Done()
	return nil, ctx.Err()
}

type fsServed struct {
	url     string
	log     *syncBuffer
	metrics *Metrics
}

// fsServe serves handler as internal/app does (a Server in Observe), logging JSON at debug level.
func fsServe(t *testing.T, handler Handler) *fsServed {
	return fsServeLogging(t, handler, "json")
}

func fsServeLogging(t *testing.T, handler Handler, format string) *fsServed {
	t.Helper()
	log := &syncBuffer{}
	logger, err := NewLogger(log, format, "debug")
	if err != nil {
		t.Fatal(err)
	}
	key := make([]byte, 32)
	secrets, err := NewSecretBox(key)
	if err != nil {
		t.Fatal(err)
	}
	server, err := NewServer(ServerOptions{
		Handler: handler,
		Catalog: NewCatalog(map[string]map[string]string{"ru-RU": {}, "en-US": {}}),
		Secrets: secrets,
		Logger:  logger,
	})
	if err != nil {
		t.Fatal(err)
	}
	metrics := NewMetrics()
	served := httptest.NewServer(Observe(server, ObserveOptions{Metrics: metrics, Logger: logger, Operation: OperationOf}))
	t.Cleanup(served.Close)
	return &fsServed{url: served.URL, log: log, metrics: metrics}
}

// records are the log's lines as JSON objects; a line that is not JSON fails the test.
func (s *fsServed) records(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range s.log.lines() {
		if line == "" { // nothing logged yet
			continue
		}
		var record map[string]any
		if err := json.Unmarshal([]byte(line), &record); err != nil {
			t.Fatalf("a log line is not JSON: %q", line)
		}
		out = append(out, record)
	}
	return out
}

const fsQuery = `{"dataQuery": [{"refID": "A"}]}`

// accessLogged waits until the log holds n lines: Observe counts a request and writes its access
// line after the handler returned, which may be after the caller read the answer.
func (s *fsServed) accessLogged(t *testing.T, n int) []string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if lines := s.log.lines(); len(lines) >= n && lines[0] != "" {
			return lines
		}
	}
	t.Fatalf("fewer than %d log lines within 10 s:\n%s", n, strings.Join(s.log.lines(), "\n"))
	return nil
}

func TestAPanicInADataSourceIsA500WithAnIncidentAndOneLogLine(t *testing.T) {
	served := fsServe(t, fsPanicking{})
	request, _ := http.NewRequest("POST", served.url+"/api/v1/query/get-result", strings.NewReader(fsQuery))
	request.Header.Set("Content-Type", "application/json")
	request.Header.Set("Accept-Language", "en-US")
	request.Header.Set(RequestIDHeader, "panic-case-1")
	answer, err := http.DefaultClient.Do(request)
	if err != nil {
		t.Fatalf("no answer to a request whose data source panicked: %v", err)
	}
	raw, _ := io.ReadAll(answer.Body)
	_ = answer.Body.Close()
	if answer.StatusCode != 500 || !strings.HasPrefix(answer.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("%s %q: %s", answer.Status, answer.Header.Get("Content-Type"), raw)
	}
	var body struct {
		Error   bool   `json:"error"`
		Status  int    `json:"status"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(raw, &body); err != nil || !body.Error || body.Status != 500 {
		t.Fatalf("not the operation's error body: %s", raw)
	}
	if !eaPattern(t, "en-US", "internal", nil).MatchString(body.Message) || strings.Contains(body.Message, "index out of range") {
		t.Fatalf("not the runtime's internal-error text, or it tells the panic: %q", body.Message)
	}
	incident := regexp.MustCompile(`[0-9a-f]{12}`).FindString(body.Message)
	served.accessLogged(t, 2)
	var failures []map[string]any
	for _, record := range served.records(t) {
		if record["level"] == "ERROR" {
			failures = append(failures, record)
		}
	}
	if len(failures) != 1 {
		t.Fatalf("%d ERROR lines, one expected: %v", len(failures), failures)
	}
	line := failures[0]
	if incident == "" || line["incident"] != incident || !strings.Contains(line["message"].(string), incident) {
		t.Errorf("the line does not name the answer's incident %q: %v", incident, line)
	}
	if line[LogRequestIDKey] != "panic-case-1" {
		t.Errorf("the line does not carry the request id: %v", line)
	}
	if panicked, _ := line["panic"].(string); !strings.Contains(panicked, "index out of range") {
		t.Errorf("the line does not carry the panic's value: %v", line)
	}
	if stack, _ := line["stack"].(string); !strings.Contains(stack, "fsPanicking") {
		t.Errorf("the line does not carry the stack down to the panicking method: %v", line)
	}
	if got := sampleValue(scrape(t, served.metrics), `http_requests_total{operation="getQueryResult",method="POST",status="500"}`); got != "1" {
		t.Errorf("500 counted %q times", got)
	}
}

func TestAPanicIsOneLineInTheTextFormatToo(t *testing.T) {
	served := fsServeLogging(t, fsPanicking{}, "text")
	answer, err := http.Post(served.url+"/api/v1/query/get-result", "application/json", strings.NewReader(fsQuery))
	if err != nil {
		t.Fatalf("no answer to a request whose data source panicked: %v", err)
	}
	raw, _ := io.ReadAll(answer.Body)
	_ = answer.Body.Close()
	incident := regexp.MustCompile(`[0-9a-f]{12}`).FindString(string(raw))
	lines := served.accessLogged(t, 2)
	if answer.StatusCode != 500 || incident == "" || len(lines) != 2 {
		t.Fatalf("%s %s; the log:\n%s", answer.Status, raw, strings.Join(lines, "\n"))
	}
	failure := lines[0]
	for _, part := range []string{" ERROR ", "incident=" + incident, "panic=", "stack=", "fsPanicking", "request_id="} {
		if !strings.Contains(failure, part) {
			t.Errorf("the ERROR line has no %q: %s", part, failure)
		}
	}
}

func TestAHangUpIsNeitherAnErrorLineNorA500(t *testing.T) {
	source := fsWaiting{started: make(chan struct{})}
	served := fsServe(t, source)
	ctx, cancel := context.WithCancel(context.Background())
	request, _ := http.NewRequestWithContext(ctx, "POST", served.url+"/api/v1/query/get-result", strings.NewReader(fsQuery))
	request.Header.Set("Content-Type", "application/json")
	done := make(chan error, 1)
	go func() {
		answer, err := http.DefaultClient.Do(request)
		if err == nil {
			_ = answer.Body.Close()
		}
		done <- err
	}()
	<-source.started
	cancel() // the caller hangs up while the method runs
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the request was not cancelled: %v", err)
	}
	var access map[string]any
	for deadline := time.Now().Add(10 * time.Second); access == nil && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		for _, record := range served.records(t) {
			if _, ok := record["status"]; ok {
				access = record
			}
		}
	}
	if access == nil {
		t.Fatal("no access line within 10 s of the hang-up")
	}
	for _, record := range served.records(t) {
		if record["level"] == "ERROR" || record["level"] == "WARN" {
			t.Errorf("a hang-up logged at %s: %v", record["level"], record)
		}
	}
	if access["status"] != float64(ClientClosedStatus) {
		t.Errorf("the access line says %v, not %d: %v", access["status"], ClientClosedStatus, access)
	}
	text := scrape(t, served.metrics)
	if strings.Contains(text, `status="500"`) {
		t.Errorf("a hang-up counted as 500:\n%s", text)
	}
	series := `http_requests_total{operation="getQueryResult",method="POST",status="` + strconv.Itoa(ClientClosedStatus) + `"}`
	if got := sampleValue(text, series); got != "1" {
		t.Errorf("%s counted %q times", series, got)
	}
}

func TestACancellationWhileTheCallerWaitsIsStillA500(t *testing.T) {
	served := fsServe(t, fsWaiting{err: context.Canceled}) // the method's own context, not the caller's
	answer, err := http.Post(served.url+"/api/v1/query/get-result", "application/json", strings.NewReader(fsQuery))
	if err != nil {
		t.Fatal(err)
	}
	_ = answer.Body.Close()
	if answer.StatusCode != 500 {
		t.Fatalf("%s: a context.Canceled the caller did not cause is a plugin failure", answer.Status)
	}
}

func TestARequestLineWithoutAPathIs404InTheErrorShapeNeverARedirect(t *testing.T) {
	o := newObserved(t, "text", "info")
	for _, request := range []*http.Request{
		httptest.NewRequest("GET", "http://plugin.example", nil),       // absolute form, no path
		httptest.NewRequest("POST", "http://plugin.example?x=1", nil),  // the same with a query
		httptest.NewRequest("CONNECT", "plugin.example:443", nil),      // authority form
		httptest.NewRequest("GET", "http://plugin.example/./api", nil), // absolute form, unclean
		httptest.NewRequest("POST", "/api/v1/./query/get-result", nil), // origin form, unclean
	} {
		answer := httptest.NewRecorder()
		o.handler.ServeHTTP(answer, request)
		where := request.Method + " " + request.RequestURI
		if answer.Code != http.StatusNotFound || answer.Header().Get("Location") != "" {
			t.Errorf("%s: %d, Location %q", where, answer.Code, answer.Header().Get("Location"))
		}
		if answer.Header().Get("Content-Type") != "application/json" || !strings.HasPrefix(answer.Body.String(), `{"error":true,`) {
			t.Errorf("%s: not the error shape: %q %q", where, answer.Header().Get("Content-Type"), answer.Body.String())
		}
	}
}
