package logging

// The shared log-record cases (scaffold/codegen/cases/log_records.json, whose "about" says the
// format), read by the Go runtime: the Python runtime's tests (tests/unit/test_log_record_cases.py)
// and the TypeScript runtime's (log-records.test.ts) read the same file, so the JSON line a record
// becomes (its keys, its time's form, the level names) is decided once for three languages (issue
// 39 point 1). Each case is logged by NewLogger's JSON logger, with a request's context when the
// case names its id.
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
			var out bytes.Buffer
			logger, err := NewLogger(&out, "json", "trace")
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if c.RequestID != nil {
				ctx = context.WithValue(ctx, requestIDKey{}, *c.RequestID)
			}
			logger.Log(ctx, level, c.Message)
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) != 1 {
				t.Fatalf("%d lines: %q", len(lines), out.String())
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
