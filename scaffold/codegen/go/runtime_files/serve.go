package contract

// Serving the contract's operations on net/http: body -> checked request -> data source -> answer.
//
// Every endpoint runs the same steps, driven by its entry in the generated operations table
// (operations_gen.go), which also holds one small serve function per operation:
//
//  1. read the raw body (bodylimits.go): over MaxBodyBytes (10 MiB) 413, beyond the bytes the
//     process may hold at once (64 MiB) 503 with Retry-After, a refused body drained first; a
//     body that stops arriving (BodyStallSeconds without a byte, or below BodyMinBytesPerSecond
//     once it has taken longer) 408 with `Connection: close`; a declared Content-Type other than
//     JSON is 400;
//  2. decode it with the generated strict decoder (json_gen.go over jsonread.go): not JSON (NaN
//     and Infinity included) or not what the schema says is the contract's "request format is
//     wrong", 400 in the endpoint's error shape, naming places by the contract's names only;
//  3. decrypt `enc:v1:` values of DatasourceField lists (one that does not decrypt is 422);
//  4. call the Handler method with a RequestContext and a context.Context that carries the
//     request's logger (Logger) and ends when the caller hangs up or QuerySeconds pass: a method
//     still running then, or one that returns the context's error, is answered 422 in the
//     operation's 422 shape (`query.deadline`, issue 40 point 3);
//  5. encrypt password fields of the answer and write it with the generated encoder.
//
// A *PluginError becomes its status and message; any other error is a plugin bug: it goes to the
// log with an incident id and the caller gets a generic 500, and so does a panic (recoverPanic). A
// method that stops because its caller hung up is no failure of the plugin (hungUp:
// ClientClosedStatus), nor is one cut by the end of the shutdown's grace period (cutByShutdown:
// 503, as the Python plugin answers). Unknown
// paths answer 404 and other methods 405 with {"error": true, "message"}. The glue's own messages
// are in the call's language and never quote the request: the same rules as the Python plugin's
// dispatch.py and the TypeScript plugin's serve.ts.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"path"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"example.com/plugin/internal/contract/logging"
)

const (
	maxProblems = 3
	maxMessage  = 600
)

