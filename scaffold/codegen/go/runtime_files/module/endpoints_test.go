package module

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

type seriesQuery struct {
	Region string   `json:"region"`
	Limit  int32    `json:"limit,omitempty"`
	Tags   []string `json:"tags,omitempty"`
	From   *string  `json:"from"`
}

type salesAPI struct {
	URL   string `json:"url"`
	Token string `json:"token"`
}

type series struct {
	Points []float64 `json:"points"`
	Region string    `json:"region"`
	Note   *string   `json:"note"`
}

type wrongPayload struct {
	Payload string `json:"payload"`
}

// contextPayload's bare body {"moduleContext": ...} would be read as an envelope without payload.
type contextPayload struct {
	ModuleContext string `json:"moduleContext"`
}

// quiet drops the log lines of the errors these tests cause on purpose.
var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

var errBoom = errors.New("the sales API is down at 10.0.0.7")

// salesServer is a backend with one own endpoint, over a socket.
func salesServer(t *testing.T) *httptest.Server {
	t.Helper()
	endpoints := NewEndpoints()
	Post(endpoints, "/api/v1/series", Route[seriesQuery, salesAPI, series]{
		Errors: []int{409},
		Handle: func(call Call[seriesQuery, salesAPI]) (series, error) {
			switch call.Payload.Region {
			case "taken":
				return series{}, Error{Status: 409, Message: "busy"}
			case "boom":
				return series{}, errBoom
			case "panic":
				panic("a bug")
			}
			note := call.Locale
			if call.ModuleContext != nil {
				note += " " + call.ModuleContext.URL
			}
			return series{Points: []float64{1, 2.5}, Region: call.Payload.Region, Note: &note}, nil
		},
	})
	server, err := New(Options{Endpoints: endpoints, Document: []byte(`{"openapi": "3.1.0", "paths": {}}`), Locales: []string{"ru-RU", "en-US"}, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	test := httptest.NewServer(server)
	t.Cleanup(test.Close)
	return test
}

func post(t *testing.T, server *httptest.Server, body string) (int, map[string]any) {
	t.Helper()
	request, _ := http.NewRequest(http.MethodPost, server.URL+"/api/v1/series", strings.NewReader(body))
	request.Header.Set("Content-Type", "application/json")
	request.Header.Set("Accept-Language", "en-US")
	response, err := server.Client().Do(request)
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	data, _ := io.ReadAll(response.Body)
	var answer map[string]any
	if err := json.Unmarshal(data, &answer); err != nil {
		t.Fatalf("not JSON (%d): %q", response.StatusCode, data)
	}
	return response.StatusCode, answer
}

func TestOwnEndpointReadsEnvelopeAndBarePayload(t *testing.T) {
	server := salesServer(t)
	cases := []struct{ body, note string }{
		{`{"region": "north"}`, "en-US"},
		{`{"payload": {"region": "north"}}`, "en-US"},
		{`{"payload": {"region": "north"}, "moduleContext": {}}`, "en-US"},
		{`{"payload": {"region": "north"}, "moduleContext": {"url": "https://sales", "token": "t0ken"}, "other": 1}`, "en-US https://sales"},
		{`{"region": "north", "limit": 79.0, "from": null}`, "en-US"},
	}
	for _, c := range cases {
		status, answer := post(t, server, c.body)
		if status != http.StatusOK || answer["region"] != "north" || answer["note"] != c.note {
			t.Errorf("%s: %d %v", c.body, status, answer)
		}
	}
}

func TestOwnEndpointIsStrict(t *testing.T) {
	server := salesServer(t)
	cases := []struct{ body, problem string }{
		{`{}`, "the body.region: Field required"},
		{`{"region": 1}`, "the body.region: Input should be a valid string"},
		{`{"region": null}`, "the body.region: Input should not be null"},
		{`{"REGION": "north", "region": "x"}`, Text(TextEndpointExtra, map[string]string{"where": "the body"})},
		{`{"region": "n", "limit": "5"}`, "the body.limit: Input should be a valid integer"},
		{`{"region": "n", "limit": 1.5}`, "the body.limit: Input should be a valid integer"},
		{`{"region": "n", "limit": 4294967296}`, "the body.limit: Input should be a whole number"},
		{`{"region": "n", "tags": ["a", 2]}`, "the body.tags[1]: Input should be a valid string"},
		{`{"payload": {"region": "n", "secret": 1}}`, Text(TextEndpointExtra, map[string]string{"where": "payload"})},
		{`{"payload": {"region": "n"}, "moduleContext": null}`, Text(TextEnvelopeContextNull, nil)},
		{`{"payload": {"region": "n"}, "moduleContext": {"url": "u"}}`, "moduleContext.token: Field required"},
		{`[]`, "the body: Input should be an object"},
	}
	for _, c := range cases {
		status, answer := post(t, server, c.body)
		message, _ := answer["message"].(string)
		if status != http.StatusBadRequest || !strings.HasPrefix(message, Text(TextEndpointMismatch, map[string]string{"problem": ""})) || !strings.Contains(message, c.problem) {
			t.Errorf("%s: %d %q, want %q", c.body, status, message, c.problem)
		}
		if strings.Contains(message, "secret") || strings.Contains(message, "REGION") {
			t.Errorf("%s: the message echoes the body: %q", c.body, message)
		}
	}
}

func TestOwnEndpointErrors(t *testing.T) {
	server := salesServer(t)
	if status, answer := post(t, server, `{"region": "taken"}`); status != 409 || answer["message"] != "busy" || answer["error"] != true {
		t.Errorf("module.Error: %d %v", status, answer)
	}
	for _, region := range []string{"boom", "panic"} {
		status, answer := post(t, server, `{"region": "`+region+`"}`)
		message, _ := answer["message"].(string)
		if status != 500 || !strings.Contains(message, "incident") || strings.Contains(message, "10.0.0.7") {
			t.Errorf("%s: %d %v", region, status, answer)
		}
	}
	if status, _ := post(t, server, strings.Repeat("[", 65)+strings.Repeat("]", 65)); status != http.StatusUnprocessableEntity {
		t.Errorf("too deep: %d", status)
	}
	if status, _ := post(t, server, `{"region": "a", "region": "b"}`); status != http.StatusBadRequest {
		t.Errorf("a key given twice: %d", status)
	}
}

func TestRegistrationMistakesStopTheStart(t *testing.T) {
	handle := func(Call[seriesQuery, salesAPI]) (series, error) { return series{}, nil }
	cases := []struct {
		register func(*Endpoints)
		problem  string
	}{
		{func(e *Endpoints) { Post(e, "api/x", Route[seriesQuery, salesAPI, series]{Handle: handle}) }, "must start with '/'"},
		{func(e *Endpoints) { Post(e, "/api/{id}", Route[seriesQuery, salesAPI, series]{Handle: handle}) }, "no parameters"},
		{func(e *Endpoints) { Post(e, "/healthz", Route[seriesQuery, salesAPI, series]{Handle: handle}) }, "already served"},
		{func(e *Endpoints) { Post(e, "/static/x", Route[seriesQuery, salesAPI, series]{Handle: handle}) }, "already served"},
		{func(e *Endpoints) {
			Post(e, "/a", Route[seriesQuery, salesAPI, series]{Handle: handle})
			Post(e, "/a", Route[seriesQuery, salesAPI, series]{Handle: handle})
		}, "already served"},
		{func(e *Endpoints) {
			Post(e, "/a", Route[wrongPayload, salesAPI, series]{Handle: func(Call[wrongPayload, salesAPI]) (series, error) { return series{}, nil }})
		}, `property named "payload"`},
		{func(e *Endpoints) {
			Post(e, "/a", Route[contextPayload, salesAPI, series]{Handle: func(Call[contextPayload, salesAPI]) (series, error) { return series{}, nil }})
		}, `property named "moduleContext"`},
		{func(e *Endpoints) {
			Post(e, "/a", Route[string, salesAPI, series]{Handle: func(Call[string, salesAPI]) (series, error) { return series{}, nil }})
		}, "must be a struct"},
		{func(e *Endpoints) {
			Post(e, "/a", Route[seriesQuery, salesAPI, series]{Errors: []int{302}, Handle: handle})
		}, "400 to 599"},
		{func(e *Endpoints) { Post(e, "/a", Route[seriesQuery, salesAPI, series]{}) }, "Handle is nil"},
		{func(e *Endpoints) {
			Post(e, "/a", Route[seriesQuery, salesAPI, chan int]{Handle: func(Call[seriesQuery, salesAPI]) (chan int, error) { return nil, nil }})
		}, "no JSON value"},
	}
	for _, c := range cases {
		endpoints := NewEndpoints()
		c.register(endpoints)
		_, err := New(Options{Endpoints: endpoints, Document: []byte(`{}`)})
		if err == nil || !strings.Contains(err.Error(), c.problem) || !strings.HasPrefix(err.Error(), "module.Post(") {
			t.Errorf("error %v, want one naming the route and %q", err, c.problem)
		}
	}
}

func TestTheDocumentListsOwnEndpoints(t *testing.T) {
	endpoints := NewEndpoints()
	Post(endpoints, "/api/v1/series", Route[seriesQuery, salesAPI, series]{
		Errors: []int{409},
		Handle: func(Call[seriesQuery, salesAPI]) (series, error) { return series{}, nil },
	})
	data, err := endpoints.OpenAPI([]byte(`{"openapi": "3.1.0", "paths": {"/x": {}}, "components": {"schemas": {"DemoStatusError": {"type": "object"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ReadDocument(data)
	if err != nil {
		t.Fatal(err)
	}
	operations := strings.Join(doc.Operations(), " ")
	if !strings.Contains(operations, "POST /api/v1/series") {
		t.Fatalf("operations %s", operations)
	}
	text := string(data)
	for _, want := range []string{`"endpoints.seriesQuery"`, `"endpoints.salesAPI"`, `"endpoints.series"`, `"409"`, `"own_api_v1_series"`, `"maxProperties":0`} {
		if !strings.Contains(text, want) {
			t.Errorf("the document lacks %s", want)
		}
	}
	if strings.Contains(text, "-Output") || strings.Contains(text, "-Input") {
		t.Errorf("a type only read or only written is named as pydantic names it, with no suffix")
	}
	examples := map[string]string{}
	for _, example := range doc.RequestExamples() {
		examples[example.Operation] = string(example.Body)
	}
	if len(examples) != 2 || examples["POST /api/v1/series"] != `{"payload":{"region":"x"}}` || examples["POST "+ModuleSecretsPath] == "" {
		t.Errorf("examples %v", examples)
	}
	good := `{"points": [1], "region": "n", "note": null}`
	if problem := doc.AnswerProblem("POST /api/v1/series", 200, "application/json", []byte(good)); problem != "" {
		t.Errorf("a good answer refused: %s", problem)
	}
	if problem := doc.AnswerProblem("POST /api/v1/series", 200, "application/json", []byte(`{"points": "1", "region": "n", "note": null}`)); problem == "" {
		t.Error("a wrong answer passed")
	}
}

func TestATypeReadAndWrittenIsTwoComponentsAsPydanticNamesThem(t *testing.T) {
	endpoints := NewEndpoints()
	Post(endpoints, "/api/v1/echo", Route[seriesQuery, salesAPI, seriesQuery]{
		Handle: func(call Call[seriesQuery, salesAPI]) (seriesQuery, error) { return call.Payload, nil },
	})
	data, err := endpoints.OpenAPI([]byte(`{"openapi": "3.1.0", "paths": {}, "components": {"schemas": {"DemoStatusError": {"type": "object"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	var document struct {
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &document); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"endpoints.seriesQuery-Input", "endpoints.seriesQuery-Output", "endpoints.salesAPI", "endpoints.SecretToSeal", "endpoints.SealedSecret"} {
		if _, ok := document.Components.Schemas[name]; !ok {
			t.Errorf("no component %s in %v", name, document.Components.Schemas)
		}
	}
	if _, ok := document.Components.Schemas["endpoints.seriesQuery"]; ok {
		t.Errorf("endpoints.seriesQuery is both -Input and -Output, never plain")
	}
}
