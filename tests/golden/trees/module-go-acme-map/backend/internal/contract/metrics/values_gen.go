// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

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
