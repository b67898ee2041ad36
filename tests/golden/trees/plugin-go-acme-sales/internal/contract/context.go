// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/context.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// What a data source method learns about a call besides its body. The routes build one
// RequestContext per call and pass it to the method, so the data source never needs the
// *http.Request (as in the Python and TypeScript plugins).

import "net/http"

// RequestContext describes one call of a contract operation.
type RequestContext struct {
	// Locale is the catalogue language chosen from Accept-Language (q-values honoured); ru-RU by default.
	Locale string
	// Header is the request's headers.
	Header http.Header
	// OperationID is the contract operation being served, e.g. "getQueryResult".
	OperationID string
	// BaseURL is the plugin's base URL as the caller reached it, including /api/v1.
	BaseURL string
	// RequestID is the caller's X-Request-ID when it sent a usable one, else a new one.
	RequestID string
}
