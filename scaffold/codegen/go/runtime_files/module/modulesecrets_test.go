package module

// The shared module secret cases (scaffold/codegen/cases/module_secrets.json, whose "about" says
// the format), read by the Go module runtime: the Python module runtime's tests
// (tests/unit/test_module_secret_cases.py) and the TypeScript one's (module-secrets.test.ts) read
// the same file, so a token in moduleContext is decrypted, or refused with the same status and
// text, by every language a module backend is written in (issue 42 point 2). Each case goes
// through the served handler: an own endpoint that answers the moduleContext it was given, and
// POST ModuleSecretsPath for the seal cases.
//
// SCAFFOLD_MODULE_SECRETS names the file (tests/functional/test_module_go.py sets it). Unset, the
// case tests fail: a run that skipped the shared cases would pass without deciding anything. The
// tests after them (the sealing route's refusals, the document) need no file.

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"example.com/plugin/internal/contract/casefiles"
	"example.com/plugin/internal/contract/secrets"
)

type secretKeys struct {
	Key     *string  `json:"key"`
	OldKeys []string `json:"oldKeys"`
}

type revealCase struct {
	Name     string          `json:"name"`
	Keys     secretKeys      `json:"keys"`
	Context  json.RawMessage `json:"context"`
	Revealed json.RawMessage `json:"revealed"`
	Refused  *struct {
		Status int    `json:"status"`
		Text   string `json:"text"`
	} `json:"refused"`
}

type sealCase struct {
	Name      string     `json:"name"`
	Keys      secretKeys `json:"keys"`
	Field     string     `json:"field"`
	Value     string     `json:"value"`
	Unchanged bool       `json:"unchanged"`
}

type sealingCase struct {
	Name  string `json:"name"`
	Body  string `json:"body"`
	First string `json:"first"`
}

type secretCases struct {
	About   []string          `json:"about"`
	Keys    map[string]string `json:"keys"`
	Reveal  []revealCase      `json:"reveal"`
	Seal    []sealCase        `json:"seal"`
	Sealing []sealingCase     `json:"sealing"`
}

func readSecretCases(t *testing.T) secretCases {
	t.Helper()
	var file secretCases
	casefiles.Read(t, "SCAFFOLD_MODULE_SECRETS", "module_secrets.json", &file)
	if len(file.Reveal) == 0 || len(file.Seal) == 0 || len(file.Sealing) == 0 {
		t.Fatal("module_secrets.json holds no reveal, seal or sealing cases")
	}
	return file
}

// environment is a lookup of the variables given (os.LookupEnv's shape).
func environment(variables map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		value, ok := variables[name]
		return value, ok
	}
}

// boxOf is the box a module backend makes from the environment the case names.
func boxOf(t *testing.T, file secretCases, keys secretKeys) *secrets.Box {
	t.Helper()
	variables := map[string]string{}
	if keys.Key != nil {
		variables[ModuleKeyEnv] = file.Keys[*keys.Key]
	}
	var old []string
	for _, name := range keys.OldKeys {
		old = append(old, file.Keys[name])
	}
	if len(old) > 0 {
		variables[ModuleOldKeysEnv] = strings.Join(old, ",")
	}
	box, err := LoadSecretBox(environment(variables))
	if err != nil {
		t.Fatal(err)
	}
	return box
}

type nothing struct{}

// contextEcho serves an own endpoint, /api/v1/echo, that answers the moduleContext it was given
// ({} for none), with box as its key.
func contextEcho(t *testing.T, box *secrets.Box) *Server {
	t.Helper()
	endpoints := NewEndpoints()
	Post(endpoints, "/api/v1/echo", Route[nothing, map[string]any, map[string]any]{
		Handle: func(call Call[nothing, map[string]any]) (map[string]any, error) {
			if call.ModuleContext == nil {
				return map[string]any{}, nil
			}
			return *call.ModuleContext, nil
		},
	})
	server, err := New(Options{Endpoints: endpoints, Document: []byte(`{"openapi": "3.1.0", "paths": {}}`), Logger: quiet, Secrets: box})
	if err != nil {
		t.Fatal(err)
	}
	return server
}

// answerOf is server's status and JSON body for POST path with body.
func answerOf(t *testing.T, server *Server, path, body string) (int, any) {
	t.Helper()
	recorder := httptest.NewRecorder()
	request := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	request.Header.Set("Content-Type", "application/json")
	server.ServeHTTP(recorder, request)
	var answer any
	if err := json.Unmarshal(recorder.Body.Bytes(), &answer); err != nil {
		t.Fatalf("not JSON (%d): %q", recorder.Code, recorder.Body.Bytes())
	}
	return recorder.Code, answer
}

