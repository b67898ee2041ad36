package contract

// The shared metric cases (scaffold/codegen/cases/metrics.json, whose "about" says the format),
// read by the Go runtime: the Python runtime's tests (tests/unit/test_metric_cases.py) and the
// TypeScript runtime's (metrics.test.ts) read the same file, so the request families a plugin
// writes on /metrics are decided once for three languages (issue 39 point 2). Each case's requests
// are counted by a Metrics of their own, and the two families of what WriteText writes are
// compared with the case's lines: comment lines exactly and in order, samples by name, labels and
// value as a set.
//
// SCAFFOLD_METRIC_CASES names the file (tests/functional/test_plugin_go.py sets it). Unset, the
// test fails: a run that skipped the shared cases would pass without deciding anything.

import (
	"encoding/json"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

type mcCase struct {
	Name    string            `json:"name"`
	Observe []json.RawMessage `json:"observe"`
	Text    []string          `json:"text"`
}

var (
	mcSample = regexp.MustCompile(`^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})? (\S+)$`)
	mcLabel  = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)",?`)
	mcEscape = regexp.MustCompile(`\\(.)`)
)

// mcFamilies is the comment lines (in order) and the samples (sorted) of the two request families.
func mcFamilies(t *testing.T, text string) ([]string, []string) {
	names := map[string]bool{RequestsMetric: true, DurationMetric: true}
	for _, suffix := range []string{"_bucket", "_count", "_sum"} {
		names[DurationMetric+suffix] = true
	}
	comments, samples := []string{}, []string{}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "#") {
			if parts := strings.SplitN(line, " ", 4); len(parts) >= 3 && names[parts[2]] {
				comments = append(comments, line)
			}
			continue
		}
		found := mcSample.FindStringSubmatch(line)
		if found == nil || !names[found[1]] {
			continue
		}
		var read strings.Builder
		var pairs []string
		for _, pair := range mcLabel.FindAllStringSubmatch(found[2], -1) {
			read.WriteString(pair[0])
			value := mcEscape.ReplaceAllStringFunc(pair[2], func(escaped string) string {
				if escaped == `\n` {
					return "\n"
				}
				return escaped[1:]
			})
			pairs = append(pairs, strconv.Quote(pair[1])+"="+strconv.Quote(value))
		}
		if read.String() != found[2] {
			t.Fatalf("labels not read: %q", line)
		}
		value, err := strconv.ParseFloat(found[3], 64)
		if err != nil {
			t.Fatalf("value not read: %q", line)
		}
		sort.Strings(pairs)
		samples = append(samples, found[1]+" "+strings.Join(pairs, ",")+" "+strconv.FormatFloat(value, 'g', -1, 64))
	}
	sort.Strings(samples)
	return comments, samples
}

func TestMetricCasesShared(t *testing.T) {
	var file struct {
		About []string `json:"about"`
		Cases []mcCase `json:"cases"`
	}
	readSharedCases(t, "SCAFFOLD_METRIC_CASES", "metrics.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("no cases in metrics.json")
	}
	seen := map[string]bool{}
	for _, c := range file.Cases {
		if c.Name == "" || seen[c.Name] {
			t.Fatalf("a case has no name, or one another case has: %q", c.Name)
		}
		seen[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			m := NewMetrics()
			for _, raw := range c.Observe {
				var request [4]json.RawMessage
				var operation, method string
				var status int
				var seconds float64
				if json.Unmarshal(raw, &request) != nil || json.Unmarshal(request[0], &operation) != nil ||
					json.Unmarshal(request[1], &method) != nil || json.Unmarshal(request[2], &status) != nil ||
					json.Unmarshal(request[3], &seconds) != nil {
					t.Fatalf("a request is not [operation, method, status, seconds]: %s", raw)
				}
				m.ObserveRequest(operation, method, status, seconds)
			}
			written := scrape(t, m)
			gotComments, gotSamples := mcFamilies(t, written)
			wantComments, wantSamples := mcFamilies(t, strings.Join(c.Text, "\n"))
			if !reflect.DeepEqual(gotComments, wantComments) {
				t.Errorf("comment lines %q, the case says %q", gotComments, wantComments)
			}
			if !reflect.DeepEqual(gotSamples, wantSamples) {
				t.Errorf("samples\n%s\nthe case says\n%s", strings.Join(gotSamples, "\n"), strings.Join(wantSamples, "\n"))
			}
		})
	}
}
