package contract

// Reading /metrics text in the contract package's tests: the whole text of a Metrics, and one
// sample's value in it. The metrics package's tests have the same two helpers: a _test.go file is
// seen by its own package alone, and a package exporting them for tests would be copied into every
// project for nothing.

import (
	"bytes"
	"strings"
	"testing"
)

func scrape(t *testing.T, m *Metrics) string {
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
