// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/rolenames.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// The metrics, the logs and the Accept-Language choice live in packages of their own
// (internal/contract/metrics, logging, acceptlanguage); these are the names the contract
// package has always given them, so the code a team and its template wrote against
// contract.NewMetrics or contract.ChooseLocale builds unchanged. (The secrets: secretbox.go.)

import (
	"io"
	"log/slog"

	"acme-sales/internal/contract/acceptlanguage"
	"acme-sales/internal/contract/logging"
	"acme-sales/internal/contract/metrics"
)

// Metrics holds a service's request metrics and writes them with the process metrics
// (metrics.Registry).
type Metrics = metrics.Registry

// MetricsContentType is the Content-Type of the text Metrics.WriteText writes.
const MetricsContentType = metrics.ContentType

// NewMetrics is an empty Metrics (metrics.New).
func NewMetrics() *Metrics { return metrics.New() }

// LanguageRange is one item of an Accept-Language header (acceptlanguage.Range).
type LanguageRange = acceptlanguage.Range

// ParseAcceptLanguage reads the items of an Accept-Language header (acceptlanguage.Parse).
func ParseAcceptLanguage(header string) []LanguageRange { return acceptlanguage.Parse(header) }

// ChooseLocale is the best of available for an Accept-Language header, or DefaultLocale
// (acceptlanguage.Choose).
func ChooseLocale(header string, available []string) string {
	return acceptlanguage.Choose(header, available)
}

// NewLogger is the service's logger for LOG_FORMAT and LOG_LEVEL (logging.NewLogger).
func NewLogger(w io.Writer, format, level string) (*slog.Logger, error) {
	return logging.NewLogger(w, format, level)
}
