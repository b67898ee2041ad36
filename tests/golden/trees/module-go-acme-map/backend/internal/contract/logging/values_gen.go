// Code generated from dashboard-module 2026.1.1+r3 (sha256 f3259d168e887b105a2956a5cb1811d2742bfc9eb8fe40c8a1e97ab056fb64b6); run `scaffold regenerate`. DO NOT EDIT.

package logging

// Values every language's runtime shares (scaffold/codegen/runtime_values.py).

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
