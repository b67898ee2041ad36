// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/module/secrets.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package module

// Secrets in a module's settings: `enc:v1:` tokens in moduleContext, and the endpoint that makes
// them (the Python backend's module_secrets.py, decided there).
//
// The contract says moduleContext "may contain secret values in encrypted form" and leaves the
// rest unsaid; scaffold decides (README, "Secrets in the module's settings"): the module's Settings
// asks its own backend, through the platform's proxy, to encrypt a secret before it saves it
// (POST ModuleSecretsPath, served here beside the module's own endpoints and listed in the
// document like them), so the platform stores, shows and sends back only the token; before an own
// endpoint reads moduleContext (its type C, its payload), every token in it is decrypted (revealing:
// 400 for a token this backend cannot decrypt, ModuleNoKeyStatus when it has no key). The token is
// the plugins' (the secrets package, AES-256-GCM, copied unchanged), bound to the name of the
// property that holds it, so a token copied into another setting does not decrypt; an array's
// items, at any depth, take the name of the array's property. Keys are never decrypted.
//
// The key is MODULE_SECRET_KEY (32 random bytes, base64url), the same on every replica;
// MODULE_OLD_SECRET_KEYS still decrypt, so a key can be rotated. A module without a key runs (most
// modules keep no secret) and answers ModuleNoKeyStatus where a secret is needed; a key that is
// no key stops the start (LoadSecretBox, read with the settings). The shared cases
// scaffold/codegen/cases/module_secrets.json hold every language's module backend to the same
// answers (modulesecrets_test.go).

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"acme-map/internal/contract/secrets"
)

// LoadSecretBox is the box of MODULE_SECRET_KEY and MODULE_OLD_SECRET_KEYS as lookup reads them
// (os.LookupEnv), nil when no key is set. A key that is not one, or old keys without a current
// one, is a *secrets.KeyError: one sentence naming the variable, which stops the start.
func LoadSecretBox(lookup func(string) (string, bool)) (*secrets.Box, error) {
	keyText, _ := lookup(ModuleKeyEnv)
	oldText, _ := lookup(ModuleOldKeysEnv)
	var oldKeys [][]byte
	for _, part := range strings.Split(oldText, ",") {
		if blank(part) {
			continue
		}
		key, err := secrets.ParseKey(part, ModuleOldKeysEnv)
		if err != nil {
			return nil, err
		}
		oldKeys = append(oldKeys, key)
	}
	if blank(keyText) {
		if len(oldKeys) > 0 {
			return nil, &secrets.KeyError{Message: Text(TextSecretsOldWithoutKey, nil)}
		}
		return nil, nil
	}
	key, err := secrets.ParseKey(keyText, ModuleKeyEnv)
	if err != nil {
		return nil, err
	}
	return secrets.NewBox(key, oldKeys...)
}

// blank is Python's `not text.strip()`, as the other languages read an unset key (U+001C..U+001F
// are white space there, not in unicode.IsSpace).
func blank(text string) bool {
	return strings.TrimFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f }) == ""
}

// revealing is how an own endpoint's readCall treats the tokens of moduleContext: each one
// decrypted with box (nil: no key, so a token is answered ModuleNoKeyStatus) before C or the
// payload is read, and a refusal answered before any problem with them. A nil *revealing leaves
// them as they are: the sealing route ignores moduleContext (a saved token it could not decrypt
// must not stop the settings from being saved again).
type revealing struct{ box *secrets.Box }

// tokenStart is how a string that is a token can begin in the body: its quote, then the prefix
// written out. An escape can write those characters only as \u (`\u0065nc:v1:`).
var tokenStart, unicodeEscape = []byte(`"` + EncryptedPrefix), []byte(`\u`)

// mayHoldToken says whether some string of raw (JSON) can be a token. Most bodies hold none, and
// then the envelope is read in one pass, as if there were no secrets (readCall); the rest is
// walked (context), which decides.
func mayHoldToken(raw []byte) bool {
	return bytes.Contains(raw, tokenStart) || bytes.Contains(raw, unicodeEscape)
}

