package contract

// The plugin's answer to a request FrameRequests refused (framing.go): the contract's error shape.

import (
	"net/http"
	"strconv"
)

// answeredRefusal answers a substitute request, true, in the contract's error shape and its
// default language, with `Connection: close`; false for every other request. The default language,
// as the Python and TypeScript plugins answer what their HTTP parsers refuse: nothing of a head
// that was refused is trusted, its Accept-Language included.
func (s *Server) answeredRefusal(w http.ResponseWriter, r *http.Request) bool {
	status, reason, refused := FramingRefusal(r)
	if !refused {
		return false
	}
	s.logger.InfoContext(r.Context(), "refused a request framed against RFC 9112: "+reason)
	w.Header().Set("Connection", "close") // nothing after it on the connection is read
	key := "http.other"
	if status == http.StatusRequestHeaderFieldsTooLarge {
		key = "http.431"
	}
	s.writeError(w, nil, status, RuntimeText(DefaultLocale, key, map[string]string{"status": strconv.Itoa(status)}), nil)
	return true
}
