// copied from scaffold 1.7.0 (scaffold/codegen/go/runtime_files/metrics/metrics.go) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it

// Package metrics holds the metrics of a plugin service, written by hand in the Prometheus text exposition format
// 0.0.4: the project builds with the standard library only, so there is no client_golang.
//
// The families and labels are those of a Python plugin (its _contract/metrics.py) and a TypeScript
// one, so one dashboard serves all three:
//
//   - http_requests_total{operation,method,status}: a counter per label tuple;
//   - http_request_duration_seconds{operation,method}: a histogram with DurationBuckets;
//   - process_start_time_seconds, process_resident_memory_bytes, process_cpu_seconds_total,
//     go_goroutines and go_memstats_heap_alloc_bytes: read when scraped, never on the request path.
//
// Not written, in any language: the `_created` series prometheus_client adds beside each counter
// and histogram series by default (client_golang writes none in this format either).
//
// A request costs one mutex and two map lookups keyed by comparable structs: nothing is allocated
// once the request's series exist. A scrape copies the series under the mutex and formats them
// outside it, sorted by their label values, so two scrapes list the series in the same order.
package metrics

import (
	"bytes"
	"io"
	"math"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ContentType is the Content-Type of the text WriteText writes.
const ContentType = "text/plain; version=0.0.4; charset=utf-8"

// The families' names, HELP texts and DurationBuckets are in values_gen.go, shared by
// every language.
const (
	requestsName  = RequestsMetric
	requestsHelp  = RequestsHelp
	durationsName = DurationMetric
	durationsHelp = DurationHelp
)

// processStart stands for the process's start: the package is initialised as the program starts.
var processStart = time.Now()

type requestKey struct {
	operation, method string
	status            int
}

type durationKey struct {
	operation, method string
}

// durationSeries holds a count per bucket (+Inf last), not cumulated: WriteText adds them up.
type durationSeries struct {
	buckets [len(DurationBuckets) + 1]uint64
	sum     float64
}

// scrapedFamily is a family of one unlabelled sample whose value is read when /metrics is scraped;
// read answers false when the value cannot be known here, and the family is then left out.
type scrapedFamily struct {
	name, help, kind string
	read             func() (float64, bool)
}

// Registry holds the request metrics of one service and writes them with the process metrics.
// It is safe for concurrent use; make one with New.
type Registry struct {
	mu        sync.Mutex
	requests  map[requestKey]uint64
	durations map[durationKey]*durationSeries
	scraped   []scrapedFamily
}

// New returns an empty registry of the request families and the process families.
func New() *Registry {
	return &Registry{
		requests:  make(map[requestKey]uint64),
		durations: make(map[durationKey]*durationSeries),
		scraped:   processFamilies(),
	}
}

// ObserveRequest counts one answered request under its labels and how long it took.
// A duration on a bound counts in that bound's bucket (`le` means less than or equal).
func (m *Registry) ObserveRequest(operation, method string, status int, seconds float64) {
	bucket := sort.SearchFloat64s(DurationBuckets[:], seconds) // the first bound >= seconds
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[requestKey{operation, method, status}]++
	series := m.durations[durationKey{operation, method}]
	if series == nil {
		series = new(durationSeries)
		m.durations[durationKey{operation, method}] = series
	}
	series.buckets[bucket]++
	series.sum += seconds
}

// WriteText writes every family in the text exposition format: the process families, then the
// request counter and histogram (their HELP and TYPE lines even before the first request).
func (m *Registry) WriteText(w io.Writer) error {
	requests, durations := m.snapshot()
	var out bytes.Buffer
	for _, family := range m.scraped {
		if value, ok := family.read(); ok {
			writeFamilyHeader(&out, family.name, family.help, family.kind)
			writeSample(&out, family.name, nil, "", formatValue(value))
		}
	}
	writeRequests(&out, requests)
	writeDurations(&out, durations)
	_, err := w.Write(out.Bytes())
	return err
}

type requestSample struct {
	key   requestKey
	count uint64
}

type durationSample struct {
	key    durationKey
	series durationSeries
}

// snapshot copies the series under the mutex, sorted, so formatting never holds up a request.
func (m *Registry) snapshot() ([]requestSample, []durationSample) {
	m.mu.Lock()
	requests := make([]requestSample, 0, len(m.requests))
	for key, count := range m.requests {
		requests = append(requests, requestSample{key, count})
	}
	durations := make([]durationSample, 0, len(m.durations))
	for key, series := range m.durations {
		durations = append(durations, durationSample{key, *series})
	}
	m.mu.Unlock()
	sort.Slice(requests, func(i, j int) bool {
		a, b := requests[i].key, requests[j].key
		if a.operation != b.operation {
			return a.operation < b.operation
		}
		if a.method != b.method {
			return a.method < b.method
		}
		return a.status < b.status
	})
	sort.Slice(durations, func(i, j int) bool {
		a, b := durations[i].key, durations[j].key
		return a.operation < b.operation || a.operation == b.operation && a.method < b.method
	})
	return requests, durations
}

func writeRequests(out *bytes.Buffer, samples []requestSample) {
	writeFamilyHeader(out, requestsName, requestsHelp, "counter")
	for _, sample := range samples {
		labels := []string{
			RequestLabels[0], sample.key.operation,
			RequestLabels[1], sample.key.method,
			RequestLabels[2], strconv.Itoa(sample.key.status),
		}
		writeSample(out, requestsName, labels, "", strconv.FormatUint(sample.count, 10))
	}
}

func writeDurations(out *bytes.Buffer, samples []durationSample) {
	writeFamilyHeader(out, durationsName, durationsHelp, "histogram")
	for _, sample := range samples {
		labels := []string{DurationLabels[0], sample.key.operation, DurationLabels[1], sample.key.method}
		var total uint64
		for i, count := range sample.series.buckets {
			total += count
			bound := "+Inf"
			if i < len(DurationBuckets) {
				bound = boundText(DurationBuckets[i])
			}
			writeSample(out, durationsName+"_bucket", labels, bound, strconv.FormatUint(total, 10))
		}
		writeSample(out, durationsName+"_count", labels, "", strconv.FormatUint(total, 10))
		writeSample(out, durationsName+"_sum", labels, "", formatValue(sample.series.sum))
	}
}

func writeFamilyHeader(out *bytes.Buffer, name, help, kind string) {
	out.WriteString("# HELP " + name + " ")
	writeEscaped(out, help, false)
	out.WriteString("\n# TYPE " + name + " " + kind + "\n")
}

// writeSample writes `name{label="value",...,le="bound"} value`: labels are name, value pairs, and
// le is left out when bound is empty.
func writeSample(out *bytes.Buffer, name string, labels []string, bound, value string) {
	out.WriteString(name)
	if len(labels) > 0 || bound != "" {
		out.WriteByte('{')
		for i := 0; i+1 < len(labels); i += 2 {
			if i > 0 {
				out.WriteByte(',')
			}
			out.WriteString(labels[i] + `="`)
			writeEscaped(out, labels[i+1], true)
			out.WriteByte('"')
		}
		if bound != "" {
			if len(labels) > 0 {
				out.WriteByte(',')
			}
			out.WriteString(`le="` + bound + `"`)
		}
		out.WriteByte('}')
	}
	out.WriteString(" " + value + "\n")
}

// writeEscaped writes text as the format requires: a backslash and a newline escaped in HELP
// text, and a double quote too in a label value, where it would end the value.
func writeEscaped(out *bytes.Buffer, text string, labelValue bool) {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\\':
			out.WriteString(`\\`)
		case c == '\n':
			out.WriteString(`\n`)
		case c == '"' && labelValue:
			out.WriteString(`\"`)
		default:
			out.WriteByte(c)
		}
	}
}