// context is object (moduleContext as the body writes it, a JSON object) with its tokens
// decrypted, nil when it holds none. Every other byte is kept as it was, so C is read from it as
// it would be read from the body (the keys in the body's order: the first problem of a map is
// the same one); each token's literal becomes its plaintext's. A token the box does not decrypt
// is 400 (TextSecretsUndecryptable); a token and no key, ModuleNoKeyStatus (TextSecretsNoKey).
func (v *revealing) context(object []byte) ([]byte, *bodyError) {
	if !mayHoldToken(object) {
		return nil, nil
	}
	walk := tokenWalk{cursor: cursor{data: object}, box: v.box}
	if refused := walk.value(""); refused != nil {
		return nil, refused
	}
	if walk.out == nil {
		return nil, nil
	}
	return append(walk.out, object[walk.copied:]...), nil
}

// tokenWalk goes through a JSON value (found to be JSON by readJSON), decrypting each string value
// that is a token, bound to the name of the property that holds it: an array's items, at any
// depth, take the array's property name; keys are never decrypted. out is the value rewritten up
// to data[copied:], nil while nothing is.
type tokenWalk struct {
	cursor
	box    *secrets.Box
	out    []byte
	copied int
}

// value walks the value in front, held by the property name. The body's depth is bounded before
// it is parsed (ModuleMaxJSONDepth), so the recursion is too.
func (w *tokenWalk) value(name string) *bodyError {
	switch w.peek() {
	case '{':
		w.enter()
		for w.more('}') {
			if refused := w.value(string(w.key())); refused != nil {
				return refused
			}
		}
	case '[':
		w.enter()
		for w.more(']') {
			if refused := w.value(name); refused != nil {
				return refused
			}
		}
	case '"':
		start := w.pos
		text := w.str()
		if !secrets.IsToken(text) {
			return nil
		}
		if w.box == nil {
			return refuse(ModuleNoKeyStatus, Text(TextSecretsNoKey, nil))
		}
		plain, err := w.box.Decrypt(text, name)
		if err != nil {
			return refuse(http.StatusBadRequest, Text(TextSecretsUndecryptable, nil))
		}
		literal, _ := json.Marshal(plain) // UTF-8 (Decrypt's check): read back as plain
		w.out = append(append(w.out, w.data[w.copied:start]...), literal...)
		w.copied = w.pos
	default:
		w.skip()
	}
	return nil
}

// SecretToSeal is the secret the module's Settings has encrypted before it saves it, and the
// property it is for.
// Its component in the document is describeSealing's, with the table's texts (TextSealing*).
type SecretToSeal struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// SealedSecret is the enc:v1: token that the Settings saves instead of the secret.
type SealedSecret struct {
	Value string `json:"value"`
}

// served are the routes New serves and OpenAPI documents: POST ModuleSecretsPath (which every
// module backend has), then the module's own, in the order registered.
func (e *Endpoints) served(box *secrets.Box) []*ownRoute {
	return append([]*ownRoute{sealingRoute(box)}, e.routes()...)
}

// sealingRoute is POST ModuleSecretsPath: the Settings' secret as the token it saves, read by the
// own endpoints' rules (its moduleContext ignored); box nil answers ModuleNoKeyStatus.
func sealingRoute(box *secrets.Box) *ownRoute {
	return &ownRoute{
		path: ModuleSecretsPath, summary: Text(TextSealingSummary, nil),
		payload: reflect.TypeFor[SecretToSeal](), context: reflect.TypeFor[map[string]any](),
		answer: reflect.TypeFor[SealedSecret](),
		serve: func(raw []byte, envelope bool, _ *revealing, _ string, _ *http.Request) ([]byte, error) {
			call, refused := readCall[secretFields, map[string]any](raw, envelope, nil) // moduleContext ignored
			if refused != nil {
				return nil, refused
			}
			place := theBody
			if call.ViaProxy {
				place = envelopePayload
			}
			secret, problem := call.Payload.secret(place)
			if problem != "" {
				return nil, mismatch(problem)
			}
			if box == nil {
				return nil, Error{Status: ModuleNoKeyStatus, Message: Text(TextSecretsNoKey, nil)}
			}
			token, err := box.Seal(secret.Value, secret.Name)
			if err != nil {
				return nil, err // the payload is valid UTF-8 (parseJSON): the system's random source failed
			}
			return encodeAnswer(SealedSecret{Value: token})
		},
	}
}