var (
	jsonMediaType = regexp.MustCompile(`(?i)^application/(?:[\w.+-]+\+)?json$`)
	fieldCode     = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,128}$`)
	answerBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}
)

// ServerOptions is what a Server needs; zero limits take the defaults.
type ServerOptions struct {
	// Handler is the data source: one method per operation of the contract.
	Handler Handler
	// Catalog holds the plugin's texts; it chooses each call's language.
	Catalog *Catalog
	// Secrets encrypts and decrypts password fields.
	Secrets *SecretBox
	// Logger receives the failures (an incident id each).
	Logger *slog.Logger
	// MaxBodyBytes bounds one request body (MaxBodyBytes when 0).
	MaxBodyBytes int64
	// MaxBodyBytesInFlight bounds the bytes of bodies held at once (MaxBodyBytesInFlight when 0).
	MaxBodyBytesInFlight int64
	// BodyStallSeconds is the longest a body may send nothing (BodyStallSeconds when 0); for tests,
	// not a setting of the project.
	BodyStallSeconds float64
	// BodyMinBytesPerSecond is the least average rate of a body once it has taken longer than
	// BodyStallSeconds (BodyMinBytesPerSecond when 0); for tests, not a setting of the project.
	BodyMinBytesPerSecond float64
	// QuerySeconds is PLUGIN_QUERY_SECONDS: the deadline of a Handler method's context, after
	// which its call is answered 422 (none when 0).
	QuerySeconds int
}

// Server serves the contract's operations under BasePath; it is an http.Handler.
type Server struct {
	handler      Handler
	catalog      *Catalog
	secrets      *SecretBox
	logger       *slog.Logger
	maxBody      int64
	budget       *BodyBudget
	pace         BodyPace
	secretFields map[string]bool
	mux          *http.ServeMux
	querySeconds int
}

// SecretFielder is implemented by a data source that keeps other fields than passwords secret:
// their values are encrypted in answers like passwords.
type SecretFielder interface {
	SecretFields() []string
}

// NewServer is a Server for opts; it refuses a missing handler, catalog or secret box.
func NewServer(opts ServerOptions) (*Server, error) {
	if opts.Handler == nil || opts.Catalog == nil || opts.Secrets == nil {
		return nil, Configurationf("contract.NewServer needs a Handler, a Catalog and a SecretBox")
	}
	s := &Server{
		handler:      opts.Handler,
		catalog:      opts.Catalog,
		secrets:      opts.Secrets,
		logger:       opts.Logger,
		maxBody:      opts.MaxBodyBytes,
		budget:       NewBodyBudget(orDefault(opts.MaxBodyBytesInFlight, MaxBodyBytesInFlight)),
		pace:         BodyPace{Stall: time.Duration(opts.BodyStallSeconds * float64(time.Second)), MinBytesPerSecond: opts.BodyMinBytesPerSecond},
		secretFields: map[string]bool{},
		mux:          http.NewServeMux(),
		querySeconds: max(opts.QuerySeconds, 0),
	}
	if s.logger == nil {
		s.logger = slog.Default()
	}
	if s.maxBody <= 0 {
		s.maxBody = MaxBodyBytes
	}
	if fielder, ok := opts.Handler.(SecretFielder); ok {
		for _, code := range fielder.SecretFields() {
			s.secretFields[code] = true
		}
	}
	s.routes()
	s.mux.HandleFunc("/", s.notFound)
	return s, nil
}

func orDefault(value, fallback int64) int64 {
	if value > 0 {
		return value
	}
	return fallback
}

// ServeHTTP answers one request. A path that is not clean (`//`, `.`, `..`) is 404 here: ServeMux
// would answer it with a redirect, which the contract does not document. A request FrameRequests
// refused is answered here too (framing.go).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.answeredRefusal(w, r) {
		return
	}
	if p := r.URL.Path; p == "" || p[0] != '/' || path.Clean(p) != p {
		s.notFound(w, r)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// OperationOf is the operationId a request is for, or "" when it is for no operation (the metrics'
// operation label).
func OperationOf(r *http.Request) string {
	path, found := strings.CutPrefix(r.URL.Path, BasePath) // once, not a concatenation per operation
	if !found {
		return ""
	}
	for i := range Operations {
		op := &Operations[i]
		if path == op.Path && (r.Method == op.HTTPMethod || (op.HTTPMethod == http.MethodGet && r.Method == http.MethodHead)) {
			return op.OperationID
		}
	}
	return ""
}

func (s *Server) requestContext(r *http.Request, op *Operation) RequestContext {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	prefix := strings.TrimSuffix(r.URL.Path, op.Path)
	return RequestContext{
		Locale:      s.catalog.Choose(r.Header.Get("Accept-Language")),
		Header:      r.Header,
		OperationID: op.OperationID,
		BaseURL:     scheme + "://" + r.Host + prefix,
		RequestID:   RequestIDFrom(r.Context()),
	}
}

// readRequest reads and decodes the body; false when it answered a refusal itself. release gives
// the body's bytes back to the budget: call it once the answer is written.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request, op *Operation, rc RequestContext, decode func(*Reader)) (release func(), ok bool) {
	body, release, err := ReadBody(w, r, s.maxBody, s.budget, s.pace)
	if err != nil {
		var refused *BodyRefused
		if errors.As(err, &refused) && refused.TooLarge {
			s.writeError(w, nil, TooLargeStatus, tooLargeMessage(s.maxBody, rc.Locale), nil)
		} else if errors.As(err, &refused) && refused.Stalled {
			s.logger.Info("refused a body that stopped arriving")
			w.Header().Set("Connection", "close") // the rest of the body is not read: net/http closes after the answer
			s.writeError(w, op, StalledStatus, RuntimeText(rc.Locale, "body.stalled", nil), nil)
		} else if errors.As(err, &refused) {
			s.logger.Warn("refused a body: the bodies being served hold the most bytes allowed at once")
			w.Header().Set("Retry-After", strconv.Itoa(RetryAfterSeconds))
			s.writeError(w, nil, BusyStatus, RuntimeText(rc.Locale, "body.busy", nil), nil)
		} else {
			s.logger.Info("could not read a request body", "error", err.Error())
			s.writeError(w, op, http.StatusBadRequest, RuntimeText(rc.Locale, "body.invalidJson", nil), nil)
		}
		return nil, false
	}
	if declared, present := r.Header["Content-Type"]; present { // declared empty is no JSON either
		media, _, _ := strings.Cut(strings.Join(declared, ","), ";")
		if !jsonMediaType.MatchString(strings.TrimSpace(media)) {
			release()
			s.logger.Info("refused a body declared as another type than JSON")
			s.writeError(w, op, http.StatusBadRequest, RuntimeText(rc.Locale, "body.contentType", nil), nil)
			return nil, false
		}
	}
	reader := NewReader(body, MaxJSONDepth)
	decode(reader)
	reader.End()
	if message := requestProblem(reader, rc.Locale); message != "" {
		release()
		s.writeError(w, op, http.StatusBadRequest, message, nil)
		return nil, false
	}
	return release, true
}

