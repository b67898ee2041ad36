package contract

// The shared cases (scaffold/codegen/cases/*.json), read by the casefiles package every runtime
// package's tests use, under the names this package's tests call them by.

import (
	"testing"

	"example.com/plugin/internal/contract/casefiles"
)

func sharedCaseBytes(t *testing.T, variable, file string) []byte {
	t.Helper()
	return casefiles.Bytes(t, variable, file)
}

func readSharedCases(t *testing.T, variable, file string, into any) {
	t.Helper()
	casefiles.Read(t, variable, file, into)
}
