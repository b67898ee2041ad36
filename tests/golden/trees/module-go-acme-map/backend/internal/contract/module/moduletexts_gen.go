// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

package module

import "regexp"

// TextKey names one text of the table every language's module backend answers with
// (scaffold/codegen/module_backend_texts.py): the same bytes get the same sentence in Python,
// TypeScript and Go.
type TextKey string

// The keys of the table, in its order.
const (
	TextBodyContentType               TextKey = "body.contentType"
	TextBodyTooLarge                  TextKey = "body.tooLarge"
	TextBodyStalled                   TextKey = "body.stalled"
	TextBodyBusy                      TextKey = "body.busy"
	TextBodyTooDeep                   TextKey = "body.tooDeep"
	TextBodyEmpty                     TextKey = "body.empty"
	TextJSONInvalid                   TextKey = "json.invalid"
	TextJSONNotUtf8                   TextKey = "json.notUtf8"
	TextJSONLoneSurrogate             TextKey = "json.loneSurrogate"
	TextJSONKeyTwice                  TextKey = "json.keyTwice"
	TextEnvelopeNeither               TextKey = "envelope.neither"
	TextEnvelopeNotObject             TextKey = "envelope.notObject"
	TextEnvelopeRequired              TextKey = "envelope.required"
	TextEnvelopeNotString             TextKey = "envelope.notString"
	TextEnvelopeExtraInPayload        TextKey = "envelope.extraInPayload"
	TextEnvelopeExtraInBare           TextKey = "envelope.extraInBare"
	TextEnvelopeContextNotObject      TextKey = "envelope.contextNotObject"
	TextEnvelopeContextNull           TextKey = "envelope.contextNull"
	TextEnvelopeContextWithoutPayload TextKey = "envelope.contextWithoutPayload"
	TextEndpointMismatch              TextKey = "endpoint.mismatch"
	TextEndpointExtra                 TextKey = "endpoint.extra"
	TextSecretsUndecryptable          TextKey = "secrets.undecryptable"
	TextSecretsNoKey                  TextKey = "secrets.noKey"
	TextSecretsOldWithoutKey          TextKey = "secrets.oldWithoutKey"
	TextSealingSummary                TextKey = "sealing.summary"
	TextSealingToSeal                 TextKey = "sealing.toSeal"
	TextSealingToSealName             TextKey = "sealing.toSeal.name"
	TextSealingToSealValue            TextKey = "sealing.toSeal.value"
	TextSealingSealed                 TextKey = "sealing.sealed"
	TextSealingSealedValue            TextKey = "sealing.sealed.value"
	TextHTTP404                       TextKey = "http.404"
	TextHTTP405                       TextKey = "http.405"
	TextHTTP431                       TextKey = "http.431"
	TextHTTPOther                     TextKey = "http.other"
	TextStopping                      TextKey = "stopping"
	TextInternal                      TextKey = "internal"
	TextStaticNotFound                TextKey = "static.notFound"
	TextStaticNotBuilt                TextKey = "static.notBuilt"
)

// moduleTexts are the table's sentences; {name} marks a value Text fills in.
var moduleTexts = map[TextKey]string{
	TextBodyContentType:               "Request body must be JSON, sent as application/json (or text/plain)",
	TextBodyTooLarge:                  "Request body is larger than {limit} bytes",
	TextBodyStalled:                   "The request body stopped arriving; send the request again",
	TextBodyBusy:                      "The module backend holds as many request bodies as it may; retry",
	TextBodyTooDeep:                   "The body is nested more than {max} levels deep",
	TextBodyEmpty:                     "Request body is empty; send a JSON object",
	TextJSONInvalid:                   "Request body is not valid JSON",
	TextJSONNotUtf8:                   "Request body is not valid JSON: it is not UTF-8 text",
	TextJSONLoneSurrogate:             "Request body is not valid JSON: it has an unpaired surrogate escape (\\uD800-\\uDFFF)",
	TextJSONKeyTwice:                  "Request body is not valid JSON: an object has a key twice",
	TextEnvelopeNeither:               "The body matches neither an envelope {payload, moduleContext} nor a bare payload {message}: {problem}",
	TextEnvelopeNotObject:             "{where} must be an object",
	TextEnvelopeRequired:              "{where}message is required",
	TextEnvelopeNotString:             "{where}message must be a string",
	TextEnvelopeExtraInPayload:        "payload allows no property other than message",
	TextEnvelopeExtraInBare:           "a bare payload allows no property other than message (an envelope needs payload)",
	TextEnvelopeContextNotObject:      "moduleContext must be an object",
	TextEnvelopeContextNull:           "moduleContext must be an object (null is not allowed)",
	TextEnvelopeContextWithoutPayload: "The body has moduleContext but no payload: a body with moduleContext is the proxy's envelope, so put the payload in its payload property",
	TextEndpointMismatch:              "The body does not match this endpoint: {problem}",
	TextEndpointExtra:                 "{where} has a property this endpoint does not take",
	TextSecretsUndecryptable:          "moduleContext holds an encrypted value this module backend cannot decrypt (altered, or made with another key); save the module's settings again",
	TextSecretsNoKey:                  "This module backend has no MODULE_SECRET_KEY, so it cannot encrypt or decrypt secrets; set MODULE_SECRET_KEY in its environment",
	TextSecretsOldWithoutKey:          "MODULE_OLD_SECRET_KEYS is set but MODULE_SECRET_KEY is not; set MODULE_SECRET_KEY to the key new secrets are encrypted with",
	TextSealingSummary:                "Encrypt a secret the module's Settings is about to save (an enc:v1: token)",
	TextSealingToSeal:                 "What the module's Settings sends to have a secret encrypted before it saves it.",
	TextSealingToSealName:             "The property of the settings that will hold the value (the token is bound to it)",
	TextSealingToSealValue:            "The secret; a value that already is an enc:v1: token comes back as it is",
	TextSealingSealed:                 "The token the Settings saves in place of the secret.",
	TextSealingSealedValue:            "An enc:v1: token only this module's backend decrypts",
	TextHTTP404:                       "Not found: this module backend has no endpoint at this path",
	TextHTTP405:                       "Method not allowed: this path does not serve this method",
	TextHTTP431:                       "The request line and headers are larger than 16 KiB",
	TextHTTPOther:                     "HTTP error {status}",
	TextStopping:                      "The module backend is stopping; retry the request",
	TextInternal:                      "Unexpected error in the module backend (incident {incident}); see its log",
	TextStaticNotFound:                "Not found: no such file in the frontend build",
	TextStaticNotBuilt:                "Not found: no such file in the frontend build (the frontend is not built: run `npm run build` in frontend/)",
}

var placeholder = regexp.MustCompile(`\{(\w+)\}`)

// Text is the text of key with each {name} that params gives filled in, in one pass (a filled
// value is never read again); any other {...} stays as written.
func Text(key TextKey, params map[string]string) string {
	return placeholder.ReplaceAllStringFunc(moduleTexts[key], func(found string) string {
		if value, ok := params[found[1:len(found)-1]]; ok {
			return value
		}
		return found
	})
}
