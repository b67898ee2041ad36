// generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
/** Values every language's runtime shares (scaffold/codegen/runtime_values.py). */

/** A request body over this is refused with 413. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Bodies read at once, all requests together; more waits or 503. */
export const MAX_BODY_BYTES_IN_FLIGHT = 64 * 1024 * 1024;

/** A module backend's own endpoints: a body over this is 413. */
export const MODULE_MAX_BODY_BYTES = 1024 * 1024;

/** A module backend's bodies read at once; more waits or 503. */
export const MODULE_MAX_BODY_BYTES_IN_FLIGHT = 16 * 1024 * 1024;

/** The answer to a body over its limit, declared or as it arrives. */
export const TOO_LARGE_STATUS = 413;

/** The answer to a body that does not fit the in-flight budget (Retry-After). */
export const BUSY_STATUS = 503;

/** Recorded for a request whose caller hung up before its answer (nginx's "client closed request"). */
export const CLIENT_CLOSED_STATUS = 499;

/** The answer to a body that stopped arriving (the connection is closed). */
export const STALLED_STATUS = 408;

/** A refused body is read and thrown away up to this many bytes. */
export const DRAIN_BYTES = 64 * 1024 * 1024;

/** A refused body is drained for at most this long, so its client reads the refusal. */
export const DRAIN_SECONDS = 30;

/** The Retry-After of a 503 for a busy service. */
export const RETRY_AFTER_SECONDS = 1;

/** After PLUGIN_QUERY_SECONDS a method is told (its signal, context or `cancelled`) and gets this long to answer itself. */
export const DEADLINE_LAST_WORD_MS = 1000;

/** A body with no byte for this long is refused with 408. */
export const BODY_STALL_SECONDS = 30;

/** A body slower than this on average is refused with 408. */
export const BODY_MIN_BYTES_PER_SECOND = 1024;

/** Arrays and objects nested deeper are no JSON a service reads. */
export const MAX_JSON_DEPTH = 256;

/** A module backend's own endpoints: a body nested deeper is refused (422). */
export const MODULE_MAX_JSON_DEPTH = 64;

/** The request line and headers together; more is 431. */
export const MAX_HEAD_BYTES = 16 * 1024;

/** The request line and headers must arrive within this many seconds, or the connection is closed. */
export const HEADER_SECONDS = 10;

/** A keep-alive connection with no request under way is closed after this many seconds: longer than the usual load balancer or proxy idle timeout (60 s), so a proxy never reuses a connection the service has just closed (a POST sent on one is a 502 the proxy does not retry); the next request's head is timed by HEADER_SECONDS from its first byte. */
export const IDLE_SECONDS = 120;

/** A whole request (head and body) must arrive within this many seconds (Go's ReadTimeout, Node's requestTimeout); uvicorn has no such bound, so Python's body pace rule ends a body this long after it began, as Go's does. */
export const REQUEST_SECONDS = 300;

/** After answering a request that cannot be served (431, 400), what the caller still sends is read and dropped this long before the connection closes: closed with unread bytes it would reset, and a reset can reach the caller before the answer (Go's net/http lingers on its own). */
export const LINGER_SECONDS = 2;

/** A query's json text, and a text with its variables expanded, at most. */
export const MAX_QUERY_TEXT_BYTES = 1024 * 1024;

/** The contract's language, when a call names none the service has. */
export const DEFAULT_LOCALE = 'ru-RU';

/** An Accept-Language header is read to this many characters. */
export const ACCEPT_LANGUAGE_MAX_CHARS = 1024;

/** Liveness: 200 while the process serves. */
export const HEALTH_PATH = '/healthz';

/** Readiness: 503 once shutdown began. */
export const READY_PATH = '/readyz';

/** After the drain, how long requests in flight may finish; then they are cancelled (503 in Python). */
export const SHUTDOWN_GRACE_SECONDS = 20;

/** After SIGTERM, /readyz is 503 while requests are still served this long; the image sets 5. */
export const SHUTDOWN_DRAIN_SECONDS = 0;

/** Prometheus text exposition. */
export const METRICS_PATH = '/metrics';

/** Echoed when well-formed, made otherwise. */
export const REQUEST_ID_HEADER = 'X-Request-ID';

/** A counter by operation, method and status. */
export const REQUESTS_METRIC = 'http_requests_total';

