"""The values every language's runtime shares, written once.

A generated service answers the same bytes the same way in Python, TypeScript and Go: the same
body, in-flight and drain limits, the same paths and headers, the same metric families and
buckets, the same `enc:v1:` token layout. Each runtime used to spell these values by hand, so a
change made in one copy and not the others was a parity gap only a cross-language test could find.

They are data here. Each language folder renders its own constants file from RUNTIME_VALUES into
every project (Python's `_contract/runtime_constants.py`, TypeScript's
`src/contract/runtime-constants.ts`, Go's `internal/contract/runtime_constants_gen.go`; scaffold's
own runtime_files/runtime_constants.py reads them from here), and the hand-written runtime files
import the names instead of spelling the values (tests/unit/test_runtime_values.py holds both).

A plugin's spec decides a few more (spec_values: the example key it publishes), rendered beside
these into the plugin's constants.

Names are as Python and TypeScript spell them (SCREAMING_SNAKE); `go_name` gives Go's exported name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MIB = 1024 * 1024
KIB = 1024

# Initialisms Go spells in capitals (Go's naming convention: MaxJSONDepth, RequestIDHeader).
_GO_INITIALISMS = frozenset({"ID", "JSON", "HTTP", "URL"})

Value = int | str | tuple[float, ...] | tuple[str, ...] | tuple[int, ...]


@dataclass(frozen=True)
class RuntimeValue:
    """One shared value: its name, the value, and one line on why (a comment in every copy)."""

    name: str
    value: Value
    about: str

    @property
    def go_name(self) -> str:
        """The exported Go name: DRAIN_BYTES -> DrainBytes, MAX_JSON_DEPTH -> MaxJSONDepth."""
        words = self.name.split("_")
        return "".join(w if w in _GO_INITIALISMS else w.capitalize() for w in words)


RUNTIME_VALUES: tuple[RuntimeValue, ...] = (
    # --- bodies: how much is read, how long it may take, what a refused one costs ---------------
    RuntimeValue("MAX_BODY_BYTES", 10 * MIB, "a request body over this is refused with 413"),
    RuntimeValue(
        "MAX_BODY_BYTES_IN_FLIGHT", 64 * MIB, "bodies read at once, all requests together; more waits or 503"
    ),
    RuntimeValue(
        "MODULE_MAX_BODY_BYTES", 1 * MIB, "a module backend's own endpoints: a body over this is 413"
    ),
    RuntimeValue(
        "MODULE_MAX_BODY_BYTES_IN_FLIGHT",
        16 * MIB,
        "a module backend's bodies read at once; more waits or 503",
    ),
    RuntimeValue("TOO_LARGE_STATUS", 413, "the answer to a body over its limit, declared or as it arrives"),
    RuntimeValue(
        "BUSY_STATUS", 503, "the answer to a body that does not fit the in-flight budget (Retry-After)"
    ),
    RuntimeValue(
        "CLIENT_CLOSED_STATUS",
        499,
        'recorded for a request whose caller hung up before its answer (nginx\'s "client closed request")',
    ),
    RuntimeValue(
        "STALLED_STATUS", 408, "the answer to a body that stopped arriving (the connection is closed)"
    ),
    RuntimeValue("DRAIN_BYTES", 64 * MIB, "a refused body is read and thrown away up to this many bytes"),
    RuntimeValue(
        "DRAIN_SECONDS",
        30,
        "a refused body is drained for at most this long, so its client reads the refusal",
    ),
    RuntimeValue("RETRY_AFTER_SECONDS", 1, "the Retry-After of a 503 for a busy service"),
    RuntimeValue(
        "DEADLINE_LAST_WORD_MS",
        1000,
        "after PLUGIN_QUERY_SECONDS a method is told (its signal, context or `cancelled`) and gets this long to answer itself",
    ),
    RuntimeValue("BODY_STALL_SECONDS", 30, "a body with no byte for this long is refused with 408"),
    RuntimeValue(
        "BODY_MIN_BYTES_PER_SECOND", 1 * KIB, "a body slower than this on average is refused with 408"
    ),
    RuntimeValue("MAX_JSON_DEPTH", 256, "arrays and objects nested deeper are no JSON a service reads"),
    RuntimeValue(
        "MODULE_MAX_JSON_DEPTH", 64, "a module backend's own endpoints: a body nested deeper is refused (422)"
    ),
    RuntimeValue("MAX_HEAD_BYTES", 16 * KIB, "the request line and headers together; more is 431"),
    RuntimeValue(
        "HEADER_SECONDS",
        10,
        "the request line and headers must arrive within this many seconds, or the connection is closed",
    ),
    RuntimeValue(
        "IDLE_SECONDS",
        120,
        "a keep-alive connection with no request under way is closed after this many seconds: longer "
        "than the usual load balancer or proxy idle timeout (60 s), so a proxy never reuses a "
        "connection the service has just closed (a POST sent on one is a 502 the proxy does not "
        "retry); the next request's head is timed by HEADER_SECONDS from its first byte",
    ),
    RuntimeValue(
        "REQUEST_SECONDS",
        300,
        "a whole request (head and body) must arrive within this many seconds (Go's ReadTimeout, "
        "Node's requestTimeout); uvicorn has no such bound, so Python's body pace rule ends a body "
        "this long after it began, as Go's does",
    ),
    RuntimeValue(
        "LINGER_SECONDS",
        2,
        "after answering a request that cannot be served (431, 400), what the caller still sends is read "
        "and dropped this long before the connection closes: closed with unread bytes it would reset, "
        "and a reset can reach the caller before the answer (Go's net/http lingers on its own)",
    ),
    RuntimeValue(
        "MAX_QUERY_TEXT_BYTES",
        1 * MIB,
        "a query's json text, and a text with its variables expanded, at most",
    ),
    # --- languages: what the glue answers in ---------------------------------------------------------
    RuntimeValue(
        "DEFAULT_LOCALE", "ru-RU", "the contract's language, when a call names none the service has"
    ),
    RuntimeValue(
        "ACCEPT_LANGUAGE_MAX_CHARS", 1 * KIB, "an Accept-Language header is read to this many characters"
    ),
    # --- probes, metrics and the request id ---------------------------------------------------------
    RuntimeValue("HEALTH_PATH", "/healthz", "liveness: 200 while the process serves"),
    RuntimeValue("READY_PATH", "/readyz", "readiness: 503 once shutdown began"),
    RuntimeValue(
        "SHUTDOWN_GRACE_SECONDS",
        20,
        "after the drain, how long requests in flight may finish; then they are cancelled (503 in Python)",
    ),
    RuntimeValue(
        "SHUTDOWN_DRAIN_SECONDS",
        0,
        "after SIGTERM, /readyz is 503 while requests are still served this long; the image sets 5",
    ),
    RuntimeValue("METRICS_PATH", "/metrics", "Prometheus text exposition"),
    RuntimeValue("REQUEST_ID_HEADER", "X-Request-ID", "echoed when well-formed, made otherwise"),
    RuntimeValue("REQUESTS_METRIC", "http_requests_total", "a counter by operation, method and status"),
    RuntimeValue(
        "REQUESTS_HELP",
        "HTTP requests answered, by operation (route template), method and status.",
        "its HELP line",
    ),
    RuntimeValue(
        "REQUEST_LABELS",
        ("operation", "method", "status"),
        "the request counter's labels: the route template without the API prefix, the method, the status",
    ),
    RuntimeValue("DURATION_LABELS", ("operation", "method"), "the duration histogram's labels"),
    RuntimeValue(
        "METHOD_LABELS",
        ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
        "methods counted under their own name (any other is OTHER_LABEL), in the order a 405's Allow names them",
    ),
    RuntimeValue("OTHER_LABEL", "other", "the operation of an unmatched path, the method of an unknown one"),
    RuntimeValue("DURATION_METRIC", "http_request_duration_seconds", "a histogram by operation and method"),
    RuntimeValue(
        "DURATION_HELP",
        "Time from the request's arrival to the end of its answer, by operation and method.",
        "its HELP line",
    ),
    RuntimeValue(
        "DURATION_BUCKETS",
        (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0),
        "the histogram's upper bounds in seconds (Prometheus's defaults, then 30 and 60)",
    ),
    # --- log records (LOG_FORMAT=json): the keys every language writes, and the level names ---------
    RuntimeValue(
        "LOG_TIME_KEY", "time", "when: RFC 3339 in UTC with milliseconds (2026-12-03T04:57:31.123Z)"
    ),
    RuntimeValue("LOG_LEVEL_KEY", "level", "how grave: one of LOG_LEVELS"),
    RuntimeValue("LOG_MESSAGE_KEY", "message", "the record's text"),
    RuntimeValue("LOG_REQUEST_ID_KEY", "request_id", "the request's id (its X-Request-ID), in a request"),
    RuntimeValue(
        "LOG_LEVELS",
        ("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"),
        "the level names, least grave first (Python's WARNING and CRITICAL are WARN and FATAL)",
    ),
    # --- forms: what a constructor request's filter may hold ----------------------------------------
    RuntimeValue(
        "MAX_ARRAY_GROUPS",
        100,
        "array groups a form reads from filter.fields: an arrayIndex outside 0..MAX_ARRAY_GROUPS-1 is skipped",
    ),
    # --- secrets: the enc:v1: token every language reads and writes ---------------------------------
    RuntimeValue("ENCRYPTED_PREFIX", "enc:v1:", "what starts an encrypted value"),
    RuntimeValue("KEY_ENV", "PLUGIN_SECRET_KEY", "the environment variable holding the key"),
    RuntimeValue(
        "OLD_KEYS_ENV", "PLUGIN_OLD_SECRET_KEYS", "earlier keys that still decrypt, comma-separated"
    ),
    RuntimeValue("KEY_FILE_NAME", "secret.key", "the key file made for local development"),
    RuntimeValue("KEY_FILE_MAX_BYTES", 4 * KIB, "a key file longer than this is not a key"),
    RuntimeValue("KEY_BYTES", 32, "AES-256-GCM's key"),
    RuntimeValue("NONCE_BYTES", 12, "AES-GCM's nonce, fresh for every value"),
    RuntimeValue("TAG_BYTES", 16, "AES-GCM's authentication tag"),
    RuntimeValue("MAX_TOKEN_CHARS", 64 * KIB, "an encrypted value longer than this is refused unread"),
    # --- a module's secrets: enc:v1: tokens in moduleContext (the same token as a plugin's) ----------
    RuntimeValue("MODULE_KEY_ENV", "MODULE_SECRET_KEY", "a module backend's key for enc:v1: values"),
    RuntimeValue(
        "MODULE_OLD_KEYS_ENV",
        "MODULE_OLD_SECRET_KEYS",
        "a module backend's earlier keys that still decrypt, comma-separated",
    ),
    RuntimeValue(
        "MODULE_SECRETS_PATH",
        "/api/v1/secrets",
        "a module backend's endpoint that encrypts a value its Settings is about to save",
    ),
    RuntimeValue("MODULE_MAX_SECRET_NAME_CHARS", 128, "the property name a secret is encrypted for, at most"),
    RuntimeValue("MODULE_MAX_SECRET_CHARS", 4 * KIB, "a secret value the module encrypts, at most"),
    RuntimeValue("MODULE_NO_KEY_STATUS", 503, "the answer when a secret is needed and the module has no key"),
    RuntimeValue(
        "MODULE_REFUSING_STATUSES",
        (400, 413, 422, 500, 503),
        "what a module backend's own rules refuse a request with (the body, its size, its content, the "
        "backend failing), documented for every own endpoint; its conformance test reads an example "
        "answered with one of them as refused, any other documented status as accepted (a 409 of an "
        "endpoint that needs the module's settings first)",
    ),
    RuntimeValue(
        "PUBLISHED_KEY_REFUSAL",
        "PLUGIN_SECRET_KEY is the example key the contract spec publishes (info.x-example-secret-key, "
        "served at /openapi.json) and PLUGIN_ENV is production: anyone can decrypt what it encrypts, "
        "so the plugin will not use it; {hint}, and set PLUGIN_SECRET_KEY to it in the environment",
        "why a production plugin will not start with a key in PUBLISHED_SECRET_KEYS ({hint}: the "
        "language's command that makes a key)",
    ),
)

assert len({v.name for v in RUNTIME_VALUES}) == len(RUNTIME_VALUES), "a name twice in RUNTIME_VALUES"


def spec_values(spec: Mapping[str, Any]) -> tuple[RuntimeValue, ...]:
    """The shared values a plugin's spec decides, rendered beside RUNTIME_VALUES into its project.

    The spec's `info.x-example-secret-key` is the key its `enc:v1:` examples are encrypted with,
    published for tests (and served again at /openapi.json): a plugin may use it outside
    production, where the examples are replayed, and refuses it in production. It comes from the
    project's own spec, so no runtime spells it and a spec with another example key is held alike.
    """
    info = spec.get("info")
    key = info.get("x-example-secret-key") if isinstance(info, Mapping) else None
    keys = (key,) if isinstance(key, str) and key.strip() else ()
    return (
        RuntimeValue(
            "PUBLISHED_SECRET_KEYS",
            keys,
            "keys the contract spec publishes (info.x-example-secret-key): refused in production",
        ),
    )


def spelled_size(value: int, mib: str, kib: str) -> str:
    """`value` as a language spells a byte size: a whole number of MiB or KiB as the count followed
    by `mib` or `kib` (" * 1024 * 1024", " << 20"), anything else in digits."""
    for unit, size in ((mib, MIB), (kib, KIB)):
        if value >= 2 * size and value % size == 0:
            return f"{value // size}{unit}"
    return str(value)


def whole_numbers(value: Value) -> bool:
    """Whether `value` is a list of whole numbers (statuses), not of bounds or texts."""
    return isinstance(value, tuple) and all(type(item) is int for item in value) and value != ()


def short_number(value: float) -> str:
    """A bound as TypeScript and Go write it: 1.0 -> "1", 0.005 -> "0.005"."""
    return repr(float(value)).removesuffix(".0")
