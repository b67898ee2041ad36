// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

package bodylimits

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

// MaxBodyBytes: a request body over this is refused with 413.
const MaxBodyBytes = 10 << 20

// MaxBodyBytesInFlight: bodies read at once, all requests together; more waits or 503.
const MaxBodyBytesInFlight = 64 << 20

// TooLargeStatus: the answer to a body over its limit, declared or as it arrives.
const TooLargeStatus = 413

// BusyStatus: the answer to a body that does not fit the in-flight budget (Retry-After).
const BusyStatus = 503

// StalledStatus: the answer to a body that stopped arriving (the connection is closed).
const StalledStatus = 408

// DrainBytes: a refused body is read and thrown away up to this many bytes.
const DrainBytes = 64 << 20

// DrainSeconds: a refused body is drained for at most this long, so its client reads the refusal.
const DrainSeconds = 30

// RetryAfterSeconds: the Retry-After of a 503 for a busy service.
const RetryAfterSeconds = 1

// BodyStallSeconds: a body with no byte for this long is refused with 408.
const BodyStallSeconds = 30

// BodyMinBytesPerSecond: a body slower than this on average is refused with 408.
const BodyMinBytesPerSecond = 1024