// requestProblem is the 400 message for what the reader found, or "" when the body is as the spec says.
func requestProblem(reader *Reader, locale string) string {
	if reader.Syntax() != nil { // no position: the Python and TypeScript plugins name none either
		return RuntimeText(locale, "body.invalidJson", nil)
	}
	problems := reader.Problems()
	if len(problems) == 0 {
		return ""
	}
	var parts []string
	for _, problem := range problems {
		where := problem.Place
		if where == "" {
			where = RuntimeText(locale, "body.where", nil)
		}
		part := where + ": " + RuntimeText(locale, "problem."+problem.Kind, nil)
		if !contains(parts, part) {
			parts = append(parts, part)
		}
	}
	text := strings.Join(parts[:min(len(parts), maxProblems)], "; ")
	if len(parts) > maxProblems {
		text += " " + RuntimeText(locale, "body.more", map[string]string{"count": strconv.Itoa(len(parts) - maxProblems)})
	}
	message := RuntimeText(locale, "body.schema", map[string]string{"problems": text})
	if runes := []rune(message); len(runes) > maxMessage {
		message = string(runes[:maxMessage-1]) + "…"
	}
	return message
}

func contains(list []string, item string) bool {
	for _, each := range list {
		if each == item {
			return true
		}
	}
	return false
}

// undecryptable answers 422 for a token that does not decrypt (validationErrors names the field).
func (s *Server) undecryptable(w http.ResponseWriter, op *Operation, rc RequestContext, code string) {
	message := RuntimeText(rc.Locale, "secret.undecryptable", nil)
	var named map[string]string
	if fieldCode.MatchString(code) {
		named = map[string]string{code: message}
	}
	s.writeError(w, op, http.StatusUnprocessableEntity, message, named)
}

// callContext is the context a Handler method is called with: the request's, with the service's
// logger (Logger) and the deadline QuerySeconds away.
func (s *Server) callContext(r *http.Request) (context.Context, context.CancelFunc) {
	ctx := logging.WithLogger(r.Context(), s.logger)
	if s.querySeconds == 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, time.Duration(s.querySeconds)*time.Second)
}

