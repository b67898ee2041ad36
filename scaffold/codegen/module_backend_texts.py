"""The texts a module backend answers with, in every language it is written in: one table.

A module backend's refusals are `{"error": true, "message": ...}` bodies whose sentences the
contract leaves to scaffold (the spec's examples quote some of them), and a Widget, a proxy log or a
test may read them: a Python, TypeScript or Go backend must say the same sentence for the same
bytes. So they are written once, here, and each language's module generator renders this table into
the contract folder of the project (Python `_contract/module_texts.py`, TypeScript
`src/contract/module-texts.ts`, Go `moduletexts_gen.go`); no runtime file spells one.
scaffold/codegen/cases/module_bodies.json holds the bodies each runtime must answer with them.

`{name}` marks a value filled in where the text is used (every language's formatter replaces
`{name}` alone, as catalog.ts's formatText and Python's str.format on these plain texts do). The
texts are English: a module's own texts (texts.py, texts.ts) are the localised ones; these name
what the caller sent wrong, for its developer. None echoes what the body held (it may hold
secrets): places are named by the contract's or the endpoint's declared names only.
"""

from __future__ import annotations

from scaffold.codegen.runtime_values import KIB, RUNTIME_VALUES

_MAX_HEAD_BYTES = next(value.value for value in RUNTIME_VALUES if value.name == "MAX_HEAD_BYTES")
assert isinstance(_MAX_HEAD_BYTES, int) and _MAX_HEAD_BYTES % KIB == 0

MODULE_TEXTS: dict[str, str] = {
    # reading the body (every POST route of the backend)
    "body.contentType": "Request body must be JSON, sent as application/json (or text/plain)",
    "body.tooLarge": "Request body is larger than {limit} bytes",
    "body.stalled": "The request body stopped arriving; send the request again",
    "body.busy": "The module backend holds as many request bodies as it may; retry",
    "body.tooDeep": "The body is nested more than {max} levels deep",
    "body.empty": "Request body is empty; send a JSON object",
    # Python's json module names a line and column, Node's and Go's parsers other things: no
    # language names either (as the plugins decided in issue 39), so all say the same.
    "json.invalid": "Request body is not valid JSON",
    "json.notUtf8": "Request body is not valid JSON: it is not UTF-8 text",
    "json.loneSurrogate": "Request body is not valid JSON: it has an unpaired surrogate escape (\\uD800-\\uDFFF)",
    "json.keyTwice": "Request body is not valid JSON: an object has a key twice",
    # the demo endpoint's two shapes (DemoStatusRequest)
    "envelope.neither": "The body matches neither an envelope {payload, moduleContext} nor a bare payload {message}: {problem}",
    "envelope.notObject": "{where} must be an object",
    "envelope.required": "{where}message is required",
    "envelope.notString": "{where}message must be a string",
    "envelope.extraInPayload": "payload allows no property other than message",
    "envelope.extraInBare": "a bare payload allows no property other than message (an envelope needs payload)",
    "envelope.contextNotObject": "moduleContext must be an object",
    "envelope.contextNull": "moduleContext must be an object (null is not allowed)",
    # any POST route: a body with moduleContext and no payload is neither shape; said as such, not
    # as a missing or extra property of a bare payload
    "envelope.contextWithoutPayload": "The body has moduleContext but no payload: a body with moduleContext is the proxy's envelope, so put the payload in its payload property",
    # the author's own endpoints
    "endpoint.mismatch": "The body does not match this endpoint: {problem}",
    "endpoint.extra": "{where} has a property this endpoint does not take",
    # secrets in moduleContext (enc:v1: tokens) and the endpoint that makes them
    "secrets.undecryptable": "moduleContext holds an encrypted value this module backend cannot decrypt (altered, or made with another key); save the module's settings again",
    "secrets.noKey": "This module backend has no MODULE_SECRET_KEY, so it cannot encrypt or decrypt secrets; set MODULE_SECRET_KEY in its environment",
    "secrets.oldWithoutKey": "MODULE_OLD_SECRET_KEYS is set but MODULE_SECRET_KEY is not; set MODULE_SECRET_KEY to the key new secrets are encrypted with",
    # POST /api/v1/secrets in the published document (/openapi.json): its summary, and the
    # descriptions of its payload (SecretToSeal) and answer (SealedSecret) and of their properties
    "sealing.summary": "Encrypt a secret the module's Settings is about to save (an enc:v1: token)",
    "sealing.toSeal": "What the module's Settings sends to have a secret encrypted before it saves it.",
    "sealing.toSeal.name": "The property of the settings that will hold the value (the token is bound to it)",
    "sealing.toSeal.value": "The secret; a value that already is an enc:v1: token comes back as it is",
    "sealing.sealed": "The token the Settings saves in place of the secret.",
    "sealing.sealed.value": "An enc:v1: token only this module's backend decrypts",
    # any route
    "http.404": "Not found: this module backend has no endpoint at this path",
    "http.405": "Method not allowed: this path does not serve this method",
    # a request head the backend refuses before any route reads it (no {name}: the shared HTTP
    # layers of the TypeScript and Python backends format none); a head framed against RFC 9112
    # (two Content-Lengths, a Transfer-Encoding other than chunked) is http.other with status 400
    "http.431": f"The request line and headers are larger than {_MAX_HEAD_BYTES // KIB} KiB",
    "http.other": "HTTP error {status}",
    "stopping": "The module backend is stopping; retry the request",
    "internal": "Unexpected error in the module backend (incident {incident}); see its log",
    "static.notFound": "Not found: no such file in the frontend build",
    "static.notBuilt": "Not found: no such file in the frontend build (the frontend is not built: run `npm run build` in frontend/)",
}
