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

// The rows decided once for the Python, TypeScript and Go examples: each one's tests hold them, and
// scaffold's tests send them to the three served side by side.
const notANumber = "Query A: filters: the column holds numbers, the value is not one: write a finite decimal such as 42, -0.5 or 1e2"

// servers answers a table query of the servers table with one filter column >= value: the host
// names, in order. value is JSON text (1e309 is no float64).
func servers(t *testing.T, column, value string, variables contract.Variables) ([]string, error) {
	t.Helper()
	group := `{"column": "` + column + `", "operator": ">=", "value": ` + value + `}`
	spec := `{"table": "servers", "format": "table", "groupBy": "hostname", "filters": [` + group + `]}`
	request := queries(contract.DataQuery{RefID: contract.Some("A"), JSON: contract.Some(spec)})
	request.Variables = variables
	answer, err := result(t, newExample(t, nil), request)
	if err != nil {
		return nil, err
	}
	hosts := []string{}
	for _, row := range answer.Frames[0].Fields[0].Values {
		hosts = append(hosts, row["hostname"].(string))
	}
	return hosts, nil
}

func TestAFilterNumberIsAFiniteDecimalInJSONNumberSyntax(t *testing.T) {
	for _, value := range []string{`"1e1"`, `"10"`, `"16.0"`, `1e1`, `10`} {
		hosts, err := servers(t, "cores", value, nil)
		if err != nil {
			t.Fatalf("%s: %v", value, err)
		}
		same(t, value, hosts, []string{"db-01"})
	}
	for _, value := range []string{`"NaN"`, `"Infinity"`, `"1e309"`, `"1_000"`, `"0x10"`, `" 1"`, `"+1"`, `1e309`} {
		_, err := servers(t, "cores", value, nil)
		same(t, value, rejection(t, err).Message, notANumber)
	}
	list := contract.Variables{"n": contract.VariableValueFromArray([]string{"16", "0x8"})}
	_, err := servers(t, "cores", `"$n"`, list)
	same(t, "list", rejection(t, err).Message, notANumber)
	_, err = servers(t, "hostname", `5`, nil)
	same(t, "a number for a text column", rejection(t, err).Message, "Query A: value must be a string")
	_, err = servers(t, "cores", `NaN`, nil)
	same(t, "NaN, no JSON", rejection(t, err).Message, "Query A: json is not valid JSON")
}

func TestAVariableNamedAsAnObjectPropertyIsANameLikeAnyOther(t *testing.T) {
	for _, name := range []string{"$__proto__", "${constructor}", "$toString", "$nope"} {
		_, err := servers(t, "hostname", `"`+name+`"`, nil)
		same(t, name, rejection(t, err).Message, "Query A: filters: the value names a variable that the request does not define")
		defined := contract.Variables{strings.Trim(name, "${}"): contract.VariableValueFromString("db-02")}
		hosts, err := servers(t, "hostname", `"`+name+`"`, defined)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		same(t, name, hosts, []string{"db-02", "db-03"})
	}
	// a name is a letter or _ and then letters, digits or _: "$1" is literal text, which every host
	// name follows (>=); the variable "1" would be db-02
	hosts, err := servers(t, "hostname", `"$1"`, contract.Variables{"1": contract.VariableValueFromString("db-02")})
	if err != nil {
		t.Fatal(err)
	}
	same(t, "$1", hosts, []string{"db-01", "db-02", "db-03"})
}

func TestTheFieldsTheFormsMarkRequiredAreRequired(t *testing.T) {
	ex := newExample(t, nil)
	for _, spec := range []string{`{}`, `{"table": ""}`, `{"format": "table"}`} {
		_, err := result(t, ex, queries(contract.DataQuery{RefID: contract.Some("A"), JSON: contract.Some(spec)}))
		refused := rejection(t, err)
		same(t, spec, refused.Message, "Query A: table is required")
		same(t, spec, refused.ValidationErrors, map[string]string{"A": "table is required"})
	}
	for spec, field := range map[string]string{`{"column": "hostname"}`: "table", `{"table": "servers"}`: "column"} {
		_, err := ex.VariableValues(context.Background(), english, &contract.VariablesRequest{JSON: contract.Some(spec)})
		same(t, spec, rejection(t, err).Message, "Variable query: "+field+" is required")
	}
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

func TestOverHTTPAVariableNamedProtoIsTheRequests(t *testing.T) {
	spec := `{\"table\": \"servers\", \"format\": \"table\", \"groupBy\": \"hostname\", \"filters\": [{\"column\": \"hostname\", \"value\": \"$__proto__\"}]}`
	response := overHTTP(t)("/query/get-result", `{"dataQuery": [{"refID": "A", "json": "`+spec+`"}], "variables": {"__proto__": ["db-01", "db-03"]}}`)
	var answer struct {
		Frames []struct {
			Fields []struct{ Values []map[string]any }
		}
	}
	decode(t, response, &answer)
	if response.StatusCode != 200 || len(answer.Frames) != 1 || len(answer.Frames[0].Fields) != 1 {
		t.Fatalf("%d %+v", response.StatusCode, answer)
	}
	hosts := []any{}
	for _, row := range answer.Frames[0].Fields[0].Values {
		hosts = append(hosts, row["hostname"])
	}
	same(t, "hosts", hosts, []any{"db-01", "db-03"})
}

func TestOverHTTPTheDefaultFormAnswersWithData(t *testing.T) {
	end := time.Now().Unix()
	body, _ := json.Marshal(map[string]any{"dataQuery": []any{map[string]any{
		"refID": "A", "json": `{"table": "cpu_metrics"}`, "timeRange": map[string]any{"from": end - 3600, "to": end},
	}}})
	var answer struct {
		Frames []struct{ Fields []struct{ Values []any } }
	}
	decode(t, overHTTP(t)("/query/get-result", string(body)), &answer)
	if len(answer.Frames) != 1 || len(answer.Frames[0].Fields) == 0 || len(answer.Frames[0].Fields[0].Values) <= 50 {
		t.Errorf("answer %+v", answer)
	}
}
