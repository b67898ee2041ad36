package contract

// The shared error-answer cases (scaffold/codegen/cases/error_answers.json, whose "about" says the
// format), read by the Go runtime: the Python runtime's tests (tests/functional/test_error_answers.py)
// and the TypeScript runtime's (error-answers.test.ts) read the same file, so what a refused request
// or a failing data source gets is decided once for three languages (issue 39 point 2). Each case is
// served by a Server in the observability middleware (as internal/app serves the contract) around a
// data source of which every method fails as the case says.
//
// SCAFFOLD_ERROR_ANSWERS names the file (tests/functional/test_plugin_go.py sets it). Unset, the
// test fails: a run that skipped the shared cases would pass without deciding anything.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

type eaRaises struct {
	Status           int               `json:"status"`
	Message          string            `json:"message"`
	ValidationErrors map[string]string `json:"validationErrors"`
}

type eaCase struct {
	Name          string            `json:"name"`
	Method        string            `json:"method"`
	Path          string            `json:"path"`
	Headers       map[string]string `json:"headers"`
	Body          json.RawMessage   `json:"body"`
	Raises        *eaRaises         `json:"raises"`
	Status        int               `json:"status"`
	Answer        map[string]any    `json:"answer"`
	Message       *string           `json:"message"`
	Text          string            `json:"text"`
	Locale        string            `json:"locale"`
	Params        map[string]string `json:"params"`
	Mentions      []string          `json:"mentions"`
	Never         []string          `json:"never"`
	AnswerHeaders map[string]string `json:"answerHeaders"`
	Waits         int               `json:"waits"`
}

const eaBug = "database password is hunter2"

// eaSource is a data source of which every method fails with err, or, when it waits, with its
// context's error once the glue ends the call.
type eaSource struct {
	err   error
	waits bool
}

func (s eaSource) fail(ctx context.Context) error {
	if s.waits {
		<-ctx.Done()
		return ctx.Err()
	}
	return s.err
}

func (s eaSource) GetMetadata(ctx context.Context, _ RequestContext) (*PluginMetadata, error) {
	return nil, s.fail(ctx)
}

func (s eaSource) CheckHealth(ctx context.Context, _ RequestContext, _ *DatasourceConfig) (*HealthCheckResponse, error) {
	return nil, s.fail(ctx)
}

func (s eaSource) GetDatasourceConstructorFields(ctx context.Context, _ RequestContext, _ *DataSourceConstructorRequest) ([]ConstructorField, error) {
	return nil, s.fail(ctx)
}

func (s eaSource) GetQueryConstructorFields(ctx context.Context, _ RequestContext, _ *ConstructorRequest) ([]ConstructorField, error) {
	return nil, s.fail(ctx)
}

func (s eaSource) GetQueryResult(ctx context.Context, _ RequestContext, _ *QueryDataRequest) (*QueryDataResponse, error) {
	return nil, s.fail(ctx)
}

func (s eaSource) GetVariableConstructorFields(ctx context.Context, _ RequestContext, _ *ConstructorRequest) ([]ConstructorField, error) {
	return nil, s.fail(ctx)
}

func (s eaSource) GetVariableValues(ctx context.Context, _ RequestContext, _ *VariablesRequest) ([]ConstructorFieldPropOption, error) {
	return nil, s.fail(ctx)
}

// eaCases reads the file named by SCAFFOLD_ERROR_ANSWERS, failing on a key this runner does not know.
func eaCases(t *testing.T) []eaCase {
	var file struct {
		About []string `json:"about"`
		Cases []eaCase `json:"cases"`
	}
	readSharedCases(t, "SCAFFOLD_ERROR_ANSWERS", "error_answers.json", &file)
	if len(file.Cases) == 0 {
		t.Fatal("no cases in error_answers.json")
	}
	return file.Cases
}

// eaServer is the glue around a data source of which every method fails as raises says, wrapped
// in the observability middleware as internal/app wraps it.
func eaServer(t *testing.T, raises *eaRaises, waits int) http.Handler {
	var err error = errors.New(eaBug)
	if raises != nil {
		err = &PluginError{Status: raises.Status, Message: raises.Message, ValidationErrors: raises.ValidationErrors}
	}
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(i)
	}
	secrets, boxErr := NewSecretBox(key)
	if boxErr != nil {
		t.Fatal(boxErr)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	server, serverErr := NewServer(ServerOptions{
		Handler:      eaSource{err: err, waits: waits > 0},
		Catalog:      NewCatalog(map[string]map[string]string{"ru-RU": {}, "en-US": {}}),
		Secrets:      secrets,
		Logger:       logger,
		QuerySeconds: waits,
	})
	if serverErr != nil {
		t.Fatal(serverErr)
	}
	return Observe(server, ObserveOptions{Logger: logger, Operation: OperationOf})
}