// boundText spells a bucket bound the way prometheus_client does in a Python plugin's `le`
// (0.005, 1.0, 60.0): `le` is a label, compared as text, so the same bucket must be the same
// string whichever language answered. The same text for bounds from 0.0001 to below a million,
// which holds the fixed DurationBuckets; client_golang would write 1 and 60.
func boundText(bound float64) string {
	text := strconv.FormatFloat(bound, 'f', -1, 64)
	if !strings.Contains(text, ".") {
		text += ".0"
	}
	return text
}

// formatValue writes a sample value: the shortest text that reads back as the same float.
func formatValue(value float64) string {
	switch {
	case math.IsInf(value, 1):
		return "+Inf"
	case math.IsInf(value, -1):
		return "-Inf"
	case math.IsNaN(value):
		return "NaN"
	}
	return strconv.FormatFloat(value, 'g', -1, 64)
}

// processFamilies are the process and Go runtime families, in Go's spelling where a Python plugin
// has process_* and python_*.
func processFamilies() []scrapedFamily {
	return []scrapedFamily{
		{"process_start_time_seconds", "When the process started, in seconds since the Unix epoch.", "gauge",
			func() (float64, bool) { return float64(processStart.UnixNano()) / 1e9, true }},
		{"process_resident_memory_bytes", "Memory of the process held in RAM, in bytes.", "gauge",
			residentMemoryBytes},
		{"process_cpu_seconds_total", "CPU time the process spent, user and system, in seconds.", "counter",
			cpuSeconds},
		{"go_goroutines", "Goroutines that exist now.", "gauge",
			func() (float64, bool) { return float64(runtime.NumGoroutine()), true }},
		{"go_memstats_heap_alloc_bytes", "Bytes of heap objects allocated and not yet freed.", "gauge",
			heapAllocBytes},
	}
}

// residentMemoryBytes reads the resident pages from /proc/self/statm: Linux only, as in Python's
// process collector; elsewhere the family is left out rather than written as a wrong zero.
func residentMemoryBytes() (float64, bool) {
	statm, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	fields := bytes.Fields(statm)
	if len(fields) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseUint(string(fields[1]), 10, 64)
	if err != nil {
		return 0, false
	}
	return float64(pages) * float64(os.Getpagesize()), true
}

// cpuSeconds is the user and system time the kernel counted for this process.
func cpuSeconds() (float64, bool) {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0, false
	}
	seconds := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return seconds(usage.Utime) + seconds(usage.Stime), true
}

// heapAllocBytes stops the world for a moment: acceptable once per scrape, never per request.
func heapAllocBytes() (float64, bool) {
	var stats runtime.MemStats
	runtime.ReadMemStats(&stats)
	return float64(stats.HeapAlloc), true
}
