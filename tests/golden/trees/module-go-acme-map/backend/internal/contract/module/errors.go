// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/module/errors.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package module

// The one error body of a module backend, `{"error": true, "message": ...}` (the spec's
// DemoStatusError): every refusal of every path, so a Widget reads one shape whatever went wrong.
// An unexpected error becomes 500 with an incident id: the error goes to the log under that id,
// never to the caller (it may name secrets or paths).

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime/debug"
	"strconv"
)

// Error is an own endpoint's refusal: return it from Handle to answer Status (400 to 599) with
// Message in the error body. Name the status in the route's Errors so the document lists it; the
// message is the caller's to read, in the call's Locale, and must not echo what the caller sent.
type Error struct {
	Status  int
	Message string
}

func (e Error) Error() string { return strconv.Itoa(e.Status) + " " + e.Message }

// errorBody is the error body of message.
func errorBody(message string) []byte {
	var out bytes.Buffer
	encoder := json.NewEncoder(&out)
	encoder.SetEscapeHTML(false) // the message as written, as Python's json.dumps writes it
	_ = encoder.Encode(struct {
		Error   bool   `json:"error"`
		Message string `json:"message"`
	}{true, message}) // a struct of a bool and a string always encodes
	return bytes.TrimRight(out.Bytes(), "\n")
}

// writeError answers status with the error body; message must not echo the request.
func writeError(w http.ResponseWriter, status int, message string, headers map[string]string) {
	writeJSON(w, status, errorBody(message), headers)
}

func writeJSON(w http.ResponseWriter, status int, body []byte, headers map[string]string) {
	header := w.Header()
	for name, value := range headers {
		header.Set(name, value)
	}
	header.Set("Content-Type", "application/json")
	header.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body) // a caller gone away is no error of ours
}

// internalError answers 500 with a new incident id and logs failure (an error or a panic's value)
// under it, with the stack of a panic.
func (s *Server) internalError(w http.ResponseWriter, r *http.Request, failure any) {
	incident := newIncident()
	attributes := []any{"incident", incident, "error", fmt.Sprint(failure)}
	if _, isError := failure.(error); !isError {
		attributes = append(attributes, "stack", string(debug.Stack()))
	}
	s.logger.ErrorContext(r.Context(), "unexpected error (incident "+incident+") on "+r.Method+" "+r.URL.Path, attributes...)
	if tracked, ok := w.(*trackingWriter); ok && tracked.wrote {
		return // the answer had begun: the connection ends short, the log says why
	}
	writeError(w, http.StatusInternalServerError, Text(TextInternal, map[string]string{"incident": incident}), nil)
}

// newIncident is 12 hex digits, as Python's os.urandom(6).hex().
func newIncident() string {
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	return hex.EncodeToString(raw[:])
}
