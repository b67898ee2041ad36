// The example data source (internal/example): every operation answers with data from the sample
// dataset, the forms follow the constructor flow (triggers, the filters array group), and the
// limits hold. The same cases as the TypeScript example's tests; delete them with the package.
package example_test

import (
	"encoding/json"
	"errors"
	"io/fs"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"acme-sales/internal/contract"
	"acme-sales/internal/datasource"
	"acme-sales/internal/example"
	"acme-sales/internal/settings"
)

const now = 1_767_225_600 // 2026-01-01T00:00:00Z: the sample spans the week before and after

var (
	hour    = contract.Some(contract.TimeRange{From: contract.Some(int64(now - 3600)), To: contract.Some(int64(now - 1))})
	english = contract.RequestContext{Locale: "en-US", OperationID: "test", BaseURL: "http://localhost/api/v1", RequestID: "test"}
)

func catalog(t *testing.T) *contract.Catalog {
	t.Helper()
	locales, err := fs.Sub(datasource.Locales, "locales")
	if err != nil {
		t.Fatal(err)
	}
	found, err := contract.LoadCatalogFS(locales, "internal/datasource/locales")
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// newExample is the example with env as its whole environment, its window around now.
func newExample(t *testing.T, env map[string]string) *example.Example {
	t.Helper()
	getenv := func(name string) string { return env[name] }
	s, err := settings.Load(getenv)
	if err != nil {
		t.Fatal(err)
	}
	return example.New(example.Options{
		Name: "example", Version: "0.1.0", Catalog: catalog(t),
		QuerySeconds: s.QuerySeconds, MaxResultBytes: s.MaxResultBytes,
		Getenv: getenv, Now: time.Unix(now, 0),
	})
}

func field(code, value string) contract.DatasourceField {
	return contract.DatasourceField{Code: code, Value: contract.Some(value)}
}

func config(fields ...contract.DatasourceField) *contract.DatasourceConfig {
	return &contract.DatasourceConfig{Fields: fields}
}

func plugin(fields ...contract.DatasourceField) contract.Opt[contract.PluginContext] {
	return contract.Some(contract.PluginContext{DataSourceInstanceSettings: contract.Some(contract.DatasourceConfig{Fields: fields})})
}

// sent is a constructor filter of key, value pairs.
func sent(pairs ...string) contract.Opt[contract.ConstructorFilter] {
	filter := contract.ConstructorFilter{}
	for i := 0; i+1 < len(pairs); i += 2 {
		filter.Fields = append(filter.Fields, contract.ConstructorFilterField{Key: contract.Some(pairs[i]), Value: contract.Some(pairs[i+1])})
	}
	return contract.Some(filter)
}

func grouped(index int32, key, value string) contract.ConstructorFilterField {
	return contract.ConstructorFilterField{Key: contract.Some(key), ArrayIndex: contract.Some(index), Value: contract.Some(value)}
}

func codes(fields []contract.ConstructorField) []string {
	found := []string{}
	for _, f := range fields {
		found = append(found, f.Code)
	}
	return found
}

func byCode(t *testing.T, fields []contract.ConstructorField, code string) contract.ConstructorField {
	t.Helper()
	for _, f := range fields {
		if f.Code == code {
			return f
		}
	}
	t.Fatalf("no field %s in %v", code, codes(fields))
	return contract.ConstructorField{}
}

// query is a query of spec's fields, on the query form's default table unless spec names one.
func query(t *testing.T, spec map[string]any) contract.DataQuery {
	t.Helper()
	withTable := map[string]any{"table": "cpu_metrics"}
	for key, value := range spec {
		withTable[key] = value
	}
	text, err := json.Marshal(withTable)
	if err != nil {
		t.Fatal(err)
	}
	return contract.DataQuery{RefID: contract.Some("A"), JSON: contract.Some(string(text)), TimeRange: hour}
}

// rejection is err as the PluginError it must be.
func rejection(t *testing.T, err error) *contract.PluginError {
	t.Helper()
	var found *contract.PluginError
	if !errors.As(err, &found) {
		t.Fatalf("not a PluginError: %v", err)
	}
	return found
}

func keys(m map[string]string) []string {
	found := []string{}
	for key := range m {
		found = append(found, key)
	}
	sort.Strings(found)
	return found
}

func same(t *testing.T, label string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: got %v, want %v", label, got, want)
	}
}

func TestTheSampleSpansTheWeekBeforeAndAfterTheDayThePluginStarted(t *testing.T) {
	first, last := example.SampleWindow(now + 5000)
	same(t, "window", []int64{first, last}, []int64{now - 7*86_400, now + 7*86_400 - 60})
}

func TestTheHealthCheckAcceptsTheDefaultsAndNamesTheTables(t *testing.T) {
	answer, err := newExample(t, nil).CheckHealth(english, config(field("dataset", "sample")))
	if err != nil || answer.Error.Value || !answer.Status.Value {
		t.Fatalf("answer %+v, error %v", answer, err)
	}
	same(t, "message", answer.Message.Value, "The sample dataset answers: 2 tables")
	saved := []string{}
	for _, f := range answer.DatasourceConfig.Value.Fields {
		saved = append(saved, f.Code+"="+f.Value.Value)
	}
	same(t, "saved", saved, []string{"dataset=sample", "rowLimit=10000"})
}

func TestTheHealthCheckNamesEveryInvalidFieldWith422(t *testing.T) {
	_, err := newExample(t, nil).CheckHealth(english, config(field("dataset", "Not A Name"), field("rowLimit", "0")))
	refused := rejection(t, err)
	same(t, "status", refused.Status, 422)
	same(t, "fields", keys(refused.ValidationErrors), []string{"dataset", "rowLimit"})
	_, err = newExample(t, nil).CheckHealth(english, config(field("dataset", " ")))
	same(t, "empty", rejection(t, err).ValidationErrors, map[string]string{"dataset": "The field is required and must not be empty"})
}

