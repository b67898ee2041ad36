package metrics

// Tests of metrics.go: the families, labels, buckets and escaping a scraper reads, the order of
// the series, and that counting is safe from many goroutines and allocates nothing.

import (
	"bytes"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func scrape(t *testing.T, m *Registry) string {
	t.Helper()
	var out bytes.Buffer
	if err := m.WriteText(&out); err != nil {
		t.Fatalf("WriteText: %v", err)
	}
	return out.String()
}

// sampleValue is the value of the sample line that starts with series, or "" when there is none.
func sampleValue(text, series string) string {
	for _, line := range strings.Split(text, "\n") {
		if value, found := strings.CutPrefix(line, series+" "); found {
			return value
		}
	}
	return ""
}

func TestWriteTextNamesEveryFamilyWithHelpAndType(t *testing.T) {
	m := New()
	m.ObserveRequest("getResult", "POST", 200, 0.01)
	text := scrape(t, m)
	families := []struct{ name, kind string }{
		{"http_requests_total", "counter"},
		{"http_request_duration_seconds", "histogram"},
		{"process_start_time_seconds", "gauge"},
		{"process_resident_memory_bytes", "gauge"},
		{"process_cpu_seconds_total", "counter"},
		{"go_goroutines", "gauge"},
		{"go_memstats_heap_alloc_bytes", "gauge"},
	}
	for _, family := range families {
		t.Run(family.name, func(t *testing.T) {
			if !strings.Contains(text, "\n# HELP "+family.name+" ") && !strings.HasPrefix(text, "# HELP "+family.name+" ") {
				t.Errorf("no HELP line for %s in\n%s", family.name, text)
			}
			if !strings.Contains(text, "# TYPE "+family.name+" "+family.kind+"\n") {
				t.Errorf("no TYPE %s line for %s in\n%s", family.kind, family.name, text)
			}
		})
	}
	if !strings.HasSuffix(text, "\n") {
		t.Error("the text does not end with a newline")
	}
}

func TestRequestFamiliesAreWrittenBeforeTheFirstRequest(t *testing.T) {
	text := scrape(t, New())
	for _, line := range []string{
		"# HELP http_requests_total " + requestsHelp,
		"# TYPE http_request_duration_seconds histogram",
	} {
		if !strings.Contains(text, line+"\n") {
			t.Errorf("missing %q", line)
		}
	}
	if strings.Contains(text, "http_requests_total{") {
		t.Errorf("a series before any request:\n%s", text)
	}
}

// TestHistogramBuckets counts durations on, between and beyond the shared DurationBuckets (their
// values and their `le` spelling are the shared cases' business: metriccases_test.go reads
// scaffold/codegen/cases/metrics.json, as the Python and TypeScript runtimes do).
func TestHistogramBuckets(t *testing.T) {
	type bucketCase struct {
		seconds float64
		first   int // the index of the smallest bound that counts it; len(DurationBuckets) is +Inf
	}
	last := DurationBuckets[len(DurationBuckets)-1]
	tests := []bucketCase{{0, 0}, {last * 1.25, len(DurationBuckets)}} // beyond the last bound: +Inf only
	below := 0.0
	for i, bound := range DurationBuckets {
		tests = append(tests, bucketCase{bound, i}, bucketCase{(below + bound) / 2, i}) // on a bound: counted in it
		below = bound
	}
	for _, test := range tests {
		t.Run(strconv.FormatFloat(test.seconds, 'g', -1, 64), func(t *testing.T) {
			m := New()
			m.ObserveRequest("op", "GET", 200, test.seconds)
			text := scrape(t, m)
			counted := false
			for i := 0; i <= len(DurationBuckets); i++ {
				le := "+Inf"
				if i < len(DurationBuckets) {
					le = boundText(DurationBuckets[i])
				}
				counted = counted || i == test.first
				want := map[bool]string{true: "1", false: "0"}[counted]
				series := `http_request_duration_seconds_bucket{operation="op",method="GET",le="` + le + `"}`
				if got := sampleValue(text, series); got != want {
					t.Errorf("%s = %q, want %q", series, got, want)
				}
			}
			labels := `{operation="op",method="GET"}`
			if got := sampleValue(text, "http_request_duration_seconds_count"+labels); got != "1" {
				t.Errorf("_count = %q", got)
			}
			if got := sampleValue(text, "http_request_duration_seconds_sum"+labels); got != formatValue(test.seconds) {
				t.Errorf("_sum = %q, want %s", got, formatValue(test.seconds))
			}
		})
	}
}

func TestLabelValuesAndHelpAreEscaped(t *testing.T) {
	tests := []struct{ name, value, written string }{
		{"plain", "/query/get-result", "/query/get-result"},
		{"quote", `say "hi"`, `say \"hi\"`},
		{"backslash", `a\b`, `a\\b`},
		{"newline", "a\nb", `a\nb`},
		{"all", "\"\\\n", `\"\\\n`},
		{"utf-8 as it is", "запрос", "запрос"},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			m := New()
			m.ObserveRequest(test.value, "GET", 404, 0)
			series := `http_requests_total{operation="` + test.written + `",method="GET",status="404"}`
			if got := sampleValue(scrape(t, m), series); got != "1" {
				t.Errorf("%s = %q, want 1", series, got)
			}
		})
	}
	var help bytes.Buffer
	writeFamilyHeader(&help, "x", "a \"quoted\" \\ and\nnewline", "gauge")
	if want := "# HELP x a \"quoted\" \\\\ and\\nnewline\n# TYPE x gauge\n"; help.String() != want {
		t.Errorf("header = %q, want %q", help.String(), want)
	}
}

