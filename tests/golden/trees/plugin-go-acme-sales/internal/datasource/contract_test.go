// Every answer held against the spec itself (yours: keep it as your data source grows). Each
// request example of the spec is replayed against the glue (newGlue, serving contract.Stub): a
// valid request is never refused as malformed and never fails, and its answer has a status the
// operation documents and a body that status's schema accepts (newServing holds every test's
// answers to that rule, your data source's in yours_test.go too).
package datasource_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"acme-sales/internal/contract"
)

func TestEverySpecExampleIsServed(t *testing.T) {
	// the spec's enc:v1: example values are encrypted with its example key
	plugin := newGlueWith(t, map[string]string{"PLUGIN_SECRET_KEY": contract.ExampleSecretKey})
	for _, example := range contract.SpecExamples {
		t.Run(example.Method+" "+example.Path+" "+example.Name, func(t *testing.T) {
			response := call(t, plugin, example.Method, example.Path, string(example.Body), map[string]string{"Accept-Language": "en-US"})
			refused := []int{http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusInternalServerError}
			if example.Path == "/datasource/health-check" {
				// another data source's config: too few entries for this plugin's form is the contract's 400
				refused = refused[1:]
			}
			if slices.Contains(refused, response.StatusCode) {
				t.Errorf("a request example of the spec was answered %d", response.StatusCode)
			}
		})
	}
}

func TestEveryOperationHasAnExample(t *testing.T) {
	covered := map[string]bool{}
	for _, example := range contract.SpecExamples {
		covered[example.Method+" "+example.Path] = true
	}
	for _, operation := range contract.Operations {
		if !covered[operation.HTTPMethod+" "+operation.Path] {
			t.Errorf("%s (%s %s) has no request example to replay", operation.OperationID, operation.HTTPMethod, operation.Path)
		}
	}
}

func TestTheAnswerCheckCanFail(t *testing.T) {
	refused := contract.AnswerProblem("POST /query/get-result", http.StatusOK, "application/json", []byte(`{"frames": "not a list of frames"}`))
	if !strings.Contains(refused, "the schema refuses") {
		t.Errorf("a body the schema refuses passed: %q", refused)
	}
	undocumented := contract.AnswerProblem("POST /query/get-result", http.StatusTeapot, "application/json", []byte(`{}`))
	if !strings.Contains(undocumented, "does not document") {
		t.Errorf("an undocumented status passed: %q", undocumented)
	}
}
