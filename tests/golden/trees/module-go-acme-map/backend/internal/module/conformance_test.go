// Contract conformance: every answer held against the document this backend publishes at GET
// /openapi.json (.scaffold/contract.yaml, with your own endpoints of endpoints.go added from their
// Go types). Each request example of the document, and smallest valid bodies for an operation
// without one (bare, and through the proxy's envelope with settings), is sent to the backend over
// a socket: it must be accepted (module.ExampleRefused: never 400, 413, 422, 500 or 503; an
// endpoint's own documented refusal such as a 409 is an answer), every operation must answer some
// call with a 2xx, and every answer here, of any test that calls check, must have a status the
// operation documents and a body that status's schema accepts (seeded once; yours to edit). CI
// also runs Schemathesis against the running backend (schemathesis.toml): generated requests,
// valid and invalid.
package module_test

import (
	"net/http"
	"strings"
	"testing"

	"acme-map/internal/contract/module"
)

func document(t *testing.T, b backend) *module.Document {
	t.Helper()
	published := b.call(t, http.MethodGet, "/openapi.json", "", nil)
	if published.status != http.StatusOK {
		t.Fatalf("GET /openapi.json: %d", published.status)
	}
	doc, err := module.ReadDocument(published.body)
	if err != nil {
		t.Fatalf("GET /openapi.json is not JSON: %v", err)
	}
	return doc
}

// check fails the test when got is not as the document says for operation.
func check(t *testing.T, doc *module.Document, operation string, got answer) {
	t.Helper()
	if problem := doc.AnswerProblem(operation, got.status, got.header.Get("Content-Type"), got.body); problem != "" {
		t.Error("an answer is not as the contract documents it: " + problem)
	}
}

func TestEveryOperationIsServedAsDocumented(t *testing.T) {
	b := serve(t, withSecretKey(t)) // POST /api/v1/secrets answers 200 only with a key
	doc := document(t, b)
	served := map[string]bool{}
	for _, example := range doc.RequestExamples() {
		method, path, _ := strings.Cut(example.Operation, " ")
		got := b.postJSON(t, path, string(example.Body), map[string]string{"Accept-Language": "en-US"})
		if method != http.MethodPost {
			got = b.call(t, method, path, "", nil)
		}
		check(t, doc, example.Operation, got)
		if got.status/100 == 2 {
			served[example.Operation] = true
		}
		if module.ExampleRefused(got.status) {
			t.Errorf("%s, example %s: refused with %d %s", example.Operation, example.Name, got.status, got.body)
		}
	}
	for _, operation := range doc.Operations() {
		method, path, _ := strings.Cut(operation, " ")
		if method == http.MethodGet {
			got := b.call(t, method, path, "", nil)
			check(t, doc, operation, got)
			served[operation] = got.status/100 == 2
		}
		if !served[operation] {
			t.Errorf("no call of %s was answered with a 2xx", operation)
		}
	}
}

func TestRefusalsAreAsDocumented(t *testing.T) {
	b := serve(t, nil)
	doc := document(t, b)
	operation := "POST " + demoURL
	for _, body := range []string{"{", `{"message": 1}`, `{"payload": {"message": "x"}, "moduleContext": null}`, strings.Repeat("[", 70)} {
		check(t, doc, operation, b.postJSON(t, demoURL, body, nil))
	}
	check(t, doc, "GET /api/v1/well-known", b.call(t, http.MethodPost, "/api/v1/well-known", "", nil))
}

func TestTheAnswerCheckCanFail(t *testing.T) {
	doc := document(t, serve(t, nil))
	if problem := doc.AnswerProblem("POST "+demoURL, 200, "application/json", []byte(`{"status": "fine", "message": "x"}`)); !strings.Contains(problem, "schema refuses") {
		t.Errorf("a body the schema refuses passed: %q", problem)
	}
	if problem := doc.AnswerProblem("POST "+demoURL, http.StatusTeapot, "application/json", []byte(`{}`)); !strings.Contains(problem, "does not list") {
		t.Errorf("an undocumented status passed: %q", problem)
	}
}
