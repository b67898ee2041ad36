// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/module/module.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

// Package module is the HTTP surface of a dashboard module backend (the Python module
// backend's _contract/routes.py, envelope.py, endpoints.py and assets.py, on net/http).
//
// New serves, beside the probes and metrics the contract package's Observe answers:
//
//   - GET/HEAD WellKnownPath: the metadata the project builds (Options.WellKnown), with
//     `buildTimestamp`, the current build's mark, when this backend serves the frontend;
//   - POST DemoStatusPath: the tutorial stub, its body read strictly (body.go, demo.go);
//   - GET/HEAD StaticPrefix+name: the built frontend with its caching rule (assets.go);
//   - GET/HEAD /openapi.json: the contract document with the project's own endpoints added;
//   - POST of every own endpoint registered on Options.Endpoints (endpoints.go), and POST
//     ModuleSecretsPath, which encrypts a secret the module's Settings is about to save (secrets.go).
//
// Every refusal is `{"error": true, "message": ...}` (errors.go): 404 for an unknown path, 405
// with Allow for a method a path does not serve, 500 with an incident id for an error or a panic
// in the project's code, and 400 or 431 for a request framed against RFC 9112 (contract's
// FrameRequests refused it before net/http read it; the Go plugin answers the same). The budget of
// body bytes in flight is one for every route.
package module

import (
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"

	"acme-map/internal/contract"
	"acme-map/internal/contract/bodylimits"
	"acme-map/internal/contract/secrets"
)

// OpenAPIPath is where the backend publishes its document.
const OpenAPIPath = "/openapi.json"

// apiPrefix is cut from a route's path for its operation label (`/api/v1/demo/status` ->
// `/demo/status`), as the Python backend labels its routes.
const apiPrefix = "/api/v1"

// staticOperation is the operation label of every file under StaticPrefix: the template, never a name.
const staticOperation = "/static/{name}"

// Options are the project's values and code the routes serve.
type Options struct {
	// WellKnown builds the metadata for baseURL, this backend as the caller reached it (with '/').
	WellKnown func(baseURL string) (json.Marshaler, error)
	// Version is the module's version: a static file asked for with it (and the build's mark) is
	// cached for a year.
	Version string
	// Demo answers the tutorial endpoint.
	Demo func(DemoCall) (json.Marshaler, error)
	// Locales are the languages the project has texts in; Accept-Language chooses among them.
	Locales []string
	// Assets is the built frontend (nil: none).
	Assets *Assets
	// ServesFrontend says that frontendHost is this backend (no MODULE_FRONTEND_HOST).
	ServesFrontend bool
	// Endpoints are the project's own routes (nil: none).
	Endpoints *Endpoints
	// Document is the contract's document (contract.Document).
	Document []byte
	// Logger gets the errors of the project's code (nil: slog.Default()).
	Logger *slog.Logger
	// CORSOrigins are the origins a browser may call from ("*": any; nil: none).
	CORSOrigins []string
	// Budget counts the body bytes held at once (nil: ModuleMaxBodyBytesInFlight of its own).
	Budget *bodylimits.Budget
	// Secrets is the box of MODULE_SECRET_KEY (LoadSecretBox; nil: no key, so a secret is 503).
	Secrets *secrets.Box
}

// Server is the module backend's handler.
type Server struct {
	opts     Options
	logger   *slog.Logger
	budget   *bodylimits.Budget
	document []byte
	routes   map[string]map[string]http.HandlerFunc // path -> method -> handler
	// reveal decrypts moduleContext's tokens for the own endpoints (secrets.go).
	reveal *revealing
}

// New is the handler of opts; an own endpoint registered wrongly, or a document that is not JSON,
// is its error (one sentence naming the route).
func New(opts Options) (*Server, error) {
	s := &Server{opts: opts, logger: opts.Logger, budget: opts.Budget, reveal: &revealing{box: opts.Secrets}}
	if s.logger == nil {
		s.logger = slog.Default()
	}
	if s.budget == nil {
		s.budget = bodylimits.NewBudget(ModuleMaxBodyBytesInFlight)
	}
	if s.opts.Assets == nil {
		s.opts.Assets = NewAssets("")
	}
	document, err := opts.Endpoints.OpenAPI(opts.Document)
	if err != nil {
		return nil, err
	}
	s.document = document
	s.routes = map[string]map[string]http.HandlerFunc{
		WellKnownPath:  {http.MethodGet: s.wellKnown},
		DemoStatusPath: {http.MethodPost: s.demoStatus},
		OpenAPIPath:    {http.MethodGet: s.openAPI},
	}
	for _, route := range opts.Endpoints.served(opts.Secrets) {
		s.routes[route.path] = map[string]http.HandlerFunc{http.MethodPost: s.endpoint(route)}
	}
	if opts.ServesFrontend && !s.opts.Assets.Available() {
		// a log line, not an answer: the app's words in every language (app.py, app.ts)
		s.logger.Warn("no built frontend in " + s.opts.Assets.Folder() +
			": run `npm run build` in frontend/ or set MODULE_FRONTEND_DIST")
	}
	return s, nil
}

// ServeHTTP routes r; a panic in the project's code is answered 500 with an incident id.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	tracked := &trackingWriter{ResponseWriter: w}
	defer func() {
		if failure := recover(); failure != nil {
			if failure == http.ErrAbortHandler {
				panic(failure)
			}
			s.internalError(tracked, r, failure)
		}
	}()
	if s.answeredRefusal(tracked, r) {
		return
	}
	if s.cors(tracked, r) {
		return
	}
	if methods, ok := s.methods(r.URL.Path); ok {
		handler := methods[r.Method]
		if handler == nil && r.Method == http.MethodHead {
			handler = methods[http.MethodGet]
		}
		if handler == nil {
			tracked.Header().Set("Allow", allowed(methods))
			writeError(tracked, http.StatusMethodNotAllowed, Text(TextHTTP405, nil), nil)
			return
		}
		handler(tracked, r)
		return
	}
	writeError(tracked, http.StatusNotFound, Text(TextHTTP404, nil), nil)
}

