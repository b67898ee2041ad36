package contract

// Holding answers to the spec in the project's own tests (the TypeScript plugin's conformance.ts,
// in Go): CheckAnswers wraps the plugin's handler and judges every answer of a contract operation
// by the statuses the operation documents and the strict decoder of that status's body schema
// (conformance_gen.go). The decoders are written apart from the encoders that produce the answers,
// and they check what a Go type cannot say (required properties, enums, integer bounds, null).

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"sync"
)

// maxCheckedAnswer is the most bytes of one answer CheckAnswers keeps to judge (tests only).
const maxCheckedAnswer = 64 << 20

// ExampleSecretKey is the key the spec's enc:v1: example values are encrypted with
// (info.x-example-secret-key, the first of PublishedSecretKeys, which the spec decides as it does
// the Python plugin's PUBLISHED_SECRET_KEYS; "" when the spec names none): set it as
// PLUGIN_SECRET_KEY to replay SpecExamples.
var ExampleSecretKey = firstOf(PublishedSecretKeys[:])

func firstOf(keys []string) string {
	if len(keys) == 0 {
		return ""
	}
	return keys[0]
}

// SpecExample is one request example of the spec: the operation's method and path below
// BasePath, the example's name, and its body (nil: the operation takes none).
type SpecExample struct {
	Method string
	Path   string
	Name   string
	Body   []byte
}

// AnswerLog collects what CheckAnswers found wrong, for a test to take after each request.
type AnswerLog struct {
	mu       sync.Mutex
	problems []string
}

// Take returns the problems found since the last Take (nil when every answer held) and forgets them.
func (l *AnswerLog) Take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	found := l.problems
	l.problems = nil
	return found
}

func (l *AnswerLog) add(problem string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.problems = append(l.problems, problem)
}

// CheckAnswers is next with every answer to a contract operation held against the spec; the log
// collects each answer that is not as documented. Answers to other paths pass unjudged.
func CheckAnswers(next http.Handler) (http.Handler, *AnswerLog) {
	log := &AnswerLog{}
	checked := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		recorder := &answerRecorder{ResponseWriter: w}
		next.ServeHTTP(recorder, r)
		if r.Method == http.MethodHead || !strings.HasPrefix(r.URL.Path, BasePath+"/") {
			return
		}
		status := recorder.status
		if status == 0 {
			status = http.StatusOK
		}
		operation := r.Method + " " + strings.TrimPrefix(r.URL.Path, BasePath)
		if _, known := answerChecks[operation]; !known {
			return
		}
		if recorder.overflow {
			log.add(fmt.Sprintf("%s answered more than %d bytes, too many to judge", operation, maxCheckedAnswer))
			return
		}
		if problem := AnswerProblem(operation, status, recorder.Header().Get("Content-Type"), recorder.body.Bytes()); problem != "" {
			log.add(problem)
		}
	})
	return checked, log
}

// AnswerProblem is what is wrong with one answer of operation ("POST /query/get-result"): a
// status the spec does not document, or a body its schema refuses; "" when it is as documented.
func AnswerProblem(operation string, status int, contentType string, body []byte) string {
	statuses, known := answerChecks[operation]
	if !known {
		return fmt.Sprintf("%s is not an operation of %s", operation, Contract)
	}
	check, documented := statuses[status]
	if !documented {
		return fmt.Sprintf("%s answered %d, a status %s does not document for it", operation, status, Contract)
	}
	if check == nil {
		return ""
	}
	if media, _, _ := strings.Cut(contentType, ";"); strings.TrimSpace(media) != "application/json" {
		return fmt.Sprintf("%s answered %d as %q instead of application/json", operation, status, contentType)
	}
	if err := check(body); err != nil {
		return fmt.Sprintf("%s answered %d with a body the schema refuses: %v", operation, status, err)
	}
	return ""
}

// checkList reads data as a JSON array whose every item item decodes, as strictly as requests.
func checkList[T any](data []byte, item func(*Reader, *T)) error {
	r := NewReader(data, MaxJSONDepth)
	if r.BeginArray() {
		for i := 0; r.NextItem(); i++ {
			r.EnterIndex(i)
			var v T
			item(r, &v)
			r.Leave()
		}
	}
	r.End()
	return readError(r)
}

// answerRecorder passes an answer on and keeps its status and (up to maxCheckedAnswer) its bytes.
type answerRecorder struct {
	http.ResponseWriter
	status   int
	body     bytes.Buffer
	overflow bool
}

func (a *answerRecorder) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
	a.ResponseWriter.WriteHeader(status)
}

func (a *answerRecorder) Write(data []byte) (int, error) {
	if a.status == 0 {
		a.status = http.StatusOK
	}
	if a.body.Len()+len(data) > maxCheckedAnswer {
		a.overflow = true
	} else {
		a.body.Write(data)
	}
	return a.ResponseWriter.Write(data)
}

// Unwrap lets http.ResponseController reach the writer underneath (deadlines, flushing).
func (a *answerRecorder) Unwrap() http.ResponseWriter { return a.ResponseWriter }
