// POST /api/v1/demo/status: proxy envelope or bare payload, Accept-Language, and bad input
// (seeded once; yours to edit).
package module_test

import (
	"net/http"
	"strings"
	"testing"

	glue "acme-map/internal/contract/module"
)

// neither begins the refusal of a body that matches neither shape of the demo endpoint.
var neither = strings.TrimSuffix(glue.Text(glue.TextEnvelopeNeither, nil), "{problem}")

// refusal is the problem a refusal names, as the table of texts every language's module backend
// answers with words it (internal/contract/module/moduletexts_gen.go).
func refusal(key glue.TextKey, where string) string {
	return glue.Text(key, map[string]string{"where": where})
}

const demoURL = "/api/v1/demo/status"

func TestEnvelopeWithModuleContext(t *testing.T) {
	b := serve(t, nil)
	body := `{"payload": {"message": "ping"}, "moduleContext": {"connections": [{"token": "enc:v1:abc"}]}}`
	got := b.postJSON(t, demoURL, body, map[string]string{"Accept-Language": "ru-RU"})
	if got.status != http.StatusOK {
		t.Fatalf("status %d: %s", got.status, got.body)
	}
	want := `{"status":"ok","message":"Модуль работает","payload":{"message":"ping"},"moduleContext":"present"}`
	if string(got.body) != want {
		t.Errorf("answer %s, want %s", got.body, want)
	}
	if strings.Contains(string(got.body), "enc:v1:abc") {
		t.Error("moduleContext may hold secrets: it must never be echoed")
	}
}

func TestEnvelopeWithoutModuleContext(t *testing.T) {
	got := serve(t, nil).postJSON(t, demoURL, `{"payload": {"message": "ping"}}`, nil)
	if got.status != http.StatusOK || got.json(t)["moduleContext"] != "absent" {
		t.Errorf("status %d, answer %s", got.status, got.body)
	}
}

func TestBarePayloadInEnglish(t *testing.T) {
	got := serve(t, nil).postJSON(t, demoURL, `{"message": "ping"}`, map[string]string{"Accept-Language": "en-US,en;q=0.9"})
	answer := got.json(t)
	if got.status != http.StatusOK || answer["message"] != "The module is working" || answer["moduleContext"] != "absent" {
		t.Errorf("status %d, answer %s", got.status, got.body)
	}
	if language := got.header.Get("Content-Language"); language != "en-US" {
		t.Errorf("Content-Language %q", language)
	}
}

func TestDefaultLanguageIsRussian(t *testing.T) {
	b := serve(t, nil)
	for _, headers := range []map[string]string{nil, {"Accept-Language": "fr-FR"}} {
		if message := b.postJSON(t, demoURL, `{"message": "ping"}`, headers).json(t)["message"]; message != "Модуль работает" {
			t.Errorf("%v: message %q", headers, message)
		}
	}
}

func TestMalformedJSONIs400(t *testing.T) {
	b := serve(t, nil)
	for _, raw := range []string{"", "{", "[1,", "not json", "\xff\xfe", `{"a": NaN}`, `"\ud800"`, `{"message": "a", "message": "b"}`} {
		got := b.postJSON(t, demoURL, raw, nil)
		if got.status != http.StatusBadRequest || got.json(t)["error"] != true {
			t.Errorf("%q: status %d, answer %s", raw, got.status, got.body)
		}
	}
}

func TestABodyMatchingNeitherShapeIs400(t *testing.T) {
	b := serve(t, nil)
	cases := []struct{ body, problem string }{
		{`{}`, refusal(glue.TextEnvelopeRequired, "")},
		{`[]`, refusal(glue.TextEnvelopeNotObject, "the body")},
		{`"text"`, refusal(glue.TextEnvelopeNotObject, "the body")},
		{`null`, refusal(glue.TextEnvelopeNotObject, "the body")},
		{`{"message": {}}`, refusal(glue.TextEnvelopeNotString, "")},
		{`{"message": 1}`, refusal(glue.TextEnvelopeNotString, "")},
		{`{"message": null}`, refusal(glue.TextEnvelopeNotString, "")},
		{`{"message": "ping", "extra": 1}`, refusal(glue.TextEnvelopeExtraInBare, "")},
		{`{"payload": null}`, refusal(glue.TextEnvelopeNotObject, "payload")},
		{`{"payload": [1]}`, refusal(glue.TextEnvelopeNotObject, "payload")},
		{`{"payload": {}}`, refusal(glue.TextEnvelopeRequired, "payload.")},
		{`{"payload": {"message": 1}}`, refusal(glue.TextEnvelopeNotString, "payload.")},
		{`{"payload": {"message": "x", "secret": "enc:v1:abc"}}`, refusal(glue.TextEnvelopeExtraInPayload, "")},
		{`{"payload": {"message": "ping"}, "moduleContext": null}`, refusal(glue.TextEnvelopeContextNull, "")},
		{`{"payload": {"message": "ping"}, "moduleContext": "secret"}`, refusal(glue.TextEnvelopeContextNotObject, "")},
		{`{"payload": {"message": "ping"}, "moduleContext": [1, 2]}`, refusal(glue.TextEnvelopeContextNotObject, "")},
	}
	for _, c := range cases {
		got := b.postJSON(t, demoURL, c.body, nil)
		answer := got.json(t)
		message, _ := answer["message"].(string)
		if got.status != http.StatusBadRequest || answer["error"] != true || message != neither+c.problem {
			t.Errorf("%s: status %d, answer %s", c.body, got.status, got.body)
		}
	}
}

func TestDeeplyNestedBodyIs422(t *testing.T) {
	b := serve(t, nil)
	for _, depth := range []int{100, 100000} {
		raw := `{"payload": {"message": "x"}, "moduleContext": {"a": ` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + "}}"
		got := b.postJSON(t, demoURL, raw, nil)
		message, _ := got.json(t)["message"].(string)
		if got.status != http.StatusUnprocessableEntity || !strings.Contains(message, "nested") {
			t.Errorf("depth %d: status %d, answer %s", depth, got.status, got.body)
		}
	}
}

func TestPlainTextContentTypeIsReadAsJSON(t *testing.T) {
	got := serve(t, nil).call(t, http.MethodPost, demoURL, `{"message": "hi"}`, map[string]string{"Content-Type": "text/plain"})
	if got.status != http.StatusOK {
		t.Errorf("status %d: %s", got.status, got.body)
	}
}

func TestOtherContentTypesAre400(t *testing.T) {
	got := serve(t, nil).call(t, http.MethodPost, demoURL, `{"message": "hi"}`, map[string]string{"Content-Type": "application/xml"})
	if got.status != http.StatusBadRequest || got.json(t)["error"] != true {
		t.Errorf("status %d: %s", got.status, got.body)
	}
}

func TestBodyOverTheLimitIs413(t *testing.T) {
	raw := `{"message": "` + strings.Repeat("x", 1024*1024) + `"}`
	got := serve(t, nil).postJSON(t, demoURL, raw, nil)
	if got.status != http.StatusRequestEntityTooLarge || got.json(t)["error"] != true {
		t.Errorf("status %d: %s", got.status, got.body)
	}
}

func TestUnknownPathsAndMethodsAnswerTheErrorBody(t *testing.T) {
	b := serve(t, nil)
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{http.MethodGet, "/nowhere", 404},
		{http.MethodGet, demoURL, 405},
	} {
		got := b.call(t, c.method, c.path, "", nil)
		if got.status != c.status || got.json(t)["error"] != true {
			t.Errorf("%s %s: status %d, answer %s", c.method, c.path, got.status, got.body)
		}
	}
}
