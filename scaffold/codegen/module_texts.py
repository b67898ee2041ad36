"""The texts a module backend's glue answers with, written once for every backend language.

The Python module backend was first and spells these in its runtime files (`module_envelope.py`,
`module_endpoints.py`, `module_assets.py`, routes); a backend in another language renders them from
here (Go: `internal/contract/module/texts_gen.go`), so the same refusal reads the same whatever the
backend's language. The contract shows no module error texts: they are scaffold's, in English, and
none of them quotes the request (a body may hold secrets). `{name}` marks a value the glue fills in.
"""

from __future__ import annotations

MODULE_TEXTS: dict[str, str] = {
    "notFound": "Not found: this module backend has no endpoint at this path",
    "methodNotAllowed": "Method not allowed: this path does not serve this method",
    "httpOther": "HTTP error {status}",
    "internal": "Unexpected error in the module backend (incident {incident}); see its log",
    "contentType": "Request body must be JSON, sent as application/json (or text/plain)",
    "tooLarge": "Request body is larger than {limit} bytes",
    "stalled": "The request body stopped arriving; send the request again",
    "busy": "The module backend holds as many request bodies as it may; retry",
    "tooDeep": "The body is nested more than {depth} levels deep",
    "empty": "Request body is empty; send a JSON object",
    "notJson": "Request body is not valid JSON: {reason}",
    "notUtf8": "it is not UTF-8 text",
    "loneSurrogate": "it has an unpaired surrogate escape (\\uD800-\\uDFFF)",
    "neither": "The body matches neither an envelope {payload, moduleContext} nor a bare payload {message}: ",
    "mustBeObject": "{where} must be an object",
    "theBody": "the body",
    "messageRequired": "{prefix}message is required",
    "messageString": "{prefix}message must be a string",
    "payloadOnlyMessage": "{where} allows no property other than message",
    "bareOnlyMessage": "a bare payload allows no property other than message (an envelope needs payload)",
    "contextNull": " (null is not allowed)",
    "endpointMismatch": "The body does not match this endpoint: {problem}",
    "unknownProperty": "{place} has a property this endpoint does not take",
    "noSuchFile": "Not found: no such file in the frontend build",
    "notBuilt": " (the frontend is not built: run `npm run build` in frontend/)",
    "unreadable": "the body could not be read to its end",
    "fieldRequired": "Field required",
    "wantString": "Input should be a valid string",
    "wantInteger": "Input should be a valid integer",
    "wantNumber": "Input should be a valid number",
    "wantBoolean": "Input should be a valid boolean",
    "wantObject": "Input should be an object",
    "wantArray": "Input should be a valid list",
    "wantValue": "Input should not be null",
    "outOfRange": "Input should be a whole number the field can hold",
    "noBuildWarning": "no built frontend in {folder}: run `npm run build` in frontend/ or set MODULE_FRONTEND_DIST",
}
