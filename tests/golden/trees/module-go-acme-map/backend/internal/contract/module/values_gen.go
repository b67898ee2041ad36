// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

package module

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

// ModuleMaxBodyBytes: a module backend's own endpoints: a body over this is 413.
const ModuleMaxBodyBytes = 1024 << 10

// ModuleMaxBodyBytesInFlight: a module backend's bodies read at once; more waits or 503.
const ModuleMaxBodyBytesInFlight = 16 << 20

// DrainBytes: a refused body is read and thrown away up to this many bytes.
const DrainBytes = 64 << 20

// RetryAfterSeconds: the Retry-After of a 503 for a busy service.
const RetryAfterSeconds = 1

// ModuleMaxJSONDepth: a module backend's own endpoints: a body nested deeper is refused (422).
const ModuleMaxJSONDepth = 64

// MaxHeadBytes: the request line and headers together; more is 431.
const MaxHeadBytes = 16 << 10

// HealthPath: liveness: 200 while the process serves.
const HealthPath = "/healthz"

// ReadyPath: readiness: 503 once shutdown began.
const ReadyPath = "/readyz"

// MetricsPath: Prometheus text exposition.
const MetricsPath = "/metrics"

// OtherLabel: the operation of an unmatched path, the method of an unknown one.
const OtherLabel = "other"

// EncryptedPrefix: what starts an encrypted value.
const EncryptedPrefix = "enc:v1:"

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