// eaPattern is the runtime text key as a pattern: its params put in, any other placeholder any text.
func eaPattern(t *testing.T, locale, key string, params map[string]string) *regexp.Regexp {
	template, ok := runtimeTexts[locale][key]
	if !ok {
		t.Fatalf("no runtime text %s in %s", key, locale)
	}
	placeholder := regexp.MustCompile(`\{(\w+)\}`)
	var pattern strings.Builder
	last := 0
	for _, at := range placeholder.FindAllStringSubmatchIndex(template, -1) {
		pattern.WriteString(regexp.QuoteMeta(template[last:at[0]]))
		if given, ok := params[template[at[2]:at[3]]]; ok {
			pattern.WriteString(regexp.QuoteMeta(given))
		} else {
			pattern.WriteString(`[^\n]+`)
		}
		last = at[1]
	}
	pattern.WriteString(regexp.QuoteMeta(template[last:]))
	return regexp.MustCompile("^" + pattern.String() + "$")
}

// eaExpected is answer's value, a {"text": key} read as that runtime text.
func eaExpected(t *testing.T, value any, locale string) any {
	if object, ok := value.(map[string]any); ok {
		if key, ok := object["text"].(string); ok && len(object) == 1 {
			return runtimeTexts[locale][key]
		}
		out := map[string]any{}
		for name, item := range object {
			out[name] = eaExpected(t, item, locale)
		}
		return out
	}
	return value
}

func TestErrorAnswersShared(t *testing.T) {
	servers := map[string]http.Handler{}
	seen := map[string]bool{}
	for _, c := range eaCases(t) {
		if c.Name == "" || seen[c.Name] {
			t.Fatalf("a case has no name, or one another case has: %q", c.Name)
		}
		seen[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			raises, _ := json.Marshal([]any{c.Raises, c.Waits})
			server, ok := servers[string(raises)]
			if !ok {
				server = eaServer(t, c.Raises, c.Waits)
				servers[string(raises)] = server
			}
			var body io.Reader = http.NoBody
			if len(c.Body) > 0 {
				body = bytes.NewReader(jbBody(t, c.Body))
			}
			request := httptest.NewRequest(c.Method, c.Path, body)
			for name, value := range c.Headers {
				request.Header.Set(name, value)
			}
			recorder := httptest.NewRecorder()
			server.ServeHTTP(recorder, request)
			answer := recorder.Result()
			raw, _ := io.ReadAll(answer.Body)
			where := c.Name + ": " + answer.Status + " " + string(raw[:min(len(raw), 300)])
			if answer.StatusCode != c.Status {
				t.Fatalf("%s: status %d, the case says %d", where, answer.StatusCode, c.Status)
			}
			if !strings.HasPrefix(answer.Header.Get("Content-Type"), "application/json") {
				t.Fatalf("%s: Content-Type %q", where, answer.Header.Get("Content-Type"))
			}
			var got map[string]any
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatalf("%s: not a JSON object: %v", where, err)
			}
			message, _ := got["message"].(string)
			delete(got, "message")
			locale := c.Locale
			if locale == "" {
				locale = DefaultLocale
			}
			matched := c.Message != nil && message == *c.Message
			if c.Message == nil {
				matched = eaPattern(t, locale, c.Text, c.Params).MatchString(message)
			}
			if !matched {
				t.Errorf("%s: the message %q is not the case's", where, message)
			}
			for _, text := range c.Mentions {
				if !strings.Contains(message, text) {
					t.Errorf("%s: the message does not mention %q", where, text)
				}
			}
			if want := eaExpected(t, c.Answer, locale); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: the answer without its message is %v, the case says %v", where, got, want)
			}
			for _, text := range c.Never {
				if bytes.Contains(raw, []byte(text)) {
					t.Errorf("%s: the answer holds %q", where, text)
				}
			}
			for name, value := range c.AnswerHeaders {
				if answer.Header.Get(name) != value {
					t.Errorf("%s: header %s is %q, the case says %q", where, name, answer.Header.Get(name), value)
				}
			}
		})
	}
}
