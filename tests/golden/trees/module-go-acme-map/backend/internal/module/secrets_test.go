// The secrets of the module's settings (README, "Secrets in the module's settings"; seeded once,
// yours to edit): POST /api/v1/secrets makes the enc:v1: token the Settings component saves, with
// MODULE_SECRET_KEY only, and a key that is no key stops the start with one sentence.
package module_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"acme-map/internal/contract"
	"acme-map/internal/settings"
)

const secretsURL = contract.ModuleSecretsPath

func TestASecretIsSealedWithTheKey(t *testing.T) {
	b := serve(t, withSecretKey(t))
	doc := document(t, b)
	got := b.postJSON(t, secretsURL, `{"payload": {"name": "apiKey", "value": "s3cret"}, "moduleContext": {}}`, nil)
	check(t, doc, "POST "+secretsURL, got)
	token, _ := got.json(t)["value"].(string)
	if got.status != http.StatusOK || !strings.HasPrefix(token, "enc:v1:") || strings.Contains(string(got.body), "s3cret") {
		t.Fatalf("%d %s", got.status, got.body)
	}
	// a value that already is a token comes back as it is: it is never encrypted twice
	again := b.postJSON(t, secretsURL, `{"name": "apiKey", "value": "`+token+`"}`, nil)
	if again.json(t)["value"] != token {
		t.Errorf("a token was sealed again: %s", again.body)
	}
	unnamed := b.postJSON(t, secretsURL, `{"name": "", "value": "x"}`, nil)
	check(t, doc, "POST "+secretsURL, unnamed)
	if unnamed.status != http.StatusBadRequest {
		t.Errorf("an empty name: %d %s", unnamed.status, unnamed.body)
	}
}

func TestWithoutAKeyASecretIsRefused(t *testing.T) {
	b := serve(t, nil)
	got := b.postJSON(t, secretsURL, `{"name": "apiKey", "value": "s3cret"}`, nil)
	check(t, document(t, b), "POST "+secretsURL, got)
	message, _ := got.json(t)["message"].(string)
	if got.status != http.StatusServiceUnavailable || !strings.Contains(message, contract.ModuleKeyEnv) {
		t.Errorf("%d %s", got.status, got.body)
	}
}

func TestAKeyThatIsNoKeyStopsTheStart(t *testing.T) {
	for _, environment := range []map[string]string{
		{contract.ModuleKeyEnv: "changeme"},
		{contract.ModuleOldKeysEnv: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="},
	} {
		_, err := settings.Load(func(name string) (string, bool) {
			value, ok := environment[name]
			return value, ok
		})
		var refused *settings.Error
		if !errors.As(err, &refused) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "MODULE_") {
			t.Errorf("%v: %v, want one sentence naming the variable", environment, err)
		}
	}
}