func TestCountsAndStatusesAreSeparateSeries(t *testing.T) {
	m := New()
	for i := 0; i < 5; i++ {
		m.ObserveRequest("getResult", "POST", 200, 0.001)
	}
	m.ObserveRequest("getResult", "POST", 422, 0.001)
	m.ObserveRequest("other", "GET", 404, 0.001)
	text := scrape(t, m)
	tests := map[string]string{
		`http_requests_total{operation="getResult",method="POST",status="200"}`:          "5",
		`http_requests_total{operation="getResult",method="POST",status="422"}`:          "1",
		`http_requests_total{operation="other",method="GET",status="404"}`:               "1",
		`http_request_duration_seconds_count{operation="getResult",method="POST"}`:       "6",
		`http_request_duration_seconds_bucket{operation="other",method="GET",le="+Inf"}`: "1",
	}
	for series, want := range tests {
		if got := sampleValue(text, series); got != want {
			t.Errorf("%s = %q, want %q", series, got, want)
		}
	}
}

func TestSeriesOrderDoesNotDependOnArrival(t *testing.T) {
	labels := [][2]string{{"b", "GET"}, {"a", "POST"}, {"a", "GET"}, {"c", "other"}}
	forwards, backwards := New(), New()
	for i := range labels {
		forwards.ObserveRequest(labels[i][0], labels[i][1], 200, 0.1)
		j := len(labels) - 1 - i
		backwards.ObserveRequest(labels[j][0], labels[j][1], 200, 0.1)
	}
	requestLines := func(text string) string {
		_, after, _ := strings.Cut(text, "# HELP http_requests_total")
		return after
	}
	first, second := requestLines(scrape(t, forwards)), requestLines(scrape(t, backwards))
	if first != second {
		t.Errorf("the order differs:\n%s\n---\n%s", first, second)
	}
	if a, b := strings.Index(first, `operation="a",method="GET"`), strings.Index(first, `operation="b"`); a < 0 || a > b {
		t.Errorf("series not sorted by label values:\n%s", first)
	}
}

func TestObserveRequestAllocatesNothingOnceTheSeriesExists(t *testing.T) {
	m := New()
	m.ObserveRequest("getResult", "POST", 200, 0.02)
	allocations := testing.AllocsPerRun(1000, func() {
		m.ObserveRequest("getResult", "POST", 200, 0.02)
	})
	if allocations != 0 {
		t.Errorf("%v allocations per request", allocations)
	}
}

func TestConcurrentObservationsAndScrapes(t *testing.T) {
	m := New()
	const goroutines, each = 8, 500
	var wg sync.WaitGroup
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				m.ObserveRequest(fmt.Sprintf("op%d", g%2), "GET", 200, float64(i)/1000)
				if i%100 == 0 {
					_ = m.WriteText(&bytes.Buffer{})
				}
			}
		}(g)
	}
	wg.Wait()
	text := scrape(t, m)
	total := 0
	for _, op := range []string{"op0", "op1"} {
		count, err := strconv.Atoi(sampleValue(text, `http_requests_total{operation="`+op+`",method="GET",status="200"}`))
		if err != nil {
			t.Fatalf("%s: %v", op, err)
		}
		total += count
	}
	if total != goroutines*each {
		t.Errorf("counted %d requests, want %d", total, goroutines*each)
	}
}

func TestProcessFamiliesHoldPlausibleValues(t *testing.T) {
	text := scrape(t, New())
	number := func(name string) float64 {
		t.Helper()
		value, err := strconv.ParseFloat(sampleValue(text, name), 64)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return value
	}
	if start := number("process_start_time_seconds"); start > float64(time.Now().Unix()+1) || start < 1.6e9 {
		t.Errorf("process_start_time_seconds = %v", start)
	}
	if cpu := number("process_cpu_seconds_total"); cpu < 0 {
		t.Errorf("process_cpu_seconds_total = %v", cpu)
	}
	if number("go_goroutines") < 1 || number("go_memstats_heap_alloc_bytes") <= 0 {
		t.Errorf("runtime families:\n%s", text)
	}
	if runtime.GOOS == "linux" && number("process_resident_memory_bytes") <= 0 {
		t.Errorf("process_resident_memory_bytes is not positive")
	}
}

func TestFormatValue(t *testing.T) {
	tests := []struct {
		value float64
		want  string
	}{{0, "0"}, {1.5, "1.5"}, {1e21, "1e+21"}, {math.Inf(1), "+Inf"}, {math.Inf(-1), "-Inf"}, {math.NaN(), "NaN"}}
	for _, test := range tests {
		if got := formatValue(test.value); got != test.want {
			t.Errorf("formatValue(%v) = %q, want %q", test.value, got, test.want)
		}
	}
}
