package module

// A module's own proxied endpoints (the Python backend's endpoints.py), typed with generics:
//
//	var Endpoints = module.NewEndpoints()
//
//	func init() {
//		module.Post(Endpoints, "/api/v1/series", module.Route[SeriesQuery, ModuleSettings, Series]{
//			Errors: []int{409},
//			Handle: func(call module.Call[SeriesQuery, ModuleSettings]) (Series, error) { ... },
//		})
//	}
//
// Every rule, in the order it is applied (the body rules are body.go's, shared with the demo):
//
//   - Content-Type, size (413 over 1 MiB; 503 with Retry-After while the process holds its bytes
//     in flight, one budget with the contract's routes), nesting depth (422 over 64 levels) and
//     JSON syntax (400, a key given twice included);
//   - a body with a top-level "payload" key is the envelope: its moduleContext, when the key is
//     present, must be an object (null is refused) and is read as the context type C, after its
//     `enc:v1:` values are decrypted (secrets.go: 400 for a token this backend cannot decrypt, 503
//     when it has no MODULE_SECRET_KEY); an empty object is read as none (nothing saved yet); its
//     payload is read as P; other keys are ignored. Any other body is a bare payload, read as P,
//     with no moduleContext. So that the two cannot be mistaken, P is a struct (unknown keys are
//     refused) with no property "payload" or "moduleContext";
//   - reading is strict (strict.go): a failure is 400 naming the first problem's place;
//   - Handle's answer is written with encoding/json and Content-Language; a module.Error answers
//     its status with the error body; any other error (or a panic) is 500 with an incident id.
//
// A route registered wrongly (its path, its types, its statuses) makes New fail with one sentence
// naming the route, so the backend does not start half right. The document's schemas of P, C and
// the answer are derived from the same types by reflection (schema.go): the schema the
// conformance test and Schemathesis hold the endpoint to is the one the decoder enforces, and the
// team writes each shape once, as Go.

import (
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"

	"example.com/plugin/internal/contract/acceptlanguage"
)

// Call is one call of an own endpoint: the payload, the module's saved settings, the language.
type Call[P, C any] struct {
	// Payload is the body's payload (the envelope's, or the bare body), read strictly.
	Payload P
	// ModuleContext is the saved settings the proxy added, nil for a bare payload, an envelope
	// without moduleContext or with `{}`. Its secrets are decrypted (secrets.go): never echo it.
	ModuleContext *C
	// Locale is the language to answer in, chosen from Accept-Language among the project's.
	Locale string
	// ViaProxy says the body was the proxy's envelope.
	ViaProxy bool
	// Request is the HTTP request (headers; its context carries the request id and ends with the
	// shutdown's grace period).
	Request *http.Request
}

// Route is an own endpoint: the function that answers it, and what the document says of it.
type Route[P, C, A any] struct {
	// Summary is the operation's summary in the document ("" for a default naming the path).
	Summary string
	// Errors are the statuses Handle answers with a module.Error (400 to 599), so the document
	// lists them and the conformance test expects them.
	Errors []int
	// Handle answers the call.
	Handle func(Call[P, C]) (A, error)
}

// Endpoints is the registry of a module's own POST endpoints.
type Endpoints struct {
	list []*ownRoute
	err  error
}

// ownRoute is a registered route with its types erased.
type ownRoute struct {
	path    string
	summary string
	errors  []int
	payload reflect.Type
	context reflect.Type
	answer  reflect.Type
	serve   func(raw []byte, envelope bool, reveal *revealing, locale string, r *http.Request) ([]byte, error)
}

// NewEndpoints is an empty registry.
func NewEndpoints() *Endpoints { return &Endpoints{} }

// Err is the first registration that was refused (nil when every route is served as declared).
func (e *Endpoints) Err() error {
	if e == nil {
		return nil
	}
	return e.err
}

// Paths are the registered paths, in the order registered.
func (e *Endpoints) Paths() []string {
	var paths []string
	for _, route := range e.routes() {
		paths = append(paths, route.path)
	}
	return paths
}

func (e *Endpoints) routes() []*ownRoute {
	if e == nil {
		return nil
	}
	return e.list
}

