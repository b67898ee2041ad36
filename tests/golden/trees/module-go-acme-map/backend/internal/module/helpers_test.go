// Helpers of the backend's tests (seeded once; yours to edit): the backend served over a real
// socket (httptest), with a stand-in frontend build.
package module_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"acme-map/internal/app"
	"acme-map/internal/contract"
	"acme-map/internal/contract/secrets"
	"acme-map/internal/settings"
)

// standInBuild is a frontend build folder: module.js, module.css and build-info.json.
func standInBuild(t *testing.T) string {
	t.Helper()
	folder := filepath.Join(t.TempDir(), "dist")
	files := map[string]string{
		"module.js":       `window["acme_map"] = { registry: {} };` + "\n",
		"module.css":      ".acme-map-widget { color: black; }\n",
		"build-info.json": `{"buildTimestamp": "2026-01-01T00:00:00.000Z"}` + "\n",
	}
	if err := os.MkdirAll(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(folder, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return folder
}

// backend is the app with the given changes to the default settings (frontend from a stand-in
// build), served on a local port; logs go to the returned buffer as JSON lines.
type backend struct {
	*httptest.Server
	state *contract.ServiceState
	logs  *bytes.Buffer
}

func serve(t *testing.T, change func(*settings.Settings)) backend {
	t.Helper()
	s := settings.Defaults()
	s.FrontendDist = standInBuild(t)
	if change != nil {
		change(&s)
	}
	logs := &bytes.Buffer{}
	logger, err := contract.NewLogger(logs, "json", "debug")
	if err != nil {
		t.Fatal(err)
	}
	state := &contract.ServiceState{}
	handler, err := app.New(s, logger, state)
	if err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(handler)
	t.Cleanup(server.Close)
	return backend{server, state, logs}
}

// withSecretKey gives the backend a MODULE_SECRET_KEY of its own, read as the settings read it
// (without one, POST /api/v1/secrets and a secret in moduleContext are answered 503).
func withSecretKey(t *testing.T) func(*settings.Settings) {
	t.Helper()
	environment := map[string]string{contract.ModuleKeyEnv: secrets.GenerateKey()}
	keyed, err := settings.Load(func(name string) (string, bool) {
		value, ok := environment[name]
		return value, ok
	})
	if err != nil {
		t.Fatal(err)
	}
	return func(s *settings.Settings) { s.Secrets = keyed.Secrets }
}

// seal is value as the token the Settings component saves for the property name: what the
// backend's POST /api/v1/secrets answers (serve it withSecretKey), to put in a moduleContext.
func (b backend) seal(t *testing.T, name, value string) string {
	t.Helper()
	body, err := json.Marshal(map[string]any{"payload": map[string]string{"name": name, "value": value}})
	if err != nil {
		t.Fatal(err)
	}
	got := b.postJSON(t, contract.ModuleSecretsPath, string(body), nil)
	token, _ := got.json(t)["value"].(string)
	if got.status != http.StatusOK || token == "" {
		t.Fatalf("POST %s: %d %s", contract.ModuleSecretsPath, got.status, got.body)
	}
	return token
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

// json is the answer's body as JSON (the test fails when it is not).
func (a answer) json(t *testing.T) map[string]any {
	t.Helper()
	var value map[string]any
	if err := json.Unmarshal(a.body, &value); err != nil {
		t.Fatalf("the answer (%d) is not a JSON object: %q", a.status, a.body)
	}
	return value
}

// call sends method path with body and headers ("" body: none) and reads the answer.
func (b backend) call(t *testing.T, method, path, body string, headers map[string]string) answer {
	t.Helper()
	var reader io.Reader
	if body != "" {
		reader = strings.NewReader(body)
	}
	request, err := http.NewRequest(method, b.URL+path, reader)
	if err != nil {
		t.Fatal(err)
	}
	for name, value := range headers {
		request.Header.Set(name, value)
	}
	response, err := b.Client().Do(request)
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	data, err := io.ReadAll(response.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{response.StatusCode, response.Header, data}
}

func (b backend) postJSON(t *testing.T, path, body string, headers map[string]string) answer {
	t.Helper()
	all := map[string]string{"Content-Type": "application/json"}
	for name, value := range headers {
		all[name] = value
	}
	return b.call(t, http.MethodPost, path, body, all)
}