/** Its HELP line. */
export const REQUESTS_HELP =
  'HTTP requests answered, by operation (route template), method and status.';

/** The request counter's labels: the route template without the API prefix, the method, the status. */
export const REQUEST_LABELS = ['operation', 'method', 'status'] as const;

/** The duration histogram's labels. */
export const DURATION_LABELS = ['operation', 'method'] as const;

/** Methods counted under their own name (any other is OTHER_LABEL), in the order a 405's Allow names them. */
export const METHOD_LABELS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The operation of an unmatched path, the method of an unknown one. */
export const OTHER_LABEL = 'other';

/** A histogram by operation and method. */
export const DURATION_METRIC = 'http_request_duration_seconds';

/** Its HELP line. */
export const DURATION_HELP =
  'Time from the request\'s arrival to the end of its answer, by operation and method.';

/** The histogram's upper bounds in seconds (Prometheus's defaults, then 30 and 60). */
export const DURATION_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** When: RFC 3339 in UTC with milliseconds (2026-12-03T04:57:31.123Z). */
export const LOG_TIME_KEY = 'time';

/** How grave: one of LOG_LEVELS. */
export const LOG_LEVEL_KEY = 'level';

/** The record's text. */
export const LOG_MESSAGE_KEY = 'message';

/** The request's id (its X-Request-ID), in a request. */
export const LOG_REQUEST_ID_KEY = 'request_id';

/** The level names, least grave first (Python's WARNING and CRITICAL are WARN and FATAL). */
export const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const;

/** Array groups a form reads from filter.fields: an arrayIndex outside 0..MAX_ARRAY_GROUPS-1 is skipped. */
export const MAX_ARRAY_GROUPS = 100;

/** What starts an encrypted value. */
export const ENCRYPTED_PREFIX = 'enc:v1:';

/** The environment variable holding the key. */
export const KEY_ENV = 'PLUGIN_SECRET_KEY';

/** Earlier keys that still decrypt, comma-separated. */
export const OLD_KEYS_ENV = 'PLUGIN_OLD_SECRET_KEYS';

/** The key file made for local development. */
export const KEY_FILE_NAME = 'secret.key';

/** A key file longer than this is not a key. */
export const KEY_FILE_MAX_BYTES = 4 * 1024;

/** AES-256-GCM's key. */
export const KEY_BYTES = 32;

/** AES-GCM's nonce, fresh for every value. */
export const NONCE_BYTES = 12;

/** AES-GCM's authentication tag. */
export const TAG_BYTES = 16;

/** An encrypted value longer than this is refused unread. */
export const MAX_TOKEN_CHARS = 64 * 1024;

/** A module backend's key for enc:v1: values. */
export const MODULE_KEY_ENV = 'MODULE_SECRET_KEY';

/** A module backend's earlier keys that still decrypt, comma-separated. */
export const MODULE_OLD_KEYS_ENV = 'MODULE_OLD_SECRET_KEYS';

/** A module backend's endpoint that encrypts a value its Settings is about to save. */
export const MODULE_SECRETS_PATH = '/api/v1/secrets';

/** The property name a secret is encrypted for, at most. */
export const MODULE_MAX_SECRET_NAME_CHARS = 128;

/** A secret value the module encrypts, at most. */
export const MODULE_MAX_SECRET_CHARS = 4 * 1024;

/** The answer when a secret is needed and the module has no key. */
export const MODULE_NO_KEY_STATUS = 503;

/** What a module backend's own rules refuse a request with (the body, its size, its content, the backend failing), documented for every own endpoint; its conformance test reads an example answered with one of them as refused, any other documented status as accepted (a 409 of an endpoint that needs the module's settings first). */
export const MODULE_REFUSING_STATUSES: readonly number[] = [400, 413, 422, 500, 503];

/** Why a production plugin will not start with a key in PUBLISHED_SECRET_KEYS ({hint}: the language's command that makes a key). */
export const PUBLISHED_KEY_REFUSAL =
  'PLUGIN_SECRET_KEY is the example key the contract spec publishes (info.x-example-secret-key, served at /openapi.json) and PLUGIN_ENV is production: anyone can decrypt what it encrypts, so the plugin will not use it; {hint}, and set PLUGIN_SECRET_KEY to it in the environment';

/** Keys the contract spec publishes (info.x-example-secret-key): refused in production. */
export const PUBLISHED_SECRET_KEYS: readonly string[] = [];
