package module

// The reading of an own endpoint's moduleContext with its tokens (secrets.go's revealing, in
// readCall): a token anywhere in moduleContext, under a property C declares or not, is decrypted
// or refused before C or the payload is read, and C is then read as it would be without one; a
// body that can hold no token keeps the one-pass reading. The shared cases
// (modulesecrets_test.go) hold the decryption itself to the other languages' answers.

import (
	"encoding/json"
	"reflect"
	"testing"

	"example.com/plugin/internal/contract/secrets"
)

// salesQuery and salesSettings are an own endpoint's types, as a team writes them: C declares
// some properties, and tokens are decrypted under the others too before C is read.
type salesQuery struct {
	N int `json:"n"`
}

type salesSettings struct {
	APIKey string           `json:"apiKey"`
	Limits map[string][]int `json:"limits,omitempty"`
}

// salesEcho serves /api/v1/sales, which answers the moduleContext it was given, with box as its key.
func salesEcho(t *testing.T, box *secrets.Box) *Server {
	t.Helper()
	endpoints := NewEndpoints()
	Post(endpoints, "/api/v1/sales", Route[salesQuery, salesSettings, salesSettings]{
		Handle: func(call Call[salesQuery, salesSettings]) (salesSettings, error) {
			return *call.ModuleContext, nil
		},
	})
	server, err := New(Options{Endpoints: endpoints, Document: []byte(`{"openapi": "3.1.0", "paths": {}}`), Logger: quiet, Secrets: box})
	if err != nil {
		t.Fatal(err)
	}
	return server
}

func TestTokensAreDecryptedBeforeTheContextOrThePayloadIsRead(t *testing.T) {
	key, err := secrets.ParseKey(secrets.GenerateKey(), "")
	if err != nil {
		t.Fatal(err)
	}
	box, err := secrets.NewBox(key)
	if err != nil {
		t.Fatal(err)
	}
	token, _ := box.Encrypt("s3cret", "apiKey")
	otherToken, _ := box.Encrypt("s3cret", "other")
	escaped := `\u0065` + token[1:] // the same token, its first character escaped
	keyed, keyless := salesEcho(t, box), salesEcho(t, nil)
	mismatch := func(problem string) map[string]any {
		return map[string]any{"error": true, "message": Text(TextEndpointMismatch, map[string]string{"problem": problem})}
	}
	undecryptable := map[string]any{"error": true, "message": Text(TextSecretsUndecryptable, nil)}
	noKey := map[string]any{"error": true, "message": Text(TextSecretsNoKey, nil)}
	revealed := map[string]any{"apiKey": "s3cret"}
	cases := []struct {
		server *Server
		body   string
		status int
		answer map[string]any
	}{
		{keyed, `{"payload": {"n": 1}, "moduleContext": {"apiKey": "` + token + `"}}`, 200, revealed},
		{keyed, `{"moduleContext": {"apiKey": "` + escaped + `"}, "payload": {"n": 1}}`, 200, revealed},
		{keyed, `{"payload": {"n": 1}, "moduleContext": {"apiKey": "caf\u00e9 enc:v1:x"}}`, 200, map[string]any{"apiKey": "café enc:v1:x"}},
		// a token bound to another property does not decrypt
		{keyed, `{"payload": {"n": 1}, "moduleContext": {"apiKey": "` + otherToken + `"}}`, 400, undecryptable},
		// a token under a property C does not declare is decrypted too: its refusal comes first,
		// before the unknown key, a problem of C or of the payload, whatever the keys' order
		{keyed, `{"payload": {"n": "x"}, "moduleContext": {"apiKey": "` + token + `", "other": "enc:v1:altered"}}`, 400, undecryptable},
		{keyed, `{"payload": {"n": "x"}, "moduleContext": {"apiKey": 1, "x": {"deep": [["enc:v1:altered"]]}}}`, 400, undecryptable},
		{keyed, `{"moduleContext": {"x": ["` + otherToken + `"], "apiKey": 1}, "payload": {"n": "x"}}`, 400, undecryptable},
		{keyed, `{"payload": {"n": 1}, "moduleContext": {"apiKey": "` + token + `", "other": "` + otherToken + `"}}`, 400, mismatch(Text(TextEndpointExtra, map[string]string{"where": "moduleContext"}))},
		{keyless, `{"payload": {"n": "x"}, "moduleContext": {"apiKey": 1, "x": ["` + token + `"]}}`, ModuleNoKeyStatus, noKey},
		{keyless, `{"payload": {"n": 1}, "moduleContext": {"apiKey": "` + escaped + `"}}`, ModuleNoKeyStatus, noKey},
		// decrypted, C and then the payload are read as they would be without a token
		{keyed, `{"payload": {"n": "x"}, "moduleContext": {"limits": {"b": [1, "x"], "a": ["y"]}, "apiKey": "` + token + `"}}`, 400, mismatch("moduleContext.limits.*[1]: " + textWantInteger)},
		{keyed, `{"payload": {"n": "x"}, "moduleContext": {"apiKey": "` + token + `", "limits": {"a": ["y"], "b": [1, "x"]}}}`, 400, mismatch("moduleContext.limits.*[0]: " + textWantInteger)},
		{keyed, `{"moduleContext": {"apiKey": "` + token + `"}, "payload": {"n": "x"}}`, 400, mismatch("payload.n: " + textWantInteger)},
		// keys are never decrypted; without a token, no key is needed
		{keyless, `{"payload": {"n": 1}, "moduleContext": {"apiKey": "s3cret", "limits": {"` + token + `": [1]}}}`, 200, map[string]any{"apiKey": "s3cret", "limits": map[string]any{token: []any{1.0}}}},
	}
	for _, c := range cases {
		status, answer := answerOf(t, c.server, "/api/v1/sales", c.body)
		if status != c.status || !reflect.DeepEqual(answer, c.answer) {
			t.Errorf("%.120s: %d %v, want %d %v", c.body, status, answer, c.status, c.answer)
		}
	}
}

func TestABodyWithoutATokenIsReadInOnePass(t *testing.T) {
	// mayHoldToken is what keeps such a body on the one-pass reading: it must see every way a
	// string can start with the prefix, and a common body holds none of them.
	for _, literal := range []string{`"enc:v1:x"`, `"\u0065nc:v1:x"`, `"enc\u003av1:x"`, `"enc:v1\u003A"`} {
		var text string
		if err := json.Unmarshal([]byte(literal), &text); err != nil || !secrets.IsToken(text) {
			t.Fatalf("%s is no token: %v", literal, err)
		}
		if !mayHoldToken([]byte(`{"payload": {}, "moduleContext": {"a": ` + literal + `}}`)) {
			t.Errorf("%s: a token mayHoldToken does not see", literal)
		}
	}
	for body, walked := range map[string]bool{
		`{"payload": {"n": 1}, "moduleContext": {"apiKey": "s3cret", "note": "an enc:v1: token is decrypted"}}`: false,
		`{"payload": {"n": 1}, "moduleContext": {"enc:v1:x": "s3cret"}}`:                                        true, // a key: walked, left
	} {
		if mayHoldToken([]byte(body)) != walked {
			t.Errorf("%s: mayHoldToken %v", body, !walked)
		}
	}
	revealed, refused := (&revealing{}).context([]byte(`{"a": "caf\u00e9", "b": ["enc:v1"]}`))
	if revealed != nil || refused != nil {
		t.Errorf("a context without a token was rewritten: %q %v", revealed, refused)
	}
}