// secretFields is the sealing route's payload as it is read: any JSON object, so that secret
// checks it in the schema's order (module_secrets.json's "sealing" cases): SecretToSeal's name,
// then value, each property's absence, type and length together, then a key the schema has not,
// as pydantic reads SecretToSeal. Read as SecretToSeal, the strict reading would name an absent
// value or a key it has not before a name of the wrong type, and a wrong type of value before a
// name that is too short, since the lengths are no Go type's.
type secretFields map[string]any

// secret is the payload as SecretToSeal, or its first problem at place in the schema's order, in
// pydantic's words as the Python backend says it (characters are code points there and here).
func (f secretFields) secret(place string) (SecretToSeal, string) {
	name, wrong := f.boundedString("name", place, 1, ModuleMaxSecretNameChars)
	if wrong != "" {
		return SecretToSeal{}, wrong
	}
	value, wrong := f.boundedString("value", place, 0, ModuleMaxSecretChars)
	if wrong != "" {
		return SecretToSeal{}, wrong
	}
	for key := range f {
		if key != "name" && key != "value" {
			return SecretToSeal{}, (&problem{place: place, unknown: true}).text()
		}
	}
	return SecretToSeal{Name: name, Value: value}, ""
}

// boundedString is f's property key as a string of least to most characters, or the problem at
// place.key (absent, null or another type, too short or too long).
func (f secretFields) boundedString(key, place string, least, most int) (string, string) {
	place += "." + key
	value, present := f[key]
	text, ok := value.(string)
	switch count := utf8.RuneCountInString(text); {
	case !present:
		return "", place + ": " + textFieldRequired
	case !ok:
		return "", place + ": " + textWantString
	case count < least:
		return "", place + ": String should have at least " + strconv.Itoa(least) + " character" + plural(least)
	case count > most:
		return "", place + ": String should have at most " + strconv.Itoa(most) + " character" + plural(most)
	}
	return text, ""
}

func plural(count int) string {
	if count == 1 {
		return ""
	}
	return "s"
}

// describeSealing writes the components of the route's payload and answer as every language's
// backend documents them (the Python backend's pydantic models): the payload's bounds, which
// reflection cannot derive from a Go string, so the schema the conformance test holds the route to
// is the one it enforces, and the table's descriptions (TextSealing*), the same words in each
// language. tests/functional/test_module_backends.py compares the served documents.
func (s *schemas) describeSealing() {
	text := func(key TextKey) string { return Text(key, nil) }
	property := func(title string, about TextKey, bounds map[string]any) map[string]any {
		schema := map[string]any{"type": "string", "title": title, "description": text(about)}
		for key, bound := range bounds {
			schema[key] = bound
		}
		return schema
	}
	component := func(t reflect.Type, output bool, about TextKey, properties map[string]any, required []any) {
		s.components[s.named(t, output)] = map[string]any{
			"type": "object", "title": t.Name(), "description": text(about), "additionalProperties": false,
			"properties": properties, "required": required,
		}
	}
	component(reflect.TypeFor[SecretToSeal](), false, TextSealingToSeal, map[string]any{
		"name":  property("Name", TextSealingToSealName, map[string]any{"minLength": 1, "maxLength": ModuleMaxSecretNameChars}),
		"value": property("Value", TextSealingToSealValue, map[string]any{"maxLength": ModuleMaxSecretChars}),
	}, []any{"name", "value"})
	component(reflect.TypeFor[SealedSecret](), true, TextSealingSealed, map[string]any{
		"value": property("Value", TextSealingSealedValue, nil),
	}, []any{"value"})
}
