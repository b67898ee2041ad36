package module

// Secrets in a module's settings: `enc:v1:` tokens in moduleContext, and the endpoint that makes
// them (the Python backend's module_secrets.py, decided there).
//
// The contract says moduleContext "may contain secret values in encrypted form" and leaves the
// rest unsaid; scaffold decides (README, "Secrets in the module's settings"): the module's Settings
// asks its own backend, through the platform's proxy, to encrypt a secret before it saves it
// (POST ModuleSecretsPath, served here beside the module's own endpoints and listed in the
// document like them), so the platform stores, shows and sends back only the token; before an own
// endpoint reads moduleContext (its type C, its payload), every token in it is decrypted (reveal:
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
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"example.com/plugin/internal/contract/secrets"
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

// reveal decrypts, in place, the `enc:v1:` values of the moduleContext of data (the parsed body)
// before route reads it: only an envelope's moduleContext that is a non-empty object (any other is
// readCall's to refuse or to read as none). The sealing route ignores moduleContext (a saved token
// it could not decrypt must not stop the settings from being saved again). Without a token it is
// one walk that writes and allocates nothing.
func (s *Server) reveal(route *ownRoute, data any) *bodyError {
	if route.path == ModuleSecretsPath {
		return nil
	}
	object, _ := data.(map[string]any)
	if _, envelope := object[envelopePayload]; !envelope {
		return nil
	}
	context, _ := object[envelopeContext].(map[string]any)
	return revealObject(context, s.secrets)
}

// revealObject decrypts the tokens of object's values, each bound to its key.
func revealObject(object map[string]any, box *secrets.Box) *bodyError {
	for key, value := range object {
		plain, revealed, refused := revealValue(value, key, box)
		if refused != nil {
			return refused
		}
		if revealed {
			object[key] = plain
		}
	}
	return nil
}

// revealValue decrypts the tokens inside value (bound to name), and is value's plaintext and true
// when value itself is a token. The body's depth is bounded before it is parsed
// (ModuleMaxJSONDepth), so the recursion is too.
func revealValue(value any, name string, box *secrets.Box) (string, bool, *bodyError) {
	switch inner := value.(type) {
	case string:
		if !secrets.IsToken(inner) {
			return "", false, nil
		}
		if box == nil {
			return "", false, refuse(ModuleNoKeyStatus, Text(TextSecretsNoKey, nil))
		}
		plain, err := box.Decrypt(inner, name)
		if err != nil {
			return "", false, refuse(http.StatusBadRequest, Text(TextSecretsUndecryptable, nil))
		}
		return plain, true, nil
	case map[string]any:
		return "", false, revealObject(inner, box)
	case []any:
		for index, item := range inner {
			plain, revealed, refused := revealValue(item, name, box)
			if refused != nil {
				return "", false, refused
			}
			if revealed {
				inner[index] = plain
			}
		}
	}
	return "", false, nil
}

// SecretToSeal is what the module's Settings sends to have a secret encrypted before it saves it.
type SecretToSeal struct {
	Name  string `json:"name" doc:"The property of the settings that will hold the value (the token is bound to it)"`
	Value string `json:"value" doc:"The secret; a value that already is an enc:v1: token comes back as it is"`
}

// SealedSecret is the token the Settings saves in place of the secret.
type SealedSecret struct {
	Value string `json:"value" doc:"An enc:v1: token only this module's backend decrypts"`
}

// sealingSummary is the operation's summary in the document.
const sealingSummary = "Encrypt a secret the module's Settings is about to save (an enc:v1: token)"

// served are the routes New serves and OpenAPI documents: POST ModuleSecretsPath (which every
// module backend has), then the module's own, in the order registered.
func (e *Endpoints) served(box *secrets.Box) []*ownRoute {
	return append([]*ownRoute{sealingRoute(box)}, e.routes()...)
}

// sealingRoute is POST ModuleSecretsPath: the Settings' secret as the token it saves, read by the
// own endpoints' rules (its moduleContext ignored); box nil answers ModuleNoKeyStatus.
func sealingRoute(box *secrets.Box) *ownRoute {
	return &ownRoute{
		path: ModuleSecretsPath, summary: sealingSummary,
		payload: reflect.TypeFor[SecretToSeal](), context: reflect.TypeFor[map[string]any](),
		answer: reflect.TypeFor[SealedSecret](),
		serve: func(data any, _ string, _ *http.Request) ([]byte, error) {
			call, refused := readCall[SecretToSeal, map[string]any](data)
			if refused != nil {
				return nil, refused
			}
			if problem := secretLengthProblem(call); problem != "" {
				return nil, mismatch(problem)
			}
			if box == nil {
				return nil, Error{Status: ModuleNoKeyStatus, Message: Text(TextSecretsNoKey, nil)}
			}
			token, err := box.Seal(call.Payload.Value, call.Payload.Name)
			if err != nil {
				return nil, err // the payload is valid UTF-8 (parseJSON): the system's random source failed
			}
			return encodeAnswer(SealedSecret{Value: token})
		},
	}
}

// secretLengthProblem is the payload's length beyond its schema's bounds, in pydantic's words as
// the Python backend says it (characters are code points there and here), "" within them.
func secretLengthProblem(call Call[SecretToSeal, map[string]any]) string {
	place := theBody
	if call.ViaProxy {
		place = envelopePayload
	}
	switch name := utf8.RuneCountInString(call.Payload.Name); {
	case name < 1:
		return place + ".name: String should have at least 1 character"
	case name > ModuleMaxSecretNameChars:
		return place + ".name: String should have at most " + strconv.Itoa(ModuleMaxSecretNameChars) + " characters"
	}
	if utf8.RuneCountInString(call.Payload.Value) > ModuleMaxSecretChars {
		return place + ".value: String should have at most " + strconv.Itoa(ModuleMaxSecretChars) + " characters"
	}
	return ""
}

// limitSecretLengths writes the payload's bounds into its component, which reflection cannot
// derive from a Go string: the schema the conformance test holds the route to is the one it enforces.
func (s *schemas) limitSecretLengths() {
	component, _ := s.components[s.named(reflect.TypeFor[SecretToSeal](), false)].(map[string]any)
	properties, _ := component["properties"].(map[string]any)
	for name, bounds := range map[string]map[string]any{
		"name":  {"minLength": 1, "maxLength": ModuleMaxSecretNameChars},
		"value": {"maxLength": ModuleMaxSecretChars},
	} {
		if property, ok := properties[name].(map[string]any); ok {
			for key, bound := range bounds {
				property[key] = bound
			}
		}
	}
}
