// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/module/body.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package module

// Reading a module endpoint's JSON body strictly (the Python backend's envelope.py), every rule in
// the order it is applied:
//
//   - a declared Content-Type other than JSON (application/json, application/*+json) or
//     text/plain -> 400; text/plain is read as JSON because a browser calling directly may send
//     it to avoid a CORS preflight, and a missing Content-Type is read as JSON too;
//   - a body over ModuleMaxBodyBytes -> 413; while the process holds ModuleMaxBodyBytesInFlight
//     bytes of bodies -> 503 with Retry-After (a refused body is drained first, so a client that
//     writes its whole body before reading still reads the answer); a body that stops arriving ->
//     408 and a closed connection (the bodylimits package);
//   - brackets nested more than ModuleMaxJSONDepth levels deep -> 422, judged on the raw text
//     before anything else, so such a body is never processed;
//   - a body that is not JSON (empty, not UTF-8, malformed, NaN, a lone surrogate escape, a key
//     given twice) -> 400.
//
// Messages never echo the body or its key names: it may hold secrets.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"acme-map/internal/contract/bodylimits"
	"acme-map/internal/contract/jsonio"
)

// bodyError is a body the endpoint cannot use: answer status with message (and headers).
type bodyError struct {
	status  int
	message string
	headers map[string]string
}

func refuse(status int, message string) *bodyError {
	return &bodyError{status: status, message: message}
}

// readableContentType: none, a JSON media type (application/json, application/*+json) or text/plain.
func readableContentType(header []string) bool {
	if len(header) == 0 || header[0] == "application/json" || header[0] == "text/plain" {
		return true // the common cases, as ParseMediaType would read them, without its map of parameters
	}
	media, _, err := mime.ParseMediaType(header[0])
	if err != nil {
		media = strings.ToLower(strings.TrimSpace(strings.SplitN(header[0], ";", 2)[0]))
	}
	return media == "application/json" || media == "text/plain" ||
		strings.HasPrefix(media, "application/") && strings.HasSuffix(media, "+json")
}

// readBody is the raw body of r, counted in budget until release is called (never nil).
func readBody(w http.ResponseWriter, r *http.Request, budget *bodylimits.Budget) ([]byte, func(), *bodyError) {
	if !readableContentType(r.Header.Values("Content-Type")) {
		_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, DrainBytes))
		return nil, func() {}, refuse(http.StatusBadRequest, Text(TextBodyContentType, nil))
	}
	body, release, err := bodylimits.Read(w, r, ModuleMaxBodyBytes, budget, bodylimits.Pace{})
	if err == nil {
		return body, release, nil
	}
	var refused *bodylimits.Refused
	switch {
	case errors.As(err, &refused) && refused.TooLarge:
		limit := map[string]string{"limit": strconv.Itoa(ModuleMaxBodyBytes)}
		return nil, release, refuse(http.StatusRequestEntityTooLarge, Text(TextBodyTooLarge, limit))
	case errors.As(err, &refused) && !refused.Stalled:
		busy := map[string]string{"Retry-After": strconv.Itoa(RetryAfterSeconds)}
		return nil, release, &bodyError{http.StatusServiceUnavailable, Text(TextBodyBusy, nil), busy}
	}
	// stalled, or the body ended before its length (the client went away): it stopped arriving
	closing := map[string]string{"Connection": "close"}
	return nil, release, &bodyError{http.StatusRequestTimeout, Text(TextBodyStalled, nil), closing}
}