func TestModuleContextIsRevealedAsDecided(t *testing.T) {
	file := readSecretCases(t)
	for _, c := range file.Reveal {
		t.Run(c.Name, func(t *testing.T) {
			server := contextEcho(t, boxOf(t, file, c.Keys))
			status, answer := answerOf(t, server, "/api/v1/echo", `{"payload": {}, "moduleContext": `+string(c.Context)+`}`)
			if (c.Refused == nil) == (c.Revealed == nil) {
				t.Fatal("a case says revealed or refused, not both")
			}
			if c.Refused != nil {
				want := map[string]any{"error": true, "message": expectedText(t, c.Refused.Text, nil)}
				if status != c.Refused.Status || !reflect.DeepEqual(answer, want) {
					t.Errorf("%d %v, the case says %d %v", status, answer, c.Refused.Status, want)
				}
				return
			}
			var revealed any
			if err := json.Unmarshal(c.Revealed, &revealed); err != nil {
				t.Fatal(err)
			}
			if status != http.StatusOK || !reflect.DeepEqual(answer, revealed) {
				t.Errorf("%d %v, the case says %v", status, answer, revealed)
			}
		})
	}
}

func TestASealedSecretIsRevealedAgain(t *testing.T) {
	file := readSecretCases(t)
	for _, c := range file.Seal {
		t.Run(c.Name, func(t *testing.T) {
			server := contextEcho(t, boxOf(t, file, c.Keys))
			payload, _ := json.Marshal(SecretToSeal{Name: c.Field, Value: c.Value})
			seal := func() string {
				status, answer := answerOf(t, server, ModuleSecretsPath, `{"payload": `+string(payload)+`}`)
				token, _ := answer.(map[string]any)["value"].(string)
				if status != http.StatusOK || len(answer.(map[string]any)) != 1 {
					t.Fatalf("sealing answered %d %v", status, answer)
				}
				return token
			}
			token := seal()
			if c.Unchanged {
				if token != c.Value {
					t.Errorf("a token came back as %q", token)
				}
				return
			}
			if !secrets.IsToken(token) || token == seal() {
				t.Errorf("%q is no token, or the same value sealed twice gave the same token", token)
			}
			field, _ := json.Marshal(map[string]string{c.Field: token})
			status, answer := answerOf(t, server, "/api/v1/echo", `{"payload": {}, "moduleContext": `+string(field)+`}`)
			if want := map[string]any{c.Field: c.Value}; status != http.StatusOK || !reflect.DeepEqual(answer, want) {
				t.Errorf("revealed as %d %v, want %v", status, answer, want)
			}
		})
	}
}

func TestTheSealingRouteNamesTheFirstProblemInTheSchemasOrder(t *testing.T) {
	file := readSecretCases(t)
	current := "current"
	server := contextEcho(t, boxOf(t, file, secretKeys{Key: &current}))
	for _, c := range file.Sealing {
		t.Run(c.Name, func(t *testing.T) {
			status, answer := answerOf(t, server, ModuleSecretsPath, c.Body)
			message, _ := answer.(map[string]any)["message"].(string)
			first := Text(TextEndpointMismatch, map[string]string{"problem": c.First + ": "})
			if status != http.StatusBadRequest || !strings.HasPrefix(message, first) {
				t.Errorf("%d %q, the case says 400 starting %q", status, message, first)
			}
		})
	}
}

func TestNoKeyIsNoBoxAndAKeyThatIsNoneStopsTheStart(t *testing.T) {
	file := readSecretCases(t)
	if box, err := LoadSecretBox(environment(map[string]string{ModuleKeyEnv: " \x1c"})); box != nil || err != nil {
		t.Errorf("a blank key: %v %v", box, err)
	}
	cases := []struct {
		variables map[string]string
		prefix    string
	}{
		{map[string]string{ModuleKeyEnv: "not a key"}, ModuleKeyEnv + " must be 32 random bytes"},
		{map[string]string{ModuleKeyEnv: file.Keys["current"], ModuleOldKeysEnv: "x,"}, ModuleOldKeysEnv + " must be 32 random bytes"},
		{map[string]string{ModuleOldKeysEnv: file.Keys["old"]}, Text(TextSecretsOldWithoutKey, nil)},
	}
	for _, c := range cases {
		box, err := LoadSecretBox(environment(c.variables))
		var keyError *secrets.KeyError
		if box != nil || !errors.As(err, &keyError) || !strings.HasPrefix(err.Error(), c.prefix) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v %v, want one sentence starting %q", c.variables, box, err, c.prefix)
		}
	}
}

