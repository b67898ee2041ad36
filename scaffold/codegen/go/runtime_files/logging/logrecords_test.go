package logging

// The shared log-record cases (scaffold/codegen/cases/log_records.json, whose "about" says the
// format), read by the Go runtime: the Python runtime's tests (tests/unit/test_log_record_cases.py)
// and the TypeScript runtime's (log-records.test.ts) read the same file, so the JSON line a record
// becomes (its keys, its time's form, the level names) is decided once for three languages (issue
// 39 point 1). Each case is logged by NewLogger's JSON logger, and its text logger when the case
// says what the text line holds; when the case names a request id, through the logger a data
// source method gets (FromContext of the request's context, contract.Logger), called without a
// context (issue 40 point 3).
//
// SCAFFOLD_LOG_RECORD_CASES names the file (tests/functional/test_plugin_go.py sets it). Unset, the
// test fails: a run that skipped the shared cases would pass without deciding anything.

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"example.com/plugin/internal/contract/casefiles"
)

// lrLevels is Go's level for each shared name.
var lrLevels = map[string]slog.Level{
	"TRACE": LevelTrace, "DEBUG": slog.LevelDebug, "INFO": slog.LevelInfo,
	"WARN": slog.LevelWarn, "ERROR": slog.LevelError, "FATAL": LevelFatal,
}

var lrTime = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)

func TestLogRecordCasesShared(t *testing.T) {
	var file struct {
		About []string `json:"about"`
		Cases []struct {
			Name      string         `json:"name"`
			Level     string         `json:"level"`
			Message   string         `json:"message"`
			RequestID *string        `json:"requestId"`
			Record    map[string]any `json:"record"`
			Fields    [][2]any       `json:"fields"`
			Text      []string       `json:"text"`
		} `json:"cases"`
	}
	casefiles.Read(t, "SCAFFOLD_LOG_RECORD_CASES", "log_records.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("no cases in log_records.json")
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			level, known := lrLevels[c.Level]
			if !known {
				t.Fatalf("level %q is not one this runner knows", c.Level)
			}
			logged := func(format string) string {
				var out bytes.Buffer
				logger, err := NewLogger(&out, format, "trace")
				if err != nil {
					t.Fatal(err)
				}
				var fields []any
				for _, pair := range c.Fields {
					fields = append(fields, slog.Any(pair[0].(string), pair[1]))
				}
				if c.RequestID != nil {
					logger = FromContext(WithLogger(WithRequestID(context.Background(), *c.RequestID), logger))
				}
				logger.Log(context.Background(), level, c.Message, fields...)
				return out.String()
			}
			if c.Text != nil {
				line, at := strings.TrimSuffix(logged("text"), "\n"), 0
				for _, part := range c.Text {
					found := strings.Index(line[at:], part)
					if found < 0 {
						t.Fatalf("%q is not in %q (the line: %q)", part, line[at:], line)
					}
					at += found + len(part)
				}
			}
			text := logged("json")
			lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			if len(lines) != 1 {
				t.Fatalf("%d lines: %q", len(lines), text)
			}
			var record map[string]any
			if err := json.Unmarshal([]byte(lines[0]), &record); err != nil {
				t.Fatalf("not a JSON object: %v: %s", err, lines[0])
			}
			if when, _ := record[LogTimeKey].(string); !lrTime.MatchString(when) {
				t.Errorf("time %q is not RFC 3339 in UTC to the millisecond: %s", when, lines[0])
			}
			shared := map[string]any{}
			for key := range c.Record {
				if value, ok := record[key]; ok {
					shared[key] = value
				}
			}
			if !reflect.DeepEqual(shared, c.Record) {
				t.Errorf("the record's shared keys are %v, the case says %v: %s", shared, c.Record, lines[0])
			}
			if _, has := record[LogRequestIDKey]; has && c.RequestID == nil {
				t.Errorf("a record outside a request names a request id: %s", lines[0])
			}
		})
	}
}
