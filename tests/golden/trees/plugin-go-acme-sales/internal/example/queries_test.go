// Query results and variable values of the example, directly and over HTTP.
package example_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"acme-sales/internal/app"
	"acme-sales/internal/contract"
	"acme-sales/internal/example"
	"acme-sales/internal/settings"
)

func result(t *testing.T, ex *example.Example, request *contract.QueryDataRequest) (*contract.QueryDataResponse, error) {
	t.Helper()
	return ex.QueryResult(context.Background(), english, request)
}

func queries(items ...contract.DataQuery) *contract.QueryDataRequest {
	return &contract.QueryDataRequest{DataQuery: items}
}

func TestATimeSeriesIsOneSeriesPerHostInTheTimestampContract(t *testing.T) {
	answer, err := result(t, newExample(t, nil), queries(query(t, map[string]any{"valueColumns": []string{"usage"}, "groupBy": "host"})))
	if err != nil {
		t.Fatal(err)
	}
	fields := answer.Frames[0].Fields
	described := []string{}
	for _, f := range fields {
		described = append(described, f.Name.Value+"|"+f.Labels.Value+"|"+f.RefID.Value)
	}
	same(t, "fields", described, []string{"usage db-01|host=db-01|A", "usage db-02|host=db-02|A", "usage db-03|host=db-03|A"})
	values := fields[0].Values
	if len(values) != 60 {
		t.Fatalf("%d values, want 60", len(values))
	}
	if _, ok := values[0]["1767222000"].(string); !ok || len(values[0]) != 1 {
		t.Errorf("first value %v", values[0])
	}
}

func TestMaxDataPointsAveragesIntoBuckets(t *testing.T) {
	q := query(t, map[string]any{"valueColumns": "usage,iowait"})
	q.MaxDataPoints = contract.Some(int64(6))
	answer, err := result(t, newExample(t, nil), queries(q))
	if err != nil {
		t.Fatal(err)
	}
	frame := answer.Frames[0]
	counts := map[string]int{}
	for _, f := range frame.Fields {
		counts[f.Name.Value] = len(f.Values)
	}
	same(t, "points", counts, map[string]int{"usage": 6, "iowait": 6})
	same(t, "meta", frame.Meta.Value, `{"bucketSeconds":600}`)
}

func TestATableIsTheRegularContractFilteredByAVariable(t *testing.T) {
	request := queries(query(t, map[string]any{
		"table": "servers", "format": "table", "groupBy": "hostname", "valueColumns": []string{"cores"},
		"filters": []any{map[string]any{"column": "region", "operator": "=", "value": "$region"}},
	}))
	request.Variables = contract.Variables{"region": contract.VariableValueFromArray([]string{"eu-west"})}
	answer, err := result(t, newExample(t, nil), request)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "rows", answer.Frames[0].Fields[0].Values, []map[string]any{
		{"hostname": "db-01", "cores": 16.0},
		{"hostname": "db-02", "cores": 8.0},
	})
}

func TestTheFailingQueryIsNamedByRefIDWhenPlainElseByPosition(t *testing.T) {
	_, err := result(t, newExample(t, nil), queries(query(t, map[string]any{"table": "nope"})))
	unknown := rejection(t, err)
	same(t, "message", unknown.Message, "Query A: the table is not in the dataset")
	same(t, "fields", keys(unknown.ValidationErrors), []string{"A"})
	odd := query(t, map[string]any{"table": "servers"})
	odd.RefID = contract.Some("a b")
	_, err = result(t, newExample(t, nil), queries(query(t, map[string]any{}), odd))
	refused := rejection(t, err)
	same(t, "message", refused.Message, "Query #2: the table servers has no time column: choose the table format")
	same(t, "fields", keys(refused.ValidationErrors), []string{"dataQuery.1"})
}

func TestAResultLargerThanMaxResultBytesIsStopped(t *testing.T) {
	small := newExample(t, map[string]string{"PLUGIN_MAX_RESULT_BYTES": "65536"})
	q := query(t, map[string]any{"format": "table"})
	q.TimeRange = contract.Some(contract.TimeRange{From: contract.Some(int64(now - 86_400)), To: contract.Some(int64(now))})
	_, err := result(t, small, queries(q))
	if message := rejection(t, err).Message; !strings.HasPrefix(message, "Query A: the result is larger than 65536 bytes") {
		t.Errorf("message %q", message)
	}
}

func TestWorkPastTheDeadlineIsStoppedAndAWrongSettingRefused(t *testing.T) {
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Millisecond))
	defer cancel()
	late := example.NewLimits(ctx, 10, 1e9)
	var err error
	for i := 0; i < 1000 && err == nil; i++ {
		err = late.Spend(1)
	}
	if failed, ok := err.(*example.QueryError); !ok || failed.Key != "timeout" {
		t.Errorf("error %v, want the timeout QueryError", err)
	}
	env := map[string]string{"PLUGIN_QUERY_SECONDS": "30"}
	if s, err := settings.Load(func(name string) string { return env[name] }); err != nil || s.QuerySeconds != 30 {
		t.Errorf("settings %+v, %v", s, err)
	}
	env["PLUGIN_QUERY_SECONDS"] = "0"
	if _, err := settings.Load(func(name string) string { return env[name] }); err == nil {
		t.Error("PLUGIN_QUERY_SECONDS=0 was accepted")
	}
}

