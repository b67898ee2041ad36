// Package settings reads the plugin's settings from environment variables (template-owned:
// `scaffold upgrade` merges template changes with your edits).
//
// Every setting has a default that works on a laptop, with the same names and defaults as a Python
// or TypeScript plugin's:
//
//   - HOST (127.0.0.1; 0.0.0.0 in a container) and PORT (8080): where to listen;
//   - LOG_LEVEL (info): critical, error, warning (or warn), info, debug, the names a Python plugin
//     takes; LOG_FORMAT (text): json for one JSON object per log line; either way each line of a
//     request carries its request id;
//   - PLUGIN_ENV (development): production requires PLUGIN_SECRET_KEY;
//   - PLUGIN_SECRET_KEY: the 32-byte base64url key encrypting password fields (enc:v1: tokens that
//     a Python or TypeScript plugin with the same key decrypts too); PLUGIN_OLD_SECRET_KEYS:
//     previous keys, comma-separated, still decrypted;
//   - PLUGIN_STATE_DIR (.plugin-state): the development key, and what your plugin keeps on disk;
//   - PLUGIN_PUBLIC_URL: the base URL announced in /well-known (default: as the caller reached it);
//   - PLUGIN_MAX_BODY_BYTES (10485760, 10 MiB): larger request bodies are refused with 413;
//   - PLUGIN_MAX_BODY_BYTES_IN_FLIGHT (67108864, 64 MiB): bytes of bodies held at once; more: 503;
//   - METRICS_ENABLED (true): false serves no GET /metrics (404);
//   - PLUGIN_MAX_RESULT_BYTES (16777216, 16 MiB) and PLUGIN_QUERY_SECONDS (5): the most result data
//     one get-result answer may hold, for your data source to enforce, and the deadline of a data
//     source method's ctx, after which the routes answer 422;
//   - SHUTDOWN_DRAIN_SECONDS (0; the container image sets 5): on SIGTERM, how long /readyz answers
//     503 while new requests are still served, before the listener closes;
//   - SHUTDOWN_GRACE_SECONDS (20): then how long requests in flight may finish; their contexts are
//     cancelled at its end.
//
// A value that is not allowed stops the start with one sentence naming the variable.
package settings

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"acme-sales/internal/contract"
)

// Settings are the plugin's settings.
type Settings struct {
	// Host is the address to listen on.
	Host string
	// Port is the port to listen on.
	Port int
	// LogLevel is one of critical, error, warning, info, debug.
	LogLevel string
	// LogFormat is text or json.
	LogFormat string
	// MetricsEnabled serves GET /metrics when true.
	MetricsEnabled bool
	// Environment is development or production.
	Environment string
	// SecretKey is the key encrypting password fields ("" in development: a key file is made).
	SecretKey string
	// OldSecretKeys are previous keys, comma-separated, still decrypted.
	OldSecretKeys string
	// StateDir holds the development key and what the plugin keeps on disk.
	StateDir string
	// PublicURL is the base URL announced in /well-known ("" : as the caller reached it).
	PublicURL string
	// MaxBodyBytes bounds one request body.
	MaxBodyBytes int64
	// MaxBodyBytesInFlight bounds the bytes of bodies held at once.
	MaxBodyBytesInFlight int64
	// MaxResultBytes is the most result data one get-result answer may hold.
	MaxResultBytes int64
	// QuerySeconds is the deadline of one request's work.
	QuerySeconds int
	// ShutdownDrainSeconds is how long /readyz answers 503 after SIGTERM before the listener closes.
	ShutdownDrainSeconds int
	// ShutdownGraceSeconds is how long requests in flight may finish once the listener closed.
	ShutdownGraceSeconds int
}

// Error is a setting that is not allowed: one sentence naming the variable.
type Error struct {
	// Message names the variable and what it takes.
	Message string
}

// Error is the message.
func (e *Error) Error() string {
	return e.Message
}

var digits = regexp.MustCompile(`^[0-9]+$`)