// ended answers a call that ended before its method answered, and says whether it did: a request
// cut by the end of the shutdown's grace period (cutByShutdown), a caller that hung up (hungUp),
// or the deadline of ctx passed, whatever the method returned then (its late answer or the error
// the context gave it): 422 with `query.deadline`.
func (s *Server) ended(w http.ResponseWriter, r *http.Request, ctx context.Context, op *Operation, rc RequestContext, err error) bool {
	if r.Context().Err() != nil && (err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		if err == nil {
			err = r.Context().Err()
		}
		if CutByShutdown(r) {
			s.cutByShutdown(w, r, op, rc, err)
		} else {
			s.hungUp(w, r, op, rc, err)
		}
		return true
	}
	if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return false
	}
	// Told by its context, the method had DeadlineLastWordMs to answer itself: a data source that
	// enforces the same deadline answers with its own message (found when projects upgraded with
	// their example got the glue's generic text), as in Python and TypeScript.
	deadline, _ := ctx.Deadline()
	answeredItself := err == nil || !(errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded))
	if answeredItself && time.Since(deadline) <= time.Duration(DeadlineLastWordMs)*time.Millisecond {
		return false
	}
	seconds := strconv.Itoa(s.querySeconds)
	s.logger.LogAttrs(r.Context(), slog.LevelInfo, op.MethodName+" stopped: no answer within PLUGIN_QUERY_SECONDS ("+seconds+" s)",
		slog.String(requestIDField, rc.RequestID))
	s.writeError(w, op, http.StatusUnprocessableEntity, RuntimeText(rc.Locale, "query.deadline", map[string]string{"seconds": seconds}), nil)
	return true
}

// fail answers an error a Handler method returned: a *PluginError as itself, the cancellation of a
// request cut by the end of the shutdown's grace period as cutByShutdown says, of one whose caller
// hung up as hungUp says, anything else 500.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, op *Operation, rc RequestContext, err error) {
	if errors.Is(err, context.Canceled) && CutByShutdown(r) {
		s.cutByShutdown(w, r, op, rc, err)
		return
	}
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		s.hungUp(w, r, op, rc, err)
		return
	}
	var pluginError *PluginError
	if errors.As(err, &pluginError) {
		s.writeError(w, op, pluginError.status(), pluginError.Message, pluginError.ValidationErrors)
		return
	}
	s.internal(w, r, op, rc, err)
}

// hungUp ends a request whose caller went away while the method ran (net/http cancels the
// request's context then, and a method that honours it returns context.Canceled): nobody is there
// to read an answer, and nothing failed in the plugin, so it is a debug line, not an ERROR with an
// incident id, and the status recorded is ClientClosedStatus (nginx's "client closed request"), not
// 500: counting it 500 would page someone for a browser tab that was closed. A context cancelled while
// the caller still waits (the method's own context.WithCancel) stays a 500: only r.Context()
// being done says the caller left.
func (s *Server) hungUp(w http.ResponseWriter, r *http.Request, op *Operation, rc RequestContext, err error) {
	s.logger.LogAttrs(r.Context(), slog.LevelDebug, op.MethodName+" stopped: the caller hung up",
		slog.String("error", err.Error()), slog.String(requestIDField, rc.RequestID))
	w.Header().Set("Content-Length", "0")
	w.WriteHeader(ClientClosedStatus)
}

// cutByShutdown answers a request whose method was still running at the end of the shutdown's
// grace period (Serve cancels every request's context then, with errGraceEnded as the cause): its
// caller is still there, so it gets what the Python plugin answers, 503 with the catalogue's
// `stopping` text in the error shape and `Connection: close`, and may retry on another instance.
// Before, it got the empty 499 of a caller that hung up. No incident: nothing failed in the plugin.
func (s *Server) cutByShutdown(w http.ResponseWriter, r *http.Request, op *Operation, rc RequestContext, err error) {
	s.logger.LogAttrs(r.Context(), slog.LevelDebug, op.MethodName+" stopped: the shutdown's grace period ended",
		slog.String("error", err.Error()), slog.String(requestIDField, rc.RequestID))
	w.Header().Set("Connection", "close")
	s.writeError(w, nil, http.StatusServiceUnavailable, RuntimeText(rc.Locale, "stopping", nil), nil)
}

// recoverPanic is deferred by every serve function (operations_gen.go): a panic in the Handler
// method (or in the glue around it) is a plugin bug like a returned error, answered 500 with an incident id through internal,
// its value and stack in that one log line. Without it net/http recovered the panic itself: the
// caller got an empty reply (the connection closed) while the access line said 500, and the stack
// went to the log package, in neither of the log formats. http.ErrAbortHandler goes on: it is how
// a handler asks net/http to drop the answer.
func (s *Server) recoverPanic(w http.ResponseWriter, r *http.Request, op *Operation, rc RequestContext) {
	value := recover()
	if value == nil {
		return
	}
	if err, ok := value.(error); ok && errors.Is(err, http.ErrAbortHandler) {
		panic(value)
	}
	text := fmt.Sprint(value)
	s.internal(w, r, op, rc, errors.New("panic: "+text), slog.String("panic", text), slog.String("stack", string(debug.Stack())))
}

