// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/context.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// What a data source method learns about a call besides its body. The routes build one
// RequestContext per call and pass it to the method, so the data source never needs the
// *http.Request (as in the Python and TypeScript plugins). The method's context.Context carries
// the rest (issue 40 point 3): its logger (Logger) and its end, cancelled when the caller hangs
// up and at its deadline, PLUGIN_QUERY_SECONDS after the call began (ServerOptions.QuerySeconds).

import (
	"context"
	"log/slog"
	"net/http"

	"acme-sales/internal/contract/logging"
)

// Logger is the logger of the request ctx belongs to: every line carries its request id, in
// LOG_FORMAT text and json alike, whether the call passes ctx or not:
//
//	contract.Logger(ctx).Info("read the rows", "rows", n)
//
// Outside a request it is slog.Default(), which main sets to the service's logger.
func Logger(ctx context.Context) *slog.Logger { return logging.FromContext(ctx) }

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