func TestTheHealthCheckAnswers400ForTooFewEntries(t *testing.T) {
	_, err := newExample(t, nil).CheckHealth(english, config())
	refused := rejection(t, err)
	same(t, "status", refused.Status, 400)
	same(t, "names the field", strings.Contains(refused.Message, "dataset"), true)
	same(t, "no validationErrors", len(refused.ValidationErrors), 0)
}

func TestTheHealthCheckIsFalseForAnUnknownDatasetOrAWrongKey(t *testing.T) {
	other, err := newExample(t, nil).CheckHealth(english, config(field("dataset", "other")))
	if err != nil || !other.Error.Value || other.Status.Value {
		t.Errorf("other dataset: %+v, %v", other, err)
	}
	guarded := newExample(t, map[string]string{"EXAMPLE_ACCESS_KEY": "k1"})
	wrong := []contract.DatasourceField{field("dataset", "sample"), field("accessKey", "wrong")}
	if answer, err := guarded.CheckHealth(english, config(wrong...)); err != nil || answer.Status.Value {
		t.Errorf("wrong key: %+v, %v", answer, err)
	}
	_, err = guarded.QueryFields(english, &contract.ConstructorRequest{PluginContext: plugin(wrong...)})
	same(t, "refused", keys(rejection(t, err).ValidationErrors), []string{"accessKey"})
	if answer, err := guarded.CheckHealth(english, config(wrong[0], field("accessKey", "k1"))); err != nil || !answer.Status.Value {
		t.Errorf("right key: %+v, %v", answer, err)
	}
}

func TestTheDataSourceFormHasItsDefaultsAndASavedFormItsValues(t *testing.T) {
	ex := newExample(t, nil)
	fields := ex.DatasourceFields(english, &contract.DataSourceConstructorRequest{})
	same(t, "codes", codes(fields), []string{"dataset", "accessKey", "rowLimit"})
	same(t, "accessKey", byCode(t, fields, "accessKey").Type.Value, contract.ConstructorFieldTypePassword)
	saved := ex.DatasourceFields(english, &contract.DataSourceConstructorRequest{Filter: sent("rowLimit", "50")})
	same(t, "rowLimit", byCode(t, saved, "rowLimit").Value.Value, "50")
}

func TestTheQueryFormFollowsItsTriggers(t *testing.T) {
	ex := newExample(t, nil)
	first, err := ex.QueryFields(english, &contract.ConstructorRequest{PluginContext: plugin()})
	if err != nil {
		t.Fatal(err)
	}
	same(t, "codes", codes(first), []string{"queryType", "table", "format", "timeColumn", "valueColumns", "groupBy", "filters"})
	triggers := []string{}
	for _, f := range first {
		if f.IsTrigger.Value {
			triggers = append(triggers, f.Code)
		}
	}
	same(t, "triggers", triggers, []string{"queryType", "table"})
	jsonMode, _ := ex.QueryFields(english, &contract.ConstructorRequest{Filter: sent("queryType", "json")})
	same(t, "json mode", codes(jsonMode), []string{"queryType"})
	servers, _ := ex.QueryFields(english, &contract.ConstructorRequest{Filter: sent("table", "servers")})
	same(t, "timeColumn", byCode(t, servers, "timeColumn").Value, contract.Some(""))
	numbers := []string{}
	for _, o := range byCode(t, servers, "valueColumns").Props.Value.Options {
		numbers = append(numbers, o.Value.Value)
	}
	same(t, "valueColumns", numbers, []string{"cores", "memory_gb"})
}

// nested is code, arrayIndex (-1: none) and value of each field of an array field's group.
func nested(array contract.ConstructorField) []string {
	found := []string{}
	for _, f := range array.Props.Value.Fields {
		index := "-"
		if f.ArrayIndex.Set {
			index = string(rune('0' + f.ArrayIndex.Value))
		}
		found = append(found, f.Code+" "+index+" "+f.Value.Value)
	}
	return found
}

func TestTheFiltersGroupIsATemplateWithoutGroupsAndEachSentGroupByIndex(t *testing.T) {
	ex := newExample(t, nil)
	fields, _ := ex.QueryFields(english, &contract.ConstructorRequest{PluginContext: plugin()})
	template := byCode(t, fields, "filters")
	same(t, "type", template.Type.Value, contract.ConstructorFieldTypeArray)
	same(t, "template", nested(template), []string{"column - host", "operator - =", "value - "})
	groups := contract.ConstructorFilter{Fields: []contract.ConstructorFilterField{
		grouped(0, "column", "host"), grouped(0, "value", "db-01"),
		grouped(1, "column", "usage"), grouped(1, "operator", ">"), grouped(1, "value", "50"),
	}}
	fields, _ = ex.QueryFields(english, &contract.ConstructorRequest{Filter: contract.Some(groups)})
	same(t, "groups", nested(byCode(t, fields, "filters")), []string{
		"column 0 host", "operator 0 =", "value 0 db-01", "column 1 usage", "operator 1 >", "value 1 50",
	})
}

func TestTheVariableFormFollowsItsTrigger(t *testing.T) {
	ex := newExample(t, nil)
	fields, _ := ex.VariableFields(english, &contract.ConstructorRequest{PluginContext: plugin()})
	same(t, "codes", codes(fields), []string{"source", "table", "column", "filters"})
	tables, _ := ex.VariableFields(english, &contract.ConstructorRequest{Filter: sent("source", "tables")})
	same(t, "tables", codes(tables), []string{"source"})
}
