// Metrics, probes, request ids and logs around the backend's routes (seeded once; yours to edit).
package module_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"acme-map/internal/settings"
)

// sample is the value of the sample name{labels} in a /metrics answer ("" when absent).
func sample(metrics, name, labels string) string {
	scanner := bufio.NewScanner(strings.NewReader(metrics))
	for scanner.Scan() {
		if value, ok := strings.CutPrefix(scanner.Text(), name+"{"+labels+"} "); ok {
			return value
		}
	}
	return ""
}

func TestMetricsCountCallsByOperation(t *testing.T) {
	b := serve(t, nil)
	if got := b.postJSON(t, demoURL, `{"message": "ping"}`, nil); got.status != http.StatusOK {
		t.Fatalf("demo: %d", got.status)
	}
	b.call(t, http.MethodGet, "/static/module.js", "", nil)
	b.call(t, http.MethodGet, "/nowhere/at/all", "", nil)
	metrics := b.call(t, http.MethodGet, "/metrics", "", nil)
	if metrics.status != http.StatusOK || !strings.HasPrefix(metrics.header.Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics: %d %q", metrics.status, metrics.header.Get("Content-Type"))
	}
	text := string(metrics.body)
	for _, want := range []struct{ name, labels, value string }{
		{"http_requests_total", `operation="/demo/status",method="POST",status="200"`, "1"},
		{"http_request_duration_seconds_count", `operation="/demo/status",method="POST"`, "1"},
		{"http_requests_total", `operation="/static/{name}",method="GET",status="200"`, "1"},
		{"http_requests_total", `operation="other",method="GET",status="404"`, "1"},
	} {
		if got := sample(text, want.name, want.labels); got != want.value {
			t.Errorf("%s with %s = %q, want %s", want.name, want.labels, got, want.value)
		}
	}
	for _, never := range []string{"/nowhere", "module.js", `operation="/metrics"`} {
		if strings.Contains(text, never) {
			t.Errorf("/metrics names %s", never)
		}
	}
}

func TestMetricsCanBeTurnedOff(t *testing.T) {
	got := serve(t, func(s *settings.Settings) { s.MetricsEnabled = false }).call(t, http.MethodGet, "/metrics", "", nil)
	if got.status != http.StatusNotFound || got.json(t)["error"] != true {
		t.Errorf("%d %s", got.status, got.body)
	}
}

func TestRequestIDIsEchoedOrMade(t *testing.T) {
	b := serve(t, nil)
	given := b.call(t, http.MethodGet, "/api/v1/well-known", "", map[string]string{"X-Request-ID": "req-42.a:b"})
	if id := given.header.Get("X-Request-ID"); id != "req-42.a:b" {
		t.Errorf("echoed %q", id)
	}
	made := regexp.MustCompile(`^[0-9a-f]{32}$`)
	for _, header := range []map[string]string{nil, {"X-Request-ID": "no spaces"}, {"X-Request-ID": strings.Repeat("x", 129)}} {
		if id := b.call(t, http.MethodGet, "/api/v1/well-known", "", header).header.Get("X-Request-ID"); !made.MatchString(id) {
			t.Errorf("%v: id %q", header, id)
		}
	}
	if b.call(t, http.MethodGet, "/nowhere", "", nil).header.Get("X-Request-ID") == "" {
		t.Error("errors carry a request id too")
	}
}

func TestAccessLineIsJSONWithTheRequestID(t *testing.T) {
	b := serve(t, nil)
	b.call(t, http.MethodGet, "/api/v1/well-known", "", map[string]string{"X-Request-ID": "trace-me"})
	var line map[string]any
	for _, text := range bytes.Split(b.logs.Bytes(), []byte("\n")) {
		var record map[string]any
		if json.Unmarshal(text, &record) == nil && record["request_id"] == "trace-me" {
			line = record
		}
	}
	if line == nil {
		t.Fatalf("no access line with the request id in %s", b.logs)
	}
	if line["level"] != "INFO" || line["method"] != "GET" || line["path"] != "/api/v1/well-known" || line["status"] != float64(200) {
		t.Errorf("access line %v", line)
	}
	if message, _ := line["message"].(string); !strings.HasPrefix(message, "GET /api/v1/well-known 200 ") {
		t.Errorf("message %q", message)
	}
	if _, isNumber := line["duration_ms"].(float64); !isNumber || line["time"] == "" {
		t.Errorf("duration_ms %v, time %v", line["duration_ms"], line["time"])
	}
}

func TestProbes(t *testing.T) {
	b := serve(t, nil)
	if got := b.call(t, http.MethodGet, "/healthz", "", nil); got.json(t)["status"] != "ok" {
		t.Errorf("/healthz %s", got.body)
	}
	if got := b.call(t, http.MethodGet, "/readyz", "", nil); got.json(t)["status"] != "ready" {
		t.Errorf("/readyz %s", got.body)
	}
	b.state.StartDraining() // what SIGTERM does in cmd/
	if got := b.call(t, http.MethodGet, "/readyz", "", nil); got.status != http.StatusServiceUnavailable || got.json(t)["status"] != "stopping" {
		t.Errorf("/readyz while stopping: %d %s", got.status, got.body)
	}
	if got := b.call(t, http.MethodGet, "/healthz", "", nil); got.status != http.StatusOK {
		t.Errorf("/healthz while stopping: %d", got.status)
	}
}

func TestObservabilitySettings(t *testing.T) {
	defaults, err := settings.Load(environment(nil))
	if err != nil || defaults.LogFormat != "text" || !defaults.MetricsEnabled || defaults.ShutdownGraceSeconds != 20 {
		t.Errorf("defaults %+v, %v", defaults, err)
	}
	changed, err := settings.Load(environment(map[string]string{"LOG_FORMAT": "JSON", "METRICS_ENABLED": "false", "SHUTDOWN_GRACE_SECONDS": "5"}))
	if err != nil || changed.LogFormat != "json" || changed.MetricsEnabled || changed.ShutdownGraceSeconds != 5 {
		t.Errorf("changed %+v, %v", changed, err)
	}
	for name, value := range map[string]string{"LOG_FORMAT": "xml", "METRICS_ENABLED": "maybe", "SHUTDOWN_GRACE_SECONDS": "-1"} {
		if _, err := settings.Load(environment(map[string]string{name: value})); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: %v", name, value, err)
		}
	}
}
