// The strictness cases of the Python and TypeScript plugins' tests, twin for twin (yours: extend
// them as your forms grow). A body that breaks the spec's schema is 400 in the operation's error
// shape, nothing coerced; a body the schema allows is never refused for its form. They serve
// contract.Stub (newGlue), so they hold whatever your data source needs.
package datasource_test

import (
	"net/http"
	"sort"
	"strings"
	"testing"

	"acme-sales/internal/contract"
)

var pluginContext = map[string]any{"orgID": 1, "pluginID": "acme", "dataSourceInstanceSettings": map[string]any{"fields": []any{}}}

func with(base map[string]any, key string, value any) map[string]any {
	copied := map[string]any{}
	for k, v := range base {
		copied[k] = v
	}
	copied[key] = value
	return copied
}

// A query and a variable query as a data source's forms might fill them (contract.Stub, which
// these tests serve, ignores json).
const (
	series = `{"table": "cpu_metrics"}`
	tables = `{"source": "tables"}`
)

func query(fields map[string]any) map[string]any {
	item := map[string]any{"refID": "A", "json": series}
	for k, v := range fields {
		item[k] = v
	}
	return map[string]any{"pluginContext": pluginContext, "dataQuery": []any{item}}
}

func filter(fields ...any) map[string]any {
	return map[string]any{"pluginContext": pluginContext, "filter": map[string]any{"fields": fields}}
}

func TestABodyBreakingTheSchemaIs400WithoutCoercion(t *testing.T) {
	plugin := newGlue(t)
	cases := []struct {
		label, path string
		body        any
	}{
		{"null context, filter and variables", "/datasource/constructor-fields", map[string]any{"pluginContext": nil, "filter": nil, "variables": nil}},
		{"fields[].value null", "/datasource/health-check", map[string]any{"fields": []any{map[string]any{"code": "db", "value": nil}}}},
		{"fields[].required 'true'", "/datasource/health-check", map[string]any{"fields": []any{map[string]any{"code": "db", "value": "x", "required": "true"}}}},
		{"fields[].max '5'", "/datasource/health-check", map[string]any{"fields": []any{map[string]any{"code": "db", "max": "5"}}}},
		{"timeRange.from null", "/query/get-result", query(map[string]any{"timeRange": map[string]any{"from": nil, "to": 5}})},
		{"timeRange.to '5'", "/query/get-result", query(map[string]any{"timeRange": map[string]any{"to": "5"}})},
		{"maxDataPoints 1.5", "/query/get-result", query(map[string]any{"maxDataPoints": 1.5})},
		{"refID null", "/query/get-result", query(map[string]any{"refID": nil})},
		{"dataQuery[] null", "/query/get-result", map[string]any{"dataQuery": []any{nil}}},
		{"filter.fields[].key null", "/query/constructor-fields", filter(map[string]any{"key": nil, "value": "x"})},
		{"filter.fields[].arrayIndex '0'", "/query/constructor-fields", filter(map[string]any{"key": "table", "arrayIndex": "0", "value": "x"})},
		{"orgID '1'", "/variable/constructor-fields", map[string]any{"pluginContext": with(pluginContext, "orgID", "1")}},
		{"orgID true", "/variable/values", map[string]any{"pluginContext": with(pluginContext, "orgID", true)}},
		{"pluginContext null", "/variable/values", map[string]any{"pluginContext": nil, "json": "{}"}},
		{"variables value null", "/variable/values", map[string]any{"json": "{}", "variables": map[string]any{"host": nil}}},
		{"variables value number", "/query/get-result", with(query(nil), "variables", map[string]any{"host": 1})},
		{"dataSourceInstanceSettings null", "/query/constructor-fields", map[string]any{"pluginContext": with(pluginContext, "dataSourceInstanceSettings", nil)}},
	}
	for _, c := range cases {
		t.Run(c.label, func(t *testing.T) {
			response := post(t, plugin, c.path, c.body, "en-US")
			if response.StatusCode != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", response.StatusCode)
			}
			answer := object(t, response)
			if answer["error"] != true || !strings.HasPrefix(answer["message"].(string), "Request format is wrong: ") {
				t.Fatalf("answer %v", answer)
			}
			switch c.path {
			case "/datasource/health-check":
				if answer["status"] != false {
					t.Fatalf("status %v, want false", answer["status"])
				}
			case "/query/get-result":
				if answer["status"] != float64(400) {
					t.Fatalf("status %v, want 400", answer["status"])
				}
			default:
				keys := []string{}
				for key := range answer {
					keys = append(keys, key)
				}
				sort.Strings(keys)
				if strings.Join(keys, ",") != "error,message" {
					t.Fatalf("keys %v", keys)
				}
			}
		})
	}
}

func TestNullIsNamedAsNullInEveryLanguage(t *testing.T) {
	plugin := newGlue(t)
	body := map[string]any{"pluginContext": nil, "filter": nil, "variables": nil}
	for language, expected := range map[string]string{"ru-RU": "null не допускается", "en-US": "null is not allowed"} {
		message := object(t, post(t, plugin, "/datasource/constructor-fields", body, language))["message"].(string)
		if !strings.Contains(message, expected) {
			t.Errorf("%s: %q does not say %q", language, message, expected)
		}
	}
}