// methods are the handlers of path by method, and whether a route has the path.
func (s *Server) methods(path string) (map[string]http.HandlerFunc, bool) {
	if name, ok := strings.CutPrefix(path, StaticPrefix); ok {
		serve := func(w http.ResponseWriter, r *http.Request) { s.opts.Assets.Serve(w, r, name, s.opts.Version) }
		return map[string]http.HandlerFunc{http.MethodGet: serve}, true
	}
	methods, ok := s.routes[path]
	return methods, ok
}

// Operation is the metrics label of r: its route's path without /api/v1, "/static/{name}" for
// the frontend's files, OtherLabel for a path no route has (and a CORS preflight, answered first).
func (s *Server) Operation(r *http.Request) string {
	if isPreflight(r) {
		return OtherLabel
	}
	if strings.HasPrefix(r.URL.Path, StaticPrefix) {
		return staticOperation
	}
	if _, ok := s.routes[r.URL.Path]; ok {
		return strings.TrimPrefix(r.URL.Path, apiPrefix)
	}
	return OtherLabel
}

func allowed(methods map[string]http.HandlerFunc) string {
	var names []string
	for _, method := range []string{http.MethodGet, http.MethodHead, http.MethodPost} {
		_, served := methods[method]
		if served || method == http.MethodHead && methods[http.MethodGet] != nil {
			names = append(names, method)
		}
	}
	return strings.Join(names, ", ")
}

func (s *Server) wellKnown(w http.ResponseWriter, r *http.Request) {
	answer, err := s.opts.WellKnown(BaseURL(r))
	var data []byte
	if err == nil {
		data, err = answer.MarshalJSON()
	}
	if err != nil {
		s.internalError(w, r, err)
		return
	}
	if mark := s.opts.Assets.BuildMark(); s.opts.ServesFrontend && mark != "" {
		data = withBuildTimestamp(data, mark)
	}
	writeJSON(w, http.StatusOK, data, nil)
}

// withBuildTimestamp adds "buildTimestamp" to the JSON object data (the metadata's encoder wrote it).
func withBuildTimestamp(data []byte, mark string) []byte {
	end := strings.LastIndexByte(string(data), '}')
	if end < 0 {
		return data
	}
	value, _ := json.Marshal(mark) // a string always marshals
	head := strings.TrimSpace(string(data[:end]))
	separator := ","
	if strings.HasSuffix(head, "{") {
		separator = ""
	}
	return []byte(head + separator + `"buildTimestamp":` + string(value) + "}")
}

func (s *Server) openAPI(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.document, nil)
}

// BaseURL is this backend's public base URL as the caller reached it, ending in '/': the scheme
// is https behind TLS, or what X-Forwarded-Proto says when a proxy on this machine sent the request
// (uvicorn's FORWARDED_ALLOW_IPS default, 127.0.0.1, in the Python backend).
func BaseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if proto := r.Header.Get("X-Forwarded-Proto"); (proto == "https" || proto == "http") && fromLoopback(r) {
		scheme = proto
	}
	return scheme + "://" + r.Host + "/"
}

func fromLoopback(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// trackingWriter remembers whether an answer was begun, so a panic after it is not answered twice.
type trackingWriter struct {
	http.ResponseWriter
	wrote bool
}

func (t *trackingWriter) WriteHeader(status int) {
	t.wrote = true
	t.ResponseWriter.WriteHeader(status)
}

func (t *trackingWriter) Write(body []byte) (int, error) {
	t.wrote = true
	return t.ResponseWriter.Write(body)
}

// Unwrap lets http.ResponseController reach the connection (the body's read deadlines).
func (t *trackingWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }

// answeredRefusal answers the stand-in of a request FrameRequests refused (contract's framing.go),
// true, with `Connection: close` and the table's text for its status (http.431, else http.other);
// false for any other request.
// Nothing of the refused head is read (its Accept-Language included), as the Go plugin answers.
func (s *Server) answeredRefusal(w http.ResponseWriter, r *http.Request) bool {
	status, reason, refused := contract.FramingRefusal(r)
	if !refused {
		return false
	}
	s.logger.InfoContext(r.Context(), "refused a request framed against RFC 9112: "+reason)
	message := Text(TextHTTPOther, map[string]string{"status": strconv.Itoa(status)})
	if status == http.StatusRequestHeaderFieldsTooLarge {
		message = Text(TextHTTP431, nil) // the Python and TypeScript backends' sentence
	}
	writeError(w, status, message, map[string]string{"Connection": "close"})
	return true
}

// stoppedByShutdown answers r 503 with the module's `stopping` sentence and `Connection: close`,
// true, when its handler returned after the end of the shutdown's grace period cancelled its
// context (contract.Serve), whatever it returned: the caller is still there and may retry on
// another instance, as the Python and TypeScript module backends and the Go plugin answer it.
// Before, a handler that honoured its context and returned ctx.Err() was answered 500 with an
// incident id and an ERROR line. A handler that ignores its context is still running when the
// process ends a second later (exit 1): as in the Go plugin, its caller gets no answer.
func stoppedByShutdown(w http.ResponseWriter, r *http.Request) bool {
	if !contract.CutByShutdown(r) {
		return false
	}
	writeError(w, http.StatusServiceUnavailable, Text(TextStopping, nil), map[string]string{"Connection": "close"})
	return true
}
