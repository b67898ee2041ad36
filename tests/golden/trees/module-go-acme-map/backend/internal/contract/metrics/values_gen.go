// Code generated from dashboard-module 2026.1.1+r3 (sha256 f3259d168e887b105a2956a5cb1811d2742bfc9eb8fe40c8a1e97ab056fb64b6); run `scaffold regenerate`. DO NOT EDIT.

package metrics

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

// RequestsMetric: a counter by operation, method and status.
const RequestsMetric = "http_requests_total"

// RequestsHelp: its HELP line.
const RequestsHelp = "HTTP requests answered, by operation (route template), method and status."

// RequestLabels: the request counter's labels: the route template without the API prefix, the method, the status.
var RequestLabels = [...]string{"operation", "method", "status"}

// DurationLabels: the duration histogram's labels.
var DurationLabels = [...]string{"operation", "method"}

// DurationMetric: a histogram by operation and method.
const DurationMetric = "http_request_duration_seconds"

// DurationHelp: its HELP line.
const DurationHelp = "Time from the request's arrival to the end of its answer, by operation and method."

// DurationBuckets: the histogram's upper bounds in seconds (Prometheus's defaults, then 30 and 60).
var DurationBuckets = [...]float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60}
