// Code generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de); run `scaffold regenerate`. DO NOT EDIT.

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
