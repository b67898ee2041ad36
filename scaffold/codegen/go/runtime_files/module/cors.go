package module

// Browsers calling the backend directly (the Python backend's CORSMiddleware, as Starlette
// answers): an allowed origin gets Access-Control-Allow-Origin on every answer (`*` when any
// origin is allowed), and a preflight (OPTIONS with Access-Control-Request-Method) is answered
// here, 200 for an allowed origin and method, 400 otherwise, before any route.

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
)

var corsMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodOptions}

func isPreflight(r *http.Request) bool {
	return r.Method == http.MethodOptions && r.Header.Get("Origin") != "" &&
		r.Header.Get("Access-Control-Request-Method") != ""
}

// cors sets the CORS headers of r's answer and says whether it answered r (a preflight).
func (s *Server) cors(w http.ResponseWriter, r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return false
	}
	anyOrigin := slices.Contains(s.opts.CORSOrigins, "*")
	allowed := anyOrigin || slices.Contains(s.opts.CORSOrigins, origin)
	header := w.Header()
	if !isPreflight(r) {
		if anyOrigin {
			header.Set("Access-Control-Allow-Origin", "*")
		} else if allowed {
			header.Set("Access-Control-Allow-Origin", origin)
			header.Add("Vary", "Origin")
		}
		return false
	}
	var refused []string
	if !allowed {
		refused = append(refused, "origin")
	}
	if !slices.Contains(corsMethods, r.Header.Get("Access-Control-Request-Method")) {
		refused = append(refused, "method")
	}
	if !anyOrigin {
		header.Add("Vary", "Origin")
	}
	header.Set("Access-Control-Allow-Methods", strings.Join(corsMethods, ", "))
	header.Set("Access-Control-Max-Age", "600")
	if requested := r.Header.Get("Access-Control-Request-Headers"); requested != "" {
		header.Set("Access-Control-Allow-Headers", requested)
	}
	text, status := "OK", http.StatusOK
	if len(refused) > 0 {
		text, status = "Disallowed CORS "+strings.Join(refused, ", "), http.StatusBadRequest
	} else if anyOrigin {
		header.Set("Access-Control-Allow-Origin", "*")
	} else {
		header.Set("Access-Control-Allow-Origin", origin)
	}
	header.Set("Content-Type", "text/plain; charset=utf-8")
	header.Set("Content-Length", strconv.Itoa(len(text)))
	w.WriteHeader(status)
	_, _ = w.Write([]byte(text))
	return true
}