// Load reads the settings through getenv (os.Getenv, or a map's lookup in tests).
func Load(getenv func(string) string) (Settings, error) {
	r := reader{getenv: getenv}
	s := Settings{
		Host:                 r.text("HOST", "127.0.0.1"),
		Port:                 int(r.integer("PORT", 8080, 0, 65535)),
		LogLevel:             r.logLevel(),
		LogFormat:            r.choice("LOG_FORMAT", []string{"text", "json"}, "text"),
		MetricsEnabled:       r.choice("METRICS_ENABLED", []string{"true", "false"}, "true") == "true",
		Environment:          r.choice("PLUGIN_ENV", []string{"development", "production"}, "development"),
		SecretKey:            r.text("PLUGIN_SECRET_KEY", ""),
		OldSecretKeys:        r.text("PLUGIN_OLD_SECRET_KEYS", ""),
		StateDir:             r.text("PLUGIN_STATE_DIR", ".plugin-state"),
		PublicURL:            strings.TrimRight(r.text("PLUGIN_PUBLIC_URL", ""), "/"),
		MaxBodyBytes:         r.integer("PLUGIN_MAX_BODY_BYTES", contract.MaxBodyBytes, 1024, 1<<30),
		MaxBodyBytesInFlight: r.integer("PLUGIN_MAX_BODY_BYTES_IN_FLIGHT", contract.MaxBodyBytesInFlight, 1024, 64<<30),
		MaxResultBytes:       r.integer("PLUGIN_MAX_RESULT_BYTES", 16<<20, 64<<10, 1<<30),
		QuerySeconds:         int(r.integer("PLUGIN_QUERY_SECONDS", 5, 1, 3600)),
		ShutdownDrainSeconds: int(r.integer("SHUTDOWN_DRAIN_SECONDS", contract.ShutdownDrainSeconds, 0, 3600)),
		ShutdownGraceSeconds: int(r.integer("SHUTDOWN_GRACE_SECONDS", contract.ShutdownGraceSeconds, 0, 3600)),
	}
	if r.err != nil {
		return Settings{}, r.err
	}
	if s.MaxBodyBytesInFlight < s.MaxBodyBytes {
		return Settings{}, &Error{fmt.Sprintf(
			"PLUGIN_MAX_BODY_BYTES_IN_FLIGHT (%d) must be at least PLUGIN_MAX_BODY_BYTES (%d): one whole body must fit",
			s.MaxBodyBytesInFlight, s.MaxBodyBytes)}
	}
	return s, nil
}

// reader keeps the first error, so Load reads like a list of settings.
type reader struct {
	getenv func(string) string
	err    error
}

func (r *reader) text(name, fallback string) string {
	if value := strings.TrimSpace(r.getenv(name)); value != "" {
		return value
	}
	return fallback
}

func (r *reader) fail(message string) {
	if r.err == nil {
		r.err = &Error{message}
	}
}

func (r *reader) integer(name string, fallback, min, max int64) int64 {
	value := r.text(name, "")
	if value == "" {
		return fallback
	}
	n, err := strconv.ParseInt(value, 10, 64)
	if !digits.MatchString(value) || err != nil || n < min || n > max {
		r.fail(fmt.Sprintf("%s must be a whole number from %d to %d", name, min, max))
		return fallback
	}
	return n
}

func (r *reader) choice(name string, allowed []string, fallback string) string {
	value := strings.ToLower(r.text(name, fallback))
	for _, each := range allowed {
		if each == value {
			return value
		}
	}
	r.fail(fmt.Sprintf("%s must be one of %s", name, strings.Join(allowed, ", ")))
	return fallback
}

// logLevel takes the Python plugin's names and Go's (warn for warning).
func (r *reader) logLevel() string {
	value := strings.ToLower(r.text("LOG_LEVEL", "info"))
	aliases := map[string]string{"warn": "warning", "fatal": "critical"}
	if alias, ok := aliases[value]; ok {
		value = alias
	}
	for _, level := range []string{"critical", "error", "warning", "info", "debug"} {
		if value == level {
			return value
		}
	}
	r.fail("LOG_LEVEL must be one of critical, error, warning, info, debug (warn and fatal too)")
	return "info"
}