// reservedPaths are answered by the contract's routes, the probes and the runtime's
// ModuleSecretsPath (secrets.go): no own endpoint takes them.
var reservedPaths = []string{HealthPath, ReadyPath, MetricsPath, OpenAPIPath, DemoStatusPath, WellKnownPath, ModuleSecretsPath}

// Post registers route as `POST path` on e (see the file comment). A mistake is kept as e.Err(),
// which New returns: one sentence naming the route and what to change.
func Post[P, C, A any](e *Endpoints, path string, route Route[P, C, A]) {
	payload := reflect.TypeFor[P]()
	context := reflect.TypeFor[C]()
	answer := reflect.TypeFor[A]()
	where := fmt.Sprintf("module.Post(%q)", path)
	if problem := routeProblem(e, path, payload, context, answer, route.Errors); problem != "" || route.Handle == nil {
		if problem == "" {
			problem = "Route.Handle is nil; give the function that answers the endpoint"
		}
		if e.err == nil {
			e.err = errors.New(where + ": " + problem)
		}
		return
	}
	e.list = append(e.list, &ownRoute{
		path: path, summary: route.Summary, errors: append([]int(nil), route.Errors...),
		payload: payload, context: context, answer: answer,
		serve: func(raw []byte, envelope bool, reveal *revealing, locale string, r *http.Request) ([]byte, error) {
			call, refused := readCall[P, C](raw, envelope, reveal)
			if refused != nil {
				return nil, refused
			}
			call.Locale, call.Request = locale, r
			result, err := route.Handle(call)
			if err != nil {
				return nil, err
			}
			return encodeAnswer(result)
		},
	})
}

// routeProblem is why a route cannot be served as declared, "" when it can.
func routeProblem(e *Endpoints, path string, payload, context, answer reflect.Type, statuses []int) string {
	if !strings.HasPrefix(path, "/") || strings.ContainsAny(path, "{}?#") {
		return "the path must start with '/' and hold no parameters or query"
	}
	for _, taken := range append(reservedPaths, e.Paths()...) {
		if path == taken {
			return "the path is already served; choose another"
		}
	}
	if strings.HasPrefix(path, StaticPrefix) || strings.HasPrefix(path, "/.well-known/") {
		return "the path is already served; choose another"
	}
	if payload.Kind() != reflect.Struct {
		return fmt.Sprintf("the payload type %s must be a struct (a JSON object; unknown keys are refused)", payload)
	}
	// A bare payload with a property "moduleContext" and no "payload" would be refused as an
	// envelope without its payload (contextWithoutPayload), so neither name is allowed.
	for _, field := range fieldsOf(payload) {
		if field.name == envelopePayload || field.name == envelopeContext {
			return fmt.Sprintf("the payload type %s may not have a property named %q; the proxy's envelope uses that name", payload, field.name)
		}
	}
	if context.Kind() != reflect.Struct && !(context.Kind() == reflect.Map && context.Key().Kind() == reflect.String) {
		return fmt.Sprintf("the module context type %s must be a struct, or map[string]any to take it as it comes", context)
	}
	for _, status := range statuses {
		if status < 400 || status > 599 {
			return "Errors lists HTTP statuses from 400 to 599"
		}
	}
	for _, named := range []struct {
		what string
		t    reflect.Type
	}{{"the payload", payload}, {"the module context", context}, {"the answer", answer}} {
		if problem := checkType(named.t, named.t.String(), map[reflect.Type]bool{}); problem != "" {
			return named.what + " cannot be JSON: " + problem
		}
	}
	return ""
}

