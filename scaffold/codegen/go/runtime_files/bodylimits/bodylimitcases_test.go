package bodylimits

// The shared body-limit cases (scaffold/codegen/cases/body_limits.json, whose "about" says the
// format), read by the Go runtime: the Python runtime's tests (tests/unit/test_body_limit_cases.py)
// and the TypeScript runtime's (body-limits.test.ts) read the same file, so how a body is read
// under its own limit and the process's budget is decided once for three languages (issue 39
// point 2). Each case's body arrives through a reader that gives one piece a Read, into Read.
//
// SCAFFOLD_BODY_LIMIT_CASES names the file (tests/functional/test_plugin_go.py sets it). Unset,
// the test fails: a run that skipped the shared cases would pass without deciding anything.

import (
	"bytes"
	"errors"
	"io"
	"net/http/httptest"
	"strconv"
	"testing"

	"example.com/plugin/internal/contract/casefiles"
)

type blCase struct {
	Name      string `json:"name"`
	Limit     int64  `json:"limit"`
	Budget    int64  `json:"budget"`
	Held      int64  `json:"held"`
	Declared  *int64 `json:"declared"`
	Chunks    []int  `json:"chunks"`
	Expect    string `json:"expect"`
	Size      int    `json:"size"`
	HeldAfter int64  `json:"heldAfter"`
}

// blPieces gives one piece of the body a Read (the rest of a piece when p is shorter).
type blPieces struct{ pieces [][]byte }

func (b *blPieces) Read(p []byte) (int, error) {
	if len(b.pieces) == 0 {
		return 0, io.EOF
	}
	n := copy(p, b.pieces[0])
	if n == len(b.pieces[0]) {
		b.pieces = b.pieces[1:]
	} else {
		b.pieces[0] = b.pieces[0][n:]
	}
	return n, nil
}

func TestBodyLimitCasesShared(t *testing.T) {
	var file struct {
		About []string `json:"about"`
		Cases []blCase `json:"cases"`
	}
	casefiles.Read(t, "SCAFFOLD_BODY_LIMIT_CASES", "body_limits.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("no cases in body_limits.json")
	}
	seen := map[string]bool{}
	for _, c := range file.Cases {
		if c.Name == "" || seen[c.Name] {
			t.Fatalf("a case has no name, or one another case has: %q", c.Name)
		}
		seen[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			body := &blPieces{}
			for _, size := range c.Chunks {
				if size >= 4096 {
					t.Fatalf("a piece of %d bytes: the cases keep them under 4 KiB", size)
				}
				body.pieces = append(body.pieces, bytes.Repeat([]byte("x"), size))
			}
			request := httptest.NewRequest("POST", "/api/v1/query/get-result", body)
			request.ContentLength = -1
			if c.Declared != nil {
				request.ContentLength = *c.Declared
				request.Header.Set("Content-Length", strconv.FormatInt(*c.Declared, 10))
			}
			budget := NewBudget(c.Budget)
			if !budget.Take(c.Held) {
				t.Fatal("held is more than the budget")
			}
			read, _, err := Read(nil, request, c.Limit, budget, Pace{})
			outcome := "read"
			var refused *Refused
			switch {
			case errors.As(err, &refused) && refused.TooLarge:
				outcome = "tooLarge"
			case errors.As(err, &refused) && !refused.Stalled:
				outcome = "busy"
			case err != nil:
				t.Fatalf("Read: %v", err)
			}
			if outcome != c.Expect {
				t.Fatalf("%s, the case says %s", outcome, c.Expect)
			}
			if outcome == "read" && len(read) != c.Size {
				t.Errorf("read %d bytes, the case says %d", len(read), c.Size)
			}
			if budget.Held() != c.HeldAfter {
				t.Errorf("the budget holds %d bytes, the case says %d", budget.Held(), c.HeldAfter)
			}
		})
	}
}
