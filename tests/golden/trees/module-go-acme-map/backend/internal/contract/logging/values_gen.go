// Code generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95); run `scaffold regenerate`. DO NOT EDIT.

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
