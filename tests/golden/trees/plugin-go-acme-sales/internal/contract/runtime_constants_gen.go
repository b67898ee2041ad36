// Code generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de); run `scaffold regenerate`. DO NOT EDIT.

package contract

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

// MaxBodyBytes: a request body over this is refused with 413.
const MaxBodyBytes = 10 << 20

// MaxBodyBytesInFlight: bodies read at once, all requests together; more waits or 503.
const MaxBodyBytesInFlight = 64 << 20

// ModuleMaxBodyBytes: a module backend's own endpoints: a body over this is 413.
const ModuleMaxBodyBytes = 1024 << 10

// ModuleMaxBodyBytesInFlight: a module backend's bodies read at once; more waits or 503.
const ModuleMaxBodyBytesInFlight = 16 << 20

// TooLargeStatus: the answer to a body over its limit, declared or as it arrives.
const TooLargeStatus = 413

// BusyStatus: the answer to a body that does not fit the in-flight budget (Retry-After).
const BusyStatus = 503

// ClientClosedStatus: recorded for a request whose caller hung up before its answer (nginx's "client closed request").
const ClientClosedStatus = 499

// StalledStatus: the answer to a body that stopped arriving (the connection is closed).
const StalledStatus = 408

// DrainBytes: a refused body is read and thrown away up to this many bytes.
const DrainBytes = 64 << 20

// DrainSeconds: a refused body is drained for at most this long, so its client reads the refusal.
const DrainSeconds = 30

// RetryAfterSeconds: the Retry-After of a 503 for a busy service.
const RetryAfterSeconds = 1

// DeadlineLastWordMs: after PLUGIN_QUERY_SECONDS a method is told (its signal, context or `cancelled`) and gets this long to answer itself.
const DeadlineLastWordMs = 1000

// BodyStallSeconds: a body with no byte for this long is refused with 408.
const BodyStallSeconds = 30

// BodyMinBytesPerSecond: a body slower than this on average is refused with 408.
const BodyMinBytesPerSecond = 1024

// MaxJSONDepth: arrays and objects nested deeper are no JSON a service reads.
const MaxJSONDepth = 256

// ModuleMaxJSONDepth: a module backend's own endpoints: a body nested deeper is refused (422).
const ModuleMaxJSONDepth = 64

// MaxHeadBytes: the request line and headers together; more is 431.
const MaxHeadBytes = 16 << 10

// HeaderSeconds: the request line and headers must arrive within this many seconds, or the connection is closed.
const HeaderSeconds = 10

// IdleSeconds: a keep-alive connection with no request under way is closed after this many seconds: longer than the usual load balancer or proxy idle timeout (60 s), so a proxy never reuses a connection the service has just closed (a POST sent on one is a 502 the proxy does not retry); the next request's head is timed by HEADER_SECONDS from its first byte.
const IdleSeconds = 120

// RequestSeconds: a whole request (head and body) must arrive within this many seconds (Go's ReadTimeout, Node's requestTimeout); uvicorn has no such bound, so Python's body pace rule ends a body this long after it began, as Go's does.
const RequestSeconds = 300

// LingerSeconds: after answering a request that cannot be served (431, 400), what the caller still sends is read and dropped this long before the connection closes: closed with unread bytes it would reset, and a reset can reach the caller before the answer (Go's net/http lingers on its own).
const LingerSeconds = 2

// MaxQueryTextBytes: a query's json text, and a text with its variables expanded, at most.
const MaxQueryTextBytes = 1024 << 10

// DefaultLocale: the contract's language, when a call names none the service has.
const DefaultLocale = "ru-RU"

// AcceptLanguageMaxChars: an Accept-Language header is read to this many characters.
const AcceptLanguageMaxChars = 1024

// HealthPath: liveness: 200 while the process serves.
const HealthPath = "/healthz"

// ReadyPath: readiness: 503 once shutdown began.
const ReadyPath = "/readyz"

// ShutdownGraceSeconds: after the drain, how long requests in flight may finish; then they are cancelled (503 in Python).
const ShutdownGraceSeconds = 20

// ShutdownDrainSeconds: after SIGTERM, /readyz is 503 while requests are still served this long; the image sets 5.
const ShutdownDrainSeconds = 0

// MetricsPath: Prometheus text exposition.
const MetricsPath = "/metrics"

// RequestIDHeader: echoed when well-formed, made otherwise.
const RequestIDHeader = "X-Request-ID"

// RequestsMetric: a counter by operation, method and status.
const RequestsMetric = "http_requests_total"

