// Your data source's own tests (yours: rewrite them as it grows). They serve your data source
// (newPlugin); the glue's tests beside them serve contract.Stub and need no change.
//
// The pattern for a data source that calls an API: a fake of that API on a loopback port
// (fakeUpstream, net/http/httptest) answering what your tests need, its URL in the form's values,
// and the requests it got to say what your data source asked. No network, well under a second.
package datasource_test

import (
	"io"
	"net/http"
	"testing"

	"acme-sales/internal/contract"
)

func TestWellKnownHasTextsInEveryLanguage(t *testing.T) {
	plugin := newPlugin(t, nil)
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

// TestYourFormsAreAsTheContractSays asks for each form: newPlugin holds the answers to the spec
// (a field type the contract does not know fails here, naming the operation and the place).
func TestYourFormsAreAsTheContractSays(t *testing.T) {
	plugin := newPlugin(t, nil)
	for _, path := range []string{"/datasource/constructor-fields", "/query/constructor-fields", "/variable/constructor-fields"} {
		if status := post(t, plugin, path, map[string]any{}, "en-US").StatusCode; status != http.StatusOK {
			t.Errorf("%s: status %d", path, status)
		}
	}
}

func TestTheHealthCheckAnswersInRussianByDefault(t *testing.T) {
	// the example's sample dataset; a data source calling an API gets a fakeUpstream's URL here
	plugin := newPlugin(t, nil)
	healthy := map[string]any{"fields": []any{map[string]any{"code": "dataset", "value": "sample"}}}
	answer := object(t, post(t, plugin, "/datasource/health-check", healthy, ""))
	if answer["status"] != true || answer["message"] != "Демонстрационный набор данных отвечает: таблиц 2" {
		t.Errorf("answer %v", answer)
	}
}
