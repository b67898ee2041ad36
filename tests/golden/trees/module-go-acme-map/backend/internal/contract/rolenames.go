// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/rolenames.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

package contract

// The metrics, the logs, the body limits and the Accept-Language choice live in packages of their
// own (internal/contract/metrics, logging, bodylimits, acceptlanguage); these are the names the contract
// package has always given them, so the code a team and its template wrote against
// contract.NewMetrics or contract.ChooseLocale builds unchanged. (The secrets: secretbox.go.)

import (
	"io"
	"log/slog"
	"net/http"

	"acme-map/internal/contract/acceptlanguage"
	"acme-map/internal/contract/bodylimits"
	"acme-map/internal/contract/logging"
	"acme-map/internal/contract/metrics"
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

// BodyPace is how long a body may stall and how slowly it may arrive (bodylimits.Pace).
type BodyPace = bodylimits.Pace

// BodyRefused is a body refused as too large, busy or stalled (bodylimits.Refused).
type BodyRefused = bodylimits.Refused

// BodyBudget counts the body bytes the process holds at once (bodylimits.Budget).
type BodyBudget = bodylimits.Budget

// NewBodyBudget is a budget of limit bytes (bodylimits.NewBudget).
func NewBodyBudget(limit int64) *BodyBudget { return bodylimits.NewBudget(limit) }

// ReadBody reads a request's body within limit, budget and pace (bodylimits.Read).
func ReadBody(w http.ResponseWriter, r *http.Request, limit int64, budget *BodyBudget, pace BodyPace) ([]byte, func(), error) {
	return bodylimits.Read(w, r, limit, budget, pace)
}