func TestVariableValuesAreDistinctColumnValuesFilteredOrTheTableNames(t *testing.T) {
	ex := newExample(t, nil)
	values := func(spec string) ([]string, error) {
		t.Helper()
		options, err := ex.VariableValues(context.Background(), english, &contract.VariablesRequest{JSON: contract.Some(spec)})
		found := []string{}
		for _, o := range options {
			if o.Label != o.Value {
				t.Errorf("label %v, value %v", o.Label, o.Value)
			}
			found = append(found, o.Value.Value)
		}
		return found, err
	}
	hosts, err := values(`{"table": "cpu_metrics", "column": "host"}`)
	same(t, "hosts", hosts, []string{"db-01", "db-02", "db-03"})
	north, _ := values(`{"table": "servers", "column": "hostname", "filters": [{"column": "region", "operator": "=", "value": "eu-north"}]}`)
	same(t, "north", north, []string{"db-03"})
	tables, _ := values(`{"source": "tables"}`)
	same(t, "tables", tables, []string{"cpu_metrics", "servers"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = values(`[1]`)
	same(t, "broken", keys(rejection(t, err).ValidationErrors), []string{"json"})
}

// overHTTP is the whole plugin, as cmd/ serves it, and a poster of JSON bodies in English. Every
// answer is held against the spec (contract.CheckAnswers); the test fails at its end if one is not.
func overHTTP(t *testing.T) func(path, body string) *http.Response {
	t.Setenv(example.AccessKeyEnv, "") // whatever the shell says: no key
	env := map[string]string{"PLUGIN_STATE_DIR": t.TempDir()}
	s, err := settings.Load(func(name string) string { return env[name] })
	if err != nil {
		t.Fatal(err)
	}
	plugin, err := app.New(s, slog.New(slog.NewTextHandler(io.Discard, nil)), nil)
	if err != nil {
		t.Fatal(err)
	}
	handler, answers := contract.CheckAnswers(plugin)
	t.Cleanup(func() {
		for _, problem := range answers.Take() {
			t.Errorf("an answer is not as the contract documents it: %s", problem)
		}
	})
	return func(path, body string) *http.Response {
		request := httptest.NewRequest(http.MethodPost, "/api/v1"+path, strings.NewReader(body))
		request.Header.Set("Content-Type", "application/json")
		request.Header.Set("Accept-Language", "en-US")
		recorder := httptest.NewRecorder()
		handler.ServeHTTP(recorder, request)
		return recorder.Result()
	}
}

func decode(t *testing.T, response *http.Response, into any) {
	t.Helper()
	if err := json.NewDecoder(response.Body).Decode(into); err != nil {
		t.Fatalf("the answer is not JSON: %v", err)
	}
}

func TestOverHTTPTheAccessKeyIsReturnedEncryptedAndAcceptedSo(t *testing.T) {
	post := overHTTP(t)
	body := `{"fields": [{"code": "dataset", "value": "sample", "type": "text"}, {"code": "accessKey", "value": "not-a-real-key", "type": "password"}]}`
	var first struct {
		Status           bool
		DatasourceConfig json.RawMessage
	}
	decode(t, post("/datasource/health-check", body), &first)
	if !first.Status || !strings.Contains(string(first.DatasourceConfig), `"value":"enc:v1:`) {
		t.Fatalf("first answer: %v %s", first.Status, first.DatasourceConfig)
	}
	var again struct{ Status bool }
	decode(t, post("/datasource/health-check", string(first.DatasourceConfig)), &again)
	if !again.Status {
		t.Error("the encrypted key was not accepted")
	}
}

func TestOverHTTPAQueryItCannotServeIs422WithValidationErrors(t *testing.T) {
	response := overHTTP(t)("/query/get-result", `{"dataQuery": [{"refID": "A", "json": "{\"table\": \"nope\"}"}]}`)
	var answer struct {
		Error            bool
		ValidationErrors map[string]string
	}
	decode(t, response, &answer)
	if response.StatusCode != 422 || !answer.Error || answer.ValidationErrors["A"] == "" {
		t.Errorf("%d %+v", response.StatusCode, answer)
	}
}

func TestOverHTTPTheDefaultFormAnswersWithData(t *testing.T) {
	end := time.Now().Unix()
	body, _ := json.Marshal(map[string]any{"dataQuery": []any{map[string]any{
		"refID": "A", "json": "{}", "timeRange": map[string]any{"from": end - 3600, "to": end},
	}}})
	var answer struct {
		Frames []struct{ Fields []struct{ Values []any } }
	}
	decode(t, overHTTP(t)("/query/get-result", string(body)), &answer)
	if len(answer.Frames) != 1 || len(answer.Frames[0].Fields) == 0 || len(answer.Frames[0].Fields[0].Values) <= 50 {
		t.Errorf("answer %+v", answer)
	}
}
