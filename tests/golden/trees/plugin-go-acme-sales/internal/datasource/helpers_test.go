package datasource_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"acme-sales/internal/app"
	"acme-sales/internal/contract"
	"acme-sales/internal/settings"
)

const api = "/api/v1"

// newPlugin is the whole plugin, as cmd/ serves it, on its own state folder; no socket needed.
// Every answer it gives to a contract operation is held against the spec (contract.CheckAnswers:
// a documented status, a body that status's schema accepts); the test fails at its end if not.
func newPlugin(t *testing.T) http.Handler {
	t.Helper()
	return newPluginWith(t, nil)
}

// newPluginWith is newPlugin with more environment variables (settings.Load reads them).
func newPluginWith(t *testing.T, more map[string]string) http.Handler {
	t.Helper()
	env := map[string]string{"PLUGIN_STATE_DIR": t.TempDir()}
	for name, value := range more {
		env[name] = value
	}
	s, err := settings.Load(func(name string) string { return env[name] })
	if err != nil {
		t.Fatal(err)
	}
	handler, err := app.New(s, slog.New(slog.NewTextHandler(io.Discard, nil)), nil)
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