func TestABodyMayLeaveEveryOptionalFieldOut(t *testing.T) {
	plugin := newGlue(t)
	for _, path := range []string{"/datasource/constructor-fields", "/query/constructor-fields", "/variable/constructor-fields"} {
		if status := post(t, plugin, path, map[string]any{}, "en-US").StatusCode; status != http.StatusOK {
			t.Errorf("%s: status %d", path, status)
		}
	}
}

func TestAWholeNumberMayBeWrittenAsAFloat(t *testing.T) {
	// JSON Schema counts 5.0 as an integer
	plugin := newGlue(t)
	body := `{"pluginContext": {"orgID": 926904911639.0}}`
	if status := call(t, plugin, http.MethodPost, "/query/constructor-fields", body, nil).StatusCode; status != http.StatusOK {
		t.Errorf("orgID 926904911639.0: status %d", status)
	}
	body = `{"dataQuery": [{"refID": "A", "json": "{\"table\": \"cpu_metrics\"}", "maxDataPoints": 10.0}]}`
	if status := call(t, plugin, http.MethodPost, "/query/get-result", body, nil).StatusCode; status != http.StatusOK {
		t.Errorf("maxDataPoints 10.0: status %d", status)
	}
}

func TestKeysSpelledAnotherWayAreUnknownPropertiesIgnored(t *testing.T) {
	plugin := newGlue(t)
	cases := []struct {
		label, path string
		body        any
	}{
		{"fields[].max_file_size", "/variable/constructor-fields", map[string]any{"pluginContext": with(pluginContext, "dataSourceInstanceSettings", map[string]any{"fields": []any{map[string]any{"code": "x", "max_file_size": "x"}}})}},
		{"filter.fields[].array_index", "/query/constructor-fields", filter(map[string]any{"key": "t", "array_index": "0", "value": "v"})},
		{"dataQuery[].max_data_points", "/query/get-result", query(map[string]any{"max_data_points": "many"})},
		{"pluginContext.org_id", "/variable/values", map[string]any{"pluginContext": map[string]any{"pluginID": "a", "org_id": "x"}, "json": tables}},
		{"dataQuery[].REFID (another case)", "/query/get-result", query(map[string]any{"REFID": 5})},
	}
	for _, c := range cases {
		if status := post(t, plugin, c.path, c.body, "en-US").StatusCode; status != http.StatusOK {
			t.Errorf("%s: status %d", c.label, status)
		}
	}
}

func TestAMaxDataPointsTheContractAllowsIsNeverRefused(t *testing.T) {
	plugin := newGlue(t)
	for _, value := range []int{0, -5} {
		if status := post(t, plugin, "/query/get-result", query(map[string]any{"maxDataPoints": value}), "en-US").StatusCode; status != http.StatusOK {
			t.Errorf("maxDataPoints %d: status %d", value, status)
		}
	}
}

func TestAPluginErrorIsA422UnlessItSaysOtherwise(t *testing.T) {
	if err := contract.NewPluginError("no"); err.Status != 422 {
		t.Errorf("status %d", err.Status)
	}
}

func TestInt64AtItsEdgesIsDecidedByTheLiteral(t *testing.T) {
	plugin := newGlue(t)
	raw := func(orgID string) int {
		return call(t, plugin, http.MethodPost, "/variable/values", `{"pluginContext": {"orgID": `+orgID+`}, "json": "{\"source\": \"tables\"}"}`, nil).StatusCode
	}
	for _, orgID := range []string{"9223372036854775807", "-9223372036854775808", "9223372036854775296"} {
		if status := raw(orgID); status != http.StatusOK {
			t.Errorf("%s: status %d, want 200", orgID, status)
		}
	}
	for _, orgID := range []string{"9223372036854775808", "-9223372036854775809", "1e19"} {
		if status := raw(orgID); status != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", orgID, status)
		}
	}
}

func TestADuplicateKeyIsRefused(t *testing.T) {
	// encoding/json takes the last of two equal keys; the contract's reader refuses the body
	plugin := newGlue(t)
	body := `{"dataQuery": [{"refID": "A", "refID": "B"}]}`
	if status := call(t, plugin, http.MethodPost, "/query/get-result", body, nil).StatusCode; status != http.StatusBadRequest {
		t.Errorf("status %d, want 400", status)
	}
}

func TestNonJSONLiteralsAreRefused(t *testing.T) {
	plugin := newGlue(t)
	for _, literal := range []string{"NaN", "Infinity", "-Infinity"} {
		body := `{"dataQuery": [{"refID": "A", "maxDataPoints": ` + literal + `}]}`
		if status := call(t, plugin, http.MethodPost, "/query/get-result", body, nil).StatusCode; status != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", literal, status)
		}
	}
}
