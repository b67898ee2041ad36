# generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
"""Values every language's runtime shares: limits, probe paths, metric families, the enc:v1: token.

Rendered by scaffold from scaffold/codegen/runtime_values.py, which the TypeScript and Go
runtimes' constants come from too; `scaffold regenerate` writes it again.
"""

# a request body over this is refused with 413
MAX_BODY_BYTES = 10 * 1024 * 1024
# bodies read at once, all requests together; more waits or 503
MAX_BODY_BYTES_IN_FLIGHT = 64 * 1024 * 1024
# a module backend's own endpoints: a body over this is 413
MODULE_MAX_BODY_BYTES = 1024 * 1024
# a module backend's bodies read at once; more waits or 503
MODULE_MAX_BODY_BYTES_IN_FLIGHT = 16 * 1024 * 1024
# the answer to a body over its limit, declared or as it arrives
TOO_LARGE_STATUS = 413
# the answer to a body that does not fit the in-flight budget (Retry-After)
BUSY_STATUS = 503
# recorded for a request whose caller hung up before its answer (nginx's "client closed request")
CLIENT_CLOSED_STATUS = 499
# the answer to a body that stopped arriving (the connection is closed)
STALLED_STATUS = 408
# a refused body is read and thrown away up to this many bytes
DRAIN_BYTES = 64 * 1024 * 1024
# a refused body is drained for at most this long, so its client reads the refusal
DRAIN_SECONDS = 30
# the Retry-After of a 503 for a busy service
RETRY_AFTER_SECONDS = 1
# after PLUGIN_QUERY_SECONDS a method is told (its signal, context or `cancelled`) and gets this long to answer itself
DEADLINE_LAST_WORD_MS = 1000
# a body with no byte for this long is refused with 408
BODY_STALL_SECONDS = 30
# a body slower than this on average is refused with 408
BODY_MIN_BYTES_PER_SECOND = 1024
# arrays and objects nested deeper are no JSON a service reads
MAX_JSON_DEPTH = 256
# a module backend's own endpoints: a body nested deeper is refused (422)
MODULE_MAX_JSON_DEPTH = 64
# the request line and headers together; more is 431
MAX_HEAD_BYTES = 16 * 1024
# the request line and headers must arrive within this many seconds, or the connection is closed
HEADER_SECONDS = 10
# a keep-alive connection with no request under way is closed after this many seconds: longer than the usual load balancer or proxy idle timeout (60 s), so a proxy never reuses a connection the service has just closed (a POST sent on one is a 502 the proxy does not retry); the next request's head is timed by HEADER_SECONDS from its first byte
IDLE_SECONDS = 120
# a whole request (head and body) must arrive within this many seconds (Go's ReadTimeout, Node's requestTimeout); uvicorn has no such bound, so Python's body pace rule ends a body this long after it began, as Go's does
REQUEST_SECONDS = 300
# after answering a request that cannot be served (431, 400), what the caller still sends is read and dropped this long before the connection closes: closed with unread bytes it would reset, and a reset can reach the caller before the answer (Go's net/http lingers on its own)
LINGER_SECONDS = 2
# a query's json text, and a text with its variables expanded, at most
MAX_QUERY_TEXT_BYTES = 1024 * 1024
# the contract's language, when a call names none the service has
DEFAULT_LOCALE = "ru-RU"
# an Accept-Language header is read to this many characters
ACCEPT_LANGUAGE_MAX_CHARS = 1024
# liveness: 200 while the process serves
HEALTH_PATH = "/healthz"
# readiness: 503 once shutdown began
READY_PATH = "/readyz"
# after the drain, how long requests in flight may finish; then they are cancelled (503 in Python)
SHUTDOWN_GRACE_SECONDS = 20
# after SIGTERM, /readyz is 503 while requests are still served this long; the image sets 5
SHUTDOWN_DRAIN_SECONDS = 0
# Prometheus text exposition
METRICS_PATH = "/metrics"
# echoed when well-formed, made otherwise
REQUEST_ID_HEADER = "X-Request-ID"
# a counter by operation, method and status
REQUESTS_METRIC = "http_requests_total"
# its HELP line
REQUESTS_HELP = "HTTP requests answered, by operation (route template), method and status."
# the request counter's labels: the route template without the API prefix, the method, the status
REQUEST_LABELS = ("operation", "method", "status")
# the duration histogram's labels
DURATION_LABELS = ("operation", "method")
# methods counted under their own name (any other is OTHER_LABEL), in the order a 405's Allow names them
METHOD_LABELS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
# the operation of an unmatched path, the method of an unknown one
OTHER_LABEL = "other"
# a histogram by operation and method
DURATION_METRIC = "http_request_duration_seconds"
# its HELP line
DURATION_HELP = "Time from the request's arrival to the end of its answer, by operation and method."
# the histogram's upper bounds in seconds (Prometheus's defaults, then 30 and 60)
DURATION_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
# when: RFC 3339 in UTC with milliseconds (2026-12-03T04:57:31.123Z)
LOG_TIME_KEY = "time"
# how grave: one of LOG_LEVELS
LOG_LEVEL_KEY = "level"
# the record's text
LOG_MESSAGE_KEY = "message"
# the request's id (its X-Request-ID), in a request
LOG_REQUEST_ID_KEY = "request_id"
# the level names, least grave first (Python's WARNING and CRITICAL are WARN and FATAL)
LOG_LEVELS = ("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL")
# array groups a form reads from filter.fields: an arrayIndex outside 0..MAX_ARRAY_GROUPS-1 is skipped
MAX_ARRAY_GROUPS = 100
# what starts an encrypted value
ENCRYPTED_PREFIX = "enc:v1:"
# the environment variable holding the key
KEY_ENV = "PLUGIN_SECRET_KEY"
# earlier keys that still decrypt, comma-separated
OLD_KEYS_ENV = "PLUGIN_OLD_SECRET_KEYS"
# the key file made for local development
KEY_FILE_NAME = "secret.key"
# a key file longer than this is not a key
KEY_FILE_MAX_BYTES = 4 * 1024
# AES-256-GCM's key
KEY_BYTES = 32
# AES-GCM's nonce, fresh for every value
NONCE_BYTES = 12
# AES-GCM's authentication tag
TAG_BYTES = 16
# an encrypted value longer than this is refused unread
MAX_TOKEN_CHARS = 64 * 1024
# a module backend's key for enc:v1: values
MODULE_KEY_ENV = "MODULE_SECRET_KEY"
# a module backend's earlier keys that still decrypt, comma-separated
MODULE_OLD_KEYS_ENV = "MODULE_OLD_SECRET_KEYS"
# a module backend's endpoint that encrypts a value its Settings is about to save
MODULE_SECRETS_PATH = "/api/v1/secrets"
# the property name a secret is encrypted for, at most
MODULE_MAX_SECRET_NAME_CHARS = 128
# a secret value the module encrypts, at most
MODULE_MAX_SECRET_CHARS = 4 * 1024
# the answer when a secret is needed and the module has no key
MODULE_NO_KEY_STATUS = 503
# what a module backend's own rules refuse a request with (the body, its size, its content, the backend failing), documented for every own endpoint; its conformance test reads an example answered with one of them as refused, any other documented status as accepted (a 409 of an endpoint that needs the module's settings first)
MODULE_REFUSING_STATUSES = (400, 413, 422, 500, 503)
# why a production plugin will not start with a key in PUBLISHED_SECRET_KEYS ({hint}: the language's command that makes a key)
PUBLISHED_KEY_REFUSAL = (
    "PLUGIN_SECRET_KEY is the example key the contract spec publishes (info.x-example-secret-key, served at /openapi.json) and PLUGIN_ENV is production: anyone can decrypt what it encrypts, so the plugin will not use it; {hint}, and set PLUGIN_SECRET_KEY to it in the environment"
)
# keys the contract spec publishes (info.x-example-secret-key): refused in production
PUBLISHED_SECRET_KEYS: tuple[str, ...] = ()