// RequestsHelp: its HELP line.
const RequestsHelp = "HTTP requests answered, by operation (route template), method and status."

// RequestLabels: the request counter's labels: the route template without the API prefix, the method, the status.
var RequestLabels = [...]string{"operation", "method", "status"}

// DurationLabels: the duration histogram's labels.
var DurationLabels = [...]string{"operation", "method"}

// MethodLabels: methods counted under their own name (any other is OTHER_LABEL), in the order a 405's Allow names them.
var MethodLabels = [...]string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

// OtherLabel: the operation of an unmatched path, the method of an unknown one.
const OtherLabel = "other"

// DurationMetric: a histogram by operation and method.
const DurationMetric = "http_request_duration_seconds"

// DurationHelp: its HELP line.
const DurationHelp = "Time from the request's arrival to the end of its answer, by operation and method."

// DurationBuckets: the histogram's upper bounds in seconds (Prometheus's defaults, then 30 and 60).
var DurationBuckets = [...]float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60}

// LogTimeKey: when: RFC 3339 in UTC with milliseconds (2026-12-03T04:57:31.123Z).
const LogTimeKey = "time"

// LogLevelKey: how grave: one of LOG_LEVELS.
const LogLevelKey = "level"

// LogMessageKey: the record's text.
const LogMessageKey = "message"

// LogRequestIDKey: the request's id (its X-Request-ID), in a request.
const LogRequestIDKey = "request_id"

// LogLevels: the level names, least grave first (Python's WARNING and CRITICAL are WARN and FATAL).
var LogLevels = [...]string{"TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"}

// MaxArrayGroups: array groups a form reads from filter.fields: an arrayIndex outside 0..MAX_ARRAY_GROUPS-1 is skipped.
const MaxArrayGroups = 100

// EncryptedPrefix: what starts an encrypted value.
const EncryptedPrefix = "enc:v1:"

// KeyEnv: the environment variable holding the key.
const KeyEnv = "PLUGIN_SECRET_KEY"

// OldKeysEnv: earlier keys that still decrypt, comma-separated.
const OldKeysEnv = "PLUGIN_OLD_SECRET_KEYS"

// KeyFileName: the key file made for local development.
const KeyFileName = "secret.key"

// KeyFileMaxBytes: a key file longer than this is not a key.
const KeyFileMaxBytes = 4 << 10

// KeyBytes: AES-256-GCM's key.
const KeyBytes = 32

// NonceBytes: AES-GCM's nonce, fresh for every value.
const NonceBytes = 12

// TagBytes: AES-GCM's authentication tag.
const TagBytes = 16

// MaxTokenChars: an encrypted value longer than this is refused unread.
const MaxTokenChars = 64 << 10

// ModuleKeyEnv: a module backend's key for enc:v1: values.
const ModuleKeyEnv = "MODULE_SECRET_KEY"

// ModuleOldKeysEnv: a module backend's earlier keys that still decrypt, comma-separated.
const ModuleOldKeysEnv = "MODULE_OLD_SECRET_KEYS"

// ModuleSecretsPath: a module backend's endpoint that encrypts a value its Settings is about to save.
const ModuleSecretsPath = "/api/v1/secrets"

// ModuleMaxSecretNameChars: the property name a secret is encrypted for, at most.
const ModuleMaxSecretNameChars = 128

// ModuleMaxSecretChars: a secret value the module encrypts, at most.
const ModuleMaxSecretChars = 4 << 10

// ModuleNoKeyStatus: the answer when a secret is needed and the module has no key.
const ModuleNoKeyStatus = 503

// ModuleRefusingStatuses: what a module backend's own rules refuse a request with (the body, its size, its content, the backend failing), documented for every own endpoint; its conformance test reads an example answered with one of them as refused, any other documented status as accepted (a 409 of an endpoint that needs the module's settings first).
var ModuleRefusingStatuses = [...]int{400, 413, 422, 500, 503}

// PublishedKeyRefusal: why a production plugin will not start with a key in PUBLISHED_SECRET_KEYS ({hint}: the language's command that makes a key).
const PublishedKeyRefusal = "PLUGIN_SECRET_KEY is the example key the contract spec publishes (info.x-example-secret-key, served at /openapi.json) and PLUGIN_ENV is production: anyone can decrypt what it encrypts, so the plugin will not use it; {hint}, and set PLUGIN_SECRET_KEY to it in the environment"

// PublishedSecretKeys: keys the contract spec publishes (info.x-example-secret-key): refused in production.
var PublishedSecretKeys = [...]string{"ZXhhbXBsZS1rZXktZG8tbm90LXVzZS1pbi1wcm9kISE="}
