// What holds for any plugin, whatever its data source does (yours: edit as you like): every
// operation answers, in Russian by default, with a request id. These tests serve contract.Stub
// (newGlue), so they stay green as your data source grows; yours_test.go tests your data source.
package datasource_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestEveryOperationAnswers(t *testing.T) {
	plugin := newGlue(t)
	bodies := map[string]any{
		"/datasource/health-check":       map[string]any{"fields": []any{}},
		"/datasource/constructor-fields": map[string]any{},
		"/query/constructor-fields":      map[string]any{},
		"/query/get-result":              map[string]any{"dataQuery": []any{map[string]any{"refID": "A", "json": `{"table": "cpu_metrics"}`}}},
		"/variable/constructor-fields":   map[string]any{},
		"/variable/values":               map[string]any{"json": `{"source": "tables"}`},
	}
	for path, body := range bodies {
		if status := post(t, plugin, path, body, "en-US").StatusCode; status != http.StatusOK {
			t.Errorf("%s: status %d", path, status)
		}
	}
	if status := call(t, plugin, http.MethodGet, "/well-known", "", nil).StatusCode; status != http.StatusOK {
		t.Errorf("/well-known: status %d", status)
	}
}

func TestAnswersInRussianByDefault(t *testing.T) {
	plugin := newGlue(t)
	body := map[string]any{"pluginContext": nil}
	message, _ := object(t, post(t, plugin, "/datasource/constructor-fields", body, ""))["message"].(string)
	if !strings.Contains(message, "null не допускается") {
		t.Errorf("message %q", message)
	}
}

func TestAUsableRequestIDIsEchoedAndAnotherMade(t *testing.T) {
	plugin := newGlue(t)
	body := `{"dataQuery": [{"refID": "A"}]}`
	echoed := call(t, plugin, http.MethodPost, "/query/get-result", body, map[string]string{"X-Request-ID": "abc-123"})
	if got := echoed.Header.Get("X-Request-ID"); got != "abc-123" {
		t.Errorf("echoed %q", got)
	}
	made := call(t, plugin, http.MethodPost, "/query/get-result", body, map[string]string{"X-Request-ID": "no spaces please"})
	if got := made.Header.Get("X-Request-ID"); len(got) != 32 {
		t.Errorf("made %q", got)
	}
}

func TestUnknownPathsAre404AndOtherMethods405(t *testing.T) {
	plugin := newGlue(t)
	if status := call(t, plugin, http.MethodGet, "/nowhere", "", nil).StatusCode; status != http.StatusNotFound {
		t.Errorf("unknown path: %d", status)
	}
	response := call(t, plugin, http.MethodPut, "/query/get-result", "{}", nil)
	if response.StatusCode != http.StatusMethodNotAllowed || response.Header.Get("Allow") != "POST" {
		t.Errorf("PUT: %d, Allow %q", response.StatusCode, response.Header.Get("Allow"))
	}
}
