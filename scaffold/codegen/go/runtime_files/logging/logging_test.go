package logging

// The text log format's escaping, read from the cases every runtime reads
// (scaffold/codegen/cases/log_lines.json, whose "about" says each key): pytest and vitest read the
// same file, so a record's text is one line, written alike, in all three languages.

import (
	"testing"

	"example.com/plugin/internal/contract/casefiles"
)

func TestLogTextIsEscapedAsTheSharedCasesDecide(t *testing.T) {
	var file struct {
		About []string `json:"about"`
		Cases []struct {
			Name   string `json:"name"`
			Text   string `json:"text"`
			Logged string `json:"logged"`
		} `json:"cases"`
	}
	casefiles.Read(t, "SCAFFOLD_LOG_CASES", "log_lines.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("log_lines.json holds no case")
	}
	for _, c := range file.Cases {
		if got := string(appendLogEscaped(nil, c.Text)); got != c.Logged {
			t.Errorf("%s: %q logged as %q, want %q", c.Name, c.Text, got, c.Logged)
		}
	}
}
