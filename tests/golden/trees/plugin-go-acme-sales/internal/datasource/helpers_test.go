package datasource_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"acme-sales/internal/app"
	"acme-sales/internal/contract"
	"acme-sales/internal/settings"
)

const api = "/api/v1"

// newGlue is the whole plugin, as cmd/ serves it, on its own state folder, with contract.Stub
// (the smallest answers the contract accepts) in place of your data source: the glue's tests
// (strict_test.go, contract_test.go, datasource_test.go) test the routes with it, so they stay
// green whatever your data source needs (a token, an API to call). No socket needed.
func newGlue(t *testing.T) http.Handler {
	t.Helper()
	return newServing(t, nil, func(*contract.Catalog) contract.Handler { return contract.Stub{} })
}

// newGlueWith is newGlue with more environment variables (settings.Load reads them).
func newGlueWith(t *testing.T, more map[string]string) http.Handler {
	t.Helper()
	return newServing(t, more, func(*contract.Catalog) contract.Handler { return contract.Stub{} })
}

// newPlugin is the plugin with your data source (datasource.New), for your own tests: give it the
// URL of a fake of the API your data source calls (fakeUpstream) in the form's values.
func newPlugin(t *testing.T, more map[string]string) http.Handler {
	t.Helper()
	return newServing(t, more, nil)
}

// newServing serves dataSource (nil: yours) with more environment variables. Every answer it
// gives to a contract operation is held against the spec (contract.CheckAnswers: a documented
// status, a body that status's schema accepts); the test fails at its end if not.
func newServing(t *testing.T, more map[string]string, dataSource func(*contract.Catalog) contract.Handler) http.Handler {
	t.Helper()
	env := map[string]string{"PLUGIN_STATE_DIR": t.TempDir()}
	for name, value := range more {
		env[name] = value
	}
	s, err := settings.Load(func(name string) string { return env[name] })
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	var handler http.Handler
	if dataSource == nil {
		handler, err = app.New(s, logger, nil)
	} else {
		handler, err = app.Serving(s, logger, nil, dataSource)
	}
	if err != nil {
		t.Fatal(err)
	}
	checked, answers := contract.CheckAnswers(handler)
	t.Cleanup(func() {
		for _, problem := range answers.Take() {
			t.Errorf("an answer is not as the contract documents it: %s", problem)
		}
	})
	return checked
}

// fakeUpstream is a stand-in of the API your data source calls, on a loopback port for this test
// alone (net/http/httptest): each path answers its JSON text with 200, any other path 404. It
// records the requests it got (asked), so a test can say what your data source asked.
func fakeUpstream(t *testing.T, answers map[string]string) (server *httptest.Server, asked func() []*http.Request) {
	t.Helper()
	var mu sync.Mutex
	var requests []*http.Request
	server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests = append(requests, r.Clone(context.Background()))
		mu.Unlock()
		answer, found := answers[r.URL.Path]
		if !found {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(server.Close)
	return server, func() []*http.Request {
		mu.Lock()
		defer mu.Unlock()
		return append([]*http.Request(nil), requests...)
	}
}

// call sends one request and returns the answer.
func call(t *testing.T, plugin http.Handler, method, path, body string, header map[string]string) *http.Response {
	t.Helper()
	request := httptest.NewRequest(method, api+path, strings.NewReader(body))
	request.Header.Set("Content-Type", "application/json")
	for name, value := range header {
		request.Header.Set(name, value)
	}
	recorder := httptest.NewRecorder()
	plugin.ServeHTTP(recorder, request)
	return recorder.Result()
}

// post sends body as JSON in language.
func post(t *testing.T, plugin http.Handler, path string, body any, language string) *http.Response {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return call(t, plugin, http.MethodPost, path, string(data), map[string]string{"Accept-Language": language})
}

// object is an answer's JSON object.
func object(t *testing.T, response *http.Response) map[string]any {
	t.Helper()
	var found map[string]any
	if err := json.NewDecoder(response.Body).Decode(&found); err != nil {
		t.Fatalf("the answer is not a JSON object: %v", err)
	}
	return found
}
