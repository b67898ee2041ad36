// What holds for any plugin, whatever its data source does (yours: edit as you like): every
// operation answers, in Russian by default, with a request id. The example's own operations are
// tested in internal/example.
package datasource_test

import (
	"io"
	"net/http"
	"testing"

	"acme-sales/internal/contract"
)

// healthy is a configuration the data source accepts (the example's sample dataset).
var healthy = map[string]any{"fields": []any{map[string]any{"code": "dataset", "value": "sample"}}}

func TestWellKnownHasTextsInEveryLanguage(t *testing.T) {
	plugin := newPlugin(t)
	response := call(t, plugin, http.MethodGet, "/well-known", "", nil)
	if response.StatusCode != http.StatusOK {
		t.Fatalf("status %d", response.StatusCode)
	}
	data, _ := io.ReadAll(response.Body)
	var metadata contract.PluginMetadata
	if err := metadata.UnmarshalJSON(data); err != nil {
		t.Fatalf("not a PluginMetadata: %v", err)
	}
	if len(metadata.Title) != 2 || metadata.Title[0].Lang != "ru-RU" || metadata.Title[1].Lang != "en-US" {
		t.Errorf("title %v", metadata.Title)
	}
	if metadata.BaseURL.Value != "http://example.com/api/v1" {
		t.Errorf("baseUrl %q", metadata.BaseURL.Value)
	}
}

func TestEveryOperationAnswers(t *testing.T) {
	plugin := newPlugin(t)
	bodies := map[string]any{
		"/datasource/health-check":       healthy,
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
}

func TestAnswersInRussianByDefault(t *testing.T) {
	plugin := newPlugin(t)
	answer := object(t, post(t, plugin, "/datasource/health-check", healthy, ""))
	if answer["message"] != "Демонстрационный набор данных отвечает: таблиц 2" {
		t.Errorf("message %v", answer["message"])
	}
}

func TestAUsableRequestIDIsEchoedAndAnotherMade(t *testing.T) {
	plugin := newPlugin(t)
	body := `{"dataQuery": [{"refID": "A", "json": "{\"table\": \"cpu_metrics\"}"}]}`
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
	plugin := newPlugin(t)
	if status := call(t, plugin, http.MethodGet, "/nowhere", "", nil).StatusCode; status != http.StatusNotFound {
		t.Errorf("unknown path: %d", status)
	}
	response := call(t, plugin, http.MethodPut, "/query/get-result", "{}", nil)
	if response.StatusCode != http.StatusMethodNotAllowed || response.Header.Get("Allow") != "POST" {
		t.Errorf("PUT: %d, Allow %q", response.StatusCode, response.Header.Get("Allow"))
	}
}