func TestTheSealingRouteRefusesAsTheOwnEndpointsDo(t *testing.T) {
	key, err := secrets.ParseKey(secrets.GenerateKey(), "")
	if err != nil {
		t.Fatal(err)
	}
	box, err := secrets.NewBox(key)
	if err != nil {
		t.Fatal(err)
	}
	keyed := contextEcho(t, box)
	mismatch := func(problem string) map[string]any {
		return map[string]any{"error": true, "message": Text(TextEndpointMismatch, map[string]string{"problem": problem})}
	}
	cases := []struct {
		server *Server
		body   string
		status int
		answer map[string]any
	}{
		{contextEcho(t, nil), `{"name": "apiKey", "value": "x"}`, ModuleNoKeyStatus, map[string]any{"error": true, "message": Text(TextSecretsNoKey, nil)}},
		{keyed, `{"name": "", "value": "x"}`, 400, mismatch("the body.name: String should have at least 1 character")},
		{keyed, `{"payload": {"name": "` + strings.Repeat("é", ModuleMaxSecretNameChars+1) + `", "value": "x"}}`, 400, mismatch("payload.name: String should have at most 128 characters")},
		{keyed, `{"name": "a", "value": "` + strings.Repeat("é", ModuleMaxSecretChars+1) + `"}`, 400, mismatch("the body.value: String should have at most 4096 characters")},
		{keyed, `{"name": "a", "value": 1}`, 400, mismatch("the body.value: Input should be a valid string")},
		{keyed, `{"name": "a", "value": "x", "other": 1}`, 400, mismatch(Text(TextEndpointExtra, map[string]string{"where": "the body"}))},
		{keyed, `{"payload": {"name": "a", "value": "x"}, "moduleContext": null}`, 400, mismatch(Text(TextEnvelopeContextNull, nil))},
	}
	for _, c := range cases {
		status, answer := answerOf(t, c.server, ModuleSecretsPath, c.body)
		if status != c.status || !reflect.DeepEqual(answer, c.answer) {
			t.Errorf("%.80s: %d %v, want %d %v", c.body, status, answer, c.status, c.answer)
		}
	}
	// moduleContext is ignored: a saved token that no longer decrypts does not stop a new one
	within := `{"payload": {"name": "apiKey", "value": "` + strings.Repeat("é", ModuleMaxSecretChars) + `"}, "moduleContext": {"apiKey": "enc:v1:altered"}}`
	if status, answer := answerOf(t, keyed, ModuleSecretsPath, within); status != http.StatusOK || !secrets.IsToken(answer.(map[string]any)["value"].(string)) {
		t.Errorf("sealing beside an old token: %d %v", status, answer)
	}
	// an own endpoint decrypts: a token of the echo's own box comes back as the secret
	token, _ := box.Encrypt("s3cret", "apiKey")
	if status, answer := answerOf(t, keyed, "/api/v1/echo", `{"payload": {}, "moduleContext": {"apiKey": "`+token+`"}}`); status != http.StatusOK || !reflect.DeepEqual(answer, map[string]any{"apiKey": "s3cret"}) {
		t.Errorf("revealed as %d %v", status, answer)
	}
}

func TestTheSealingRouteIsDocumentedAndItsPathReserved(t *testing.T) {
	endpoints := NewEndpoints()
	Post(endpoints, ModuleSecretsPath, Route[nothing, map[string]any, map[string]any]{
		Handle: func(Call[nothing, map[string]any]) (map[string]any, error) { return nil, nil },
	})
	if err := endpoints.Err(); err == nil || !strings.Contains(err.Error(), "already served") {
		t.Errorf("an own endpoint took %s: %v", ModuleSecretsPath, err)
	}
	data, err := NewEndpoints().OpenAPI([]byte(`{"openapi": "3.1.0", "paths": {}, "components": {"schemas": {"DemoStatusError": {"type": "object"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ReadDocument(data)
	if err != nil {
		t.Fatal(err)
	}
	if operations := doc.Operations(); !reflect.DeepEqual(operations, []string{"POST " + ModuleSecretsPath}) {
		t.Errorf("operations %v", operations)
	}
	var document struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &document); err != nil {
		t.Fatal(err)
	}
	properties := document.Components.Schemas["endpoints.SecretToSeal"].Properties
	if properties["name"]["minLength"] != 1.0 || properties["name"]["maxLength"] != float64(ModuleMaxSecretNameChars) || properties["value"]["maxLength"] != float64(ModuleMaxSecretChars) {
		t.Errorf("the payload's bounds: %v", properties)
	}
	if problem := doc.AnswerProblem("POST "+ModuleSecretsPath, ModuleNoKeyStatus, "application/json", []byte(`{"error": true, "message": "x"}`)); problem != "" {
		t.Errorf("the no-key answer is not documented: %s", problem)
	}
}