// readCall reads the envelope or the bare payload (the file comment) from raw, which readJSON has
// found to be JSON (envelope: an object with a top-level "payload" key), in one pass: payload and
// moduleContext are read straight into P and C as they come (strict.go); a problem with
// moduleContext is answered before one with payload, whatever their order in the body. The
// tokens of moduleContext are decrypted by reveal (secrets.go; nil leaves them) before C is read
// from it, and its refusal is the answer, before any problem with C or P: a body that can hold
// no token (mayHoldToken, most) is not walked for them.
func readCall[P, C any](raw []byte, envelope bool, reveal *revealing) (Call[P, C], error) {
	var call Call[P, C]
	if !envelope {
		if found := newReading(raw, theBody).decode(reflect.ValueOf(&call.Payload).Elem()); found != nil {
			return call, mismatch(found.text())
		}
		return call, nil
	}
	call.ViaProxy = true
	secretsPossible := reveal != nil && mayHoldToken(raw)
	var contextRefused string
	var contextProblem, payloadProblem *problem
	r := newReading(raw, envelopePayload)
	r.enter()
	for r.more('}') {
		switch string(r.key()) {
		case envelopePayload:
			r.root(envelopePayload)
			payloadProblem = r.decode(reflect.ValueOf(&call.Payload).Elem())
		case envelopeContext:
			r.root(envelopeContext)
			switch first := r.peek(); {
			case first == 'n':
				contextRefused = Text(TextEnvelopeContextNull, nil)
			case first != '{':
				contextRefused = Text(TextEnvelopeContextNotObject, nil)
			case !emptyObject(raw[r.pos:]): // {}: nothing saved yet, read as none
				call.ModuleContext = new(C)
				if secretsPossible {
					start := r.pos
					revealed, refused := reveal.context(r.skip())
					if refused != nil {
						return call, refused
					}
					if revealed != nil { // C read from moduleContext with its tokens decrypted
						contextProblem = newReading(revealed, envelopeContext).decode(reflect.ValueOf(call.ModuleContext).Elem())
						continue
					}
					r.pos = start // no token in it after all: read where it is
				}
				contextProblem = r.decode(reflect.ValueOf(call.ModuleContext).Elem())
				continue
			}
			r.skip()
		default:
			r.skip()
		}
	}
	switch {
	case contextRefused != "":
		return call, mismatch(contextRefused)
	case contextProblem != nil:
		return call, mismatch(contextProblem.text())
	case payloadProblem != nil:
		return call, mismatch(payloadProblem.text())
	}
	return call, nil
}

// emptyObject says that the object value starts holds no key.
func emptyObject(value []byte) bool {
	for _, b := range value[1:] {
		switch b {
		case ' ', '\t', '\n', '\r':
		default:
			return b == '}'
		}
	}
	return false
}

func mismatch(problem string) *bodyError {
	return refuse(http.StatusBadRequest, Text(TextEndpointMismatch, map[string]string{"problem": problem}))
}

func (e *bodyError) Error() string { return e.message }

// endpoint serves route: the body rules, the call, the answer or the refusal.
func (s *Server) endpoint(route *ownRoute) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		locale := acceptlanguage.ChooseOr(r.Header.Get("Accept-Language"), s.opts.Locales, ModuleDefaultLocale)
		raw, release, refused := readBody(w, r, s.budget)
		defer release() // the body's bytes count until the answer is made
		var envelope bool
		if refused == nil {
			envelope, refused = readJSON(raw)
		}
		if refused != nil {
			writeError(w, refused.status, refused.message, refused.headers)
			return
		}
		body, err := route.serve(raw, envelope, s.reveal, locale, r)
		if stoppedByShutdown(w, r) {
			return
		}
		if err != nil {
			s.refuseCall(w, r, err)
			return
		}
		header := w.Header()
		header.Set("Content-Language", locale)
		header.Set("Vary", "Accept-Language")
		writeJSON(w, http.StatusOK, body, nil)
	}
}

// refuseCall answers err, why a call has no answer: its body refused, a module.Error, or
// anything else (500 with an incident id).
func (s *Server) refuseCall(w http.ResponseWriter, r *http.Request, err error) {
	var asBody *bodyError
	var asError Error
	var asPointer *Error
	switch {
	case errors.As(err, &asBody):
		writeError(w, asBody.status, asBody.message, asBody.headers)
	case errors.As(err, &asError) && validStatus(asError.Status):
		writeError(w, asError.Status, asError.Message, nil)
	case errors.As(err, &asPointer) && asPointer != nil && validStatus(asPointer.Status):
		writeError(w, asPointer.Status, asPointer.Message, nil)
	default:
		s.internalError(w, r, err)
	}
}

func validStatus(status int) bool { return status >= 400 && status <= 599 }
