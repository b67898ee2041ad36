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
	// the fake API your data source would ask (the starter asks nothing yet): give its URL in the
	// form's values, as the platform gives what a user typed
	upstream, asked := fakeUpstream(t, map[string]string{"/status": `{"ok": true}`})
	plugin := newPlugin(t, nil)
	config := map[string]any{"fields": []any{map[string]any{"code": "url", "value": upstream.URL}}}
	answer := object(t, post(t, plugin, "/datasource/health-check", config, ""))
	if answer["status"] != true || answer["message"] != "Источник данных отвечает" {
		t.Errorf("answer %v", answer)
	}
	// once your data source calls the API, say what it asked:
	// if len(asked()) != 1 || asked()[0].URL.Path != "/status" { t.Errorf(...) }
	_ = asked
}