// internal answers a plugin bug: 500 with a new incident id, and one ERROR line naming it (with
// the request id, the error and any details).
func (s *Server) internal(w http.ResponseWriter, r *http.Request, op *Operation, rc RequestContext, err error, details ...slog.Attr) {
	incident := incidentID()
	attrs := append([]slog.Attr{slog.String("incident", incident), slog.String("error", err.Error()), slog.String(requestIDField, rc.RequestID)}, details...)
	s.logger.LogAttrs(r.Context(), slog.LevelError, op.MethodName+" failed (incident "+incident+")", attrs...)
	s.writeError(w, op, http.StatusInternalServerError, RuntimeText(rc.Locale, "internal", map[string]string{"incident": incident}), nil)
}

// send writes a 200 answer built by encode (a 500 when the answer cannot be written as JSON).
func (s *Server) send(w http.ResponseWriter, r *http.Request, op *Operation, rc RequestContext, encode func([]byte) ([]byte, error)) {
	held := answerBuffers.Get().(*[]byte)
	defer answerBuffers.Put(held)
	body, err := encode((*held)[:0])
	if err != nil {
		s.internal(w, r, op, rc, errors.New("the answer cannot be written as JSON: "+err.Error()))
		return
	}
	*held = body
	writeJSON(w, http.StatusOK, body)
}

// ErrorBody is the body of an error of op (its error shape from the spec), or the generic one when op is nil.
func ErrorBody(op *Operation, status int, message string, validationErrors map[string]string) []byte {
	b := []byte(`{"error":true,"message":`)
	b = AppendString(b, message)
	if op != nil && op.ErrorStatusType == "boolean" {
		b = append(b, `,"status":false`...)
	} else if op != nil && op.ErrorStatusType == "integer" {
		b = append(b, `,"status":`...)
		b = AppendInt(b, int64(status))
	}
	if op != nil && op.ValidationErrors && len(validationErrors) > 0 {
		b = append(b, `,"validationErrors":{`...)
		for i, key := range sortedKeys(validationErrors) {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, key)
			b = append(b, ':')
			b = AppendString(b, validationErrors[key])
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

func (s *Server) writeError(w http.ResponseWriter, op *Operation, status int, message string, validationErrors map[string]string) {
	writeJSON(w, status, ErrorBody(op, status, message, validationErrors))
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	header := w.Header()
	header.Set("Content-Type", "application/json")
	header.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.writeError(w, nil, http.StatusNotFound, RuntimeText(s.catalog.Choose(r.Header.Get("Accept-Language")), "http.404", nil), nil)
}

// notAllowed answers 405 naming the allowed methods, whatever the request's body.
func (s *Server) notAllowed(allowed string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allowed)
		s.writeError(w, nil, http.StatusMethodNotAllowed, RuntimeText(s.catalog.Choose(r.Header.Get("Accept-Language")), "http.405", nil), nil)
	}
}

func tooLargeMessage(limit int64, locale string) string {
	var size string
	if limit >= 1<<20 {
		size = RuntimeText(locale, "size.mebibytes", map[string]string{"count": strconv.FormatFloat(float64(limit)/(1<<20), 'g', 6, 64)})
	} else {
		size = RuntimeText(locale, "size.bytes", map[string]string{"count": strconv.FormatInt(limit, 10)})
	}
	return RuntimeText(locale, "body.tooLarge", map[string]string{"size": size})
}

// incidentID is 12 hex digits naming one failure in the log and in its answer.
func incidentID() string {
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	return hex.EncodeToString(raw[:])
}

// errNoAnswer is the plugin bug of a method that returned neither an answer nor an error.
func errNoAnswer(op *Operation) error {
	return errors.New(op.MethodName + " returned a nil answer and a nil error")
}
