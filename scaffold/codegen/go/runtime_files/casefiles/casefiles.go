// Package casefiles reads the cases every language's runtime reads (scaffold/codegen/cases/*.json):
// pytest and vitest read the same files, so a case decided once holds in three languages. Each file
// is named by an environment variable the test that runs these tests sets; unset, the tests fail,
// since a run that skipped the shared cases would pass without deciding anything.
//
// Only scaffold's own tests of the runtime use it (it is not copied into projects).
package casefiles

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// Bytes reads the file of cases `variable` names (`file` is its name, for the message).
func Bytes(t *testing.T, variable, file string) []byte {
	t.Helper()
	path := os.Getenv(variable)
	if path == "" {
		t.Fatalf("%s is not set: it names scaffold/codegen/cases/%s", variable, file)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Read decodes that file into `into`, failing on a key this runner does not know.
func Read(t *testing.T, variable, file string, into any) {
	t.Helper()
	decoder := json.NewDecoder(bytes.NewReader(Bytes(t, variable, file)))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(into); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}