// nestingDepth is how deep the brackets of raw nest outside string literals (of any text, JSON or
// not), in one pass.
func nestingDepth(raw []byte) int {
	if bytes.Count(raw, []byte("["))+bytes.Count(raw, []byte("{")) <= ModuleMaxJSONDepth {
		return 0 // cannot be deeper than the limit: the common case costs two counts
	}
	depth, deepest, inString := 0, 0, false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// tooDeep is the refusal of a body nested deeper than ModuleMaxJSONDepth.
func tooDeep() *bodyError {
	depth := map[string]string{"max": strconv.Itoa(ModuleMaxJSONDepth)}
	return refuse(http.StatusUnprocessableEntity, Text(TextBodyTooDeep, depth))
}

// parseJSON is the value of raw (nil, bool, string, json.Number, []any, map[string]any), in the
// order of checks the Python and TypeScript backends apply: too deep, empty, not UTF-8, then what
// the parser finds (syntaxRefusal).
func parseJSON(raw []byte) (any, *bodyError) {
	if refused := precheck(raw); refused != nil {
		return nil, refused
	}
	reader := jsonio.NewReader(raw, ModuleMaxJSONDepth)
	value := reader.Any()
	reader.End()
	if refused := syntaxRefusal(raw, reader.Syntax()); refused != nil {
		return nil, refused
	}
	return value, nil
}

// readJSON checks raw as parseJSON does, building nothing: an own endpoint reads its types from
// the bytes (strict.go). envelope says the body is an object with a top-level "payload" key; an
// object with a top-level "moduleContext" key and no "payload" is refused (contextWithoutPayload).
func readJSON(raw []byte) (envelope bool, refused *bodyError) {
	if refused := precheck(raw); refused != nil {
		return false, refused
	}
	reader := jsonio.NewReader(raw, ModuleMaxJSONDepth)
	saved := false
	if reader.Peek() == '{' && reader.BeginObject() {
		for reader.NextKey() {
			envelope = envelope || string(reader.Key()) == envelopePayload
			saved = saved || string(reader.Key()) == envelopeContext
			reader.Skip()
		}
	}
	reader.End()
	if refused := syntaxRefusal(raw, reader.Syntax()); refused != nil {
		return false, refused
	}
	if saved && !envelope {
		return false, contextWithoutPayload()
	}
	return envelope, nil
}

// contextWithoutPayload refuses a body with moduleContext and no payload, on every POST route:
// only the proxy's envelope carries moduleContext, so such a body was meant as one, and saying
// that is clearer than naming a bare payload's missing or extra property (as every language says it).
func contextWithoutPayload() *bodyError {
	return refuse(http.StatusBadRequest, Text(TextEnvelopeContextWithoutPayload, nil))
}

// precheck refuses raw nested too deep, empty or not UTF-8, before it is parsed.
func precheck(raw []byte) *bodyError {
	if nestingDepth(raw) > ModuleMaxJSONDepth {
		return tooDeep()
	}
	if len(bytes.TrimLeft(raw, " \t\n\r\v\f")) == 0 {
		return refuse(http.StatusBadRequest, Text(TextBodyEmpty, nil))
	}
	if !utf8.Valid(raw) {
		return refuse(http.StatusBadRequest, Text(TextJSONNotUtf8, nil))
	}
	return nil
}

// syntaxRefusal is the refusal of what the parser found in raw (nil: nothing). jsonio stops at a
// lone surrogate escape or a key given twice, where the Python and TypeScript parsers read on:
// such a body that is no JSON further on is "not valid JSON" in every language, so the rest is
// checked (encoding/json.Valid takes both) before the narrower text is chosen.
func syntaxRefusal(raw []byte, syntax *jsonio.SyntaxError) *bodyError {
	switch {
	case syntax == nil:
		return nil
	case syntax.TooDeep:
		return tooDeep()
	case strings.Contains(syntax.Reason, "surrogate") && json.Valid(raw):
		return refuse(http.StatusBadRequest, Text(TextJSONLoneSurrogate, nil))
	case strings.Contains(syntax.Reason, "twice") && json.Valid(raw):
		return refuse(http.StatusBadRequest, Text(TextJSONKeyTwice, nil))
	}
	return refuse(http.StatusBadRequest, Text(TextJSONInvalid, nil))
}
