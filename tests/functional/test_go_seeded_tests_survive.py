"""A Go plugin's seeded glue tests stay green when the data source does real work (issue 40 point 4).

Found by a Go team's first day: they made the health check require its URL and token, and
`go test ./...` failed 7 tests (15 cases, `strict_test.go:120: orgID ...: status 422`, they assert
200): the glue's strictness tests served the team's data source, so they tested its config checks,
not the routes. They now serve `contract.Stub` (generated with the contract), and the team's own
tests follow the fake-upstream pattern of the README (`fakeUpstream` in helpers_test.go, an
`httptest` server).

Here the `--no-example` starter (tests/built_plugins.py) is copied and its data source replaced by
one a team would write: every method that reads the configuration needs a URL and a token (422
without them) and asks the API at that URL; `yours_test.go` is replaced by the team's tests of it,
written with the seeded pattern. `go vet` and `go test -race ./...` pass, the team's tests see the
requests their data source sent, and no seeded test takes a second.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.built_plugins import built_plugin, copy_project
from tests.go_toolchain import go_environment

pytestmark = pytest.mark.slow

SEEDED_GLUE_TESTS = ("strict_test.go", "contract_test.go", "datasource_test.go", "helpers_test.go")

DATA_SOURCE = """\
// Package datasource: an inventory API's data source, as a team writes it.
package datasource

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"acme-sales/internal/contract"
	"acme-sales/internal/settings"
)

//go:embed locales/*.json
var Locales embed.FS

type DataSource struct {
	settings settings.Settings
	catalog  *contract.Catalog
	client   *http.Client
}

var _ contract.Handler = (*DataSource)(nil)

func New(s settings.Settings, catalog *contract.Catalog) *DataSource {
	return &DataSource{settings: s, catalog: catalog, client: &http.Client{Timeout: 5 * time.Second}}
}

func (d *DataSource) SecretFields() []string { return nil }

// connection is the API's URL and token from the saved form, or a 422 naming what is missing.
func connection(fields []contract.DatasourceField) (string, string, error) {
	values := map[string]string{}
	for _, field := range fields {
		values[field.Code] = field.Value.Or("")
	}
	problems := map[string]string{}
	for _, code := range []string{"url", "token"} {
		if values[code] == "" {
			problems[code] = "required"
		}
	}
	if len(problems) > 0 {
		failure := contract.NewPluginError("the data source needs its url and token")
		failure.ValidationErrors = problems
		return "", "", failure
	}
	return values["url"], values["token"], nil
}

func contextFields(pc contract.Opt[contract.PluginContext]) []contract.DatasourceField {
	return pc.Or(contract.PluginContext{}).DataSourceInstanceSettings.Or(contract.DatasourceConfig{}).Fields
}

// ask GETs path from the API with the token and decodes its JSON answer into into.
func (d *DataSource) ask(ctx context.Context, url, token, path string, into any) error {
	request, err := http.NewRequestWithContext(ctx, http.MethodGet, url+path, nil)
	if err != nil {
		return err
	}
	request.Header.Set("Authorization", "Bearer "+token)
	response, err := d.client.Do(request)
	if err != nil {
		return err
	}
	defer response.Body.Close()
	if response.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %d", path, response.StatusCode)
	}
	return json.NewDecoder(response.Body).Decode(into)
}

func (d *DataSource) GetMetadata(_ context.Context, rc contract.RequestContext) (*contract.PluginMetadata, error) {
	return &contract.PluginMetadata{
		Name:    contract.Some("acme-sales"),
		Title:   contract.Texts(d.catalog, "plugin.title"),
		Version: contract.Some("0.1.0"),
		BaseURL: contract.Some(rc.BaseURL),
	}, nil
}

func (d *DataSource) CheckHealth(ctx context.Context, rc contract.RequestContext, request *contract.DatasourceConfig) (*contract.HealthCheckResponse, error) {
	url, token, err := connection(request.Fields)
	if err != nil {
		return nil, err
	}
	var status struct{ Items int }
	if err := d.ask(ctx, url, token, "/status", &status); err != nil {
		return &contract.HealthCheckResponse{Status: contract.Some(false), Message: contract.Some(err.Error())}, nil
	}
	return &contract.HealthCheckResponse{
		Status:  contract.Some(true),
		Message: contract.Some(fmt.Sprintf("inventory answers: %d items", status.Items)),
	}, nil
}

func (d *DataSource) GetDatasourceConstructorFields(context.Context, contract.RequestContext, *contract.DataSourceConstructorRequest) ([]contract.ConstructorField, error) {
	return []contract.ConstructorField{{Code: "url"}, {Code: "token"}}, nil
}

func (d *DataSource) GetQueryConstructorFields(context.Context, contract.RequestContext, *contract.ConstructorRequest) ([]contract.ConstructorField, error) {
	return []contract.ConstructorField{{Code: "item"}}, nil
}

func (d *DataSource) GetQueryResult(ctx context.Context, _ contract.RequestContext, request *contract.QueryDataRequest) (*contract.QueryDataResponse, error) {
	url, token, err := connection(contextFields(request.PluginContext))
	if err != nil {
		return nil, err
	}
	frames := make([]contract.Frame, 0, len(request.DataQuery))
	for _, query := range request.DataQuery {
		var stock struct{ Name string }
		if err := d.ask(ctx, url, token, "/stock", &stock); err != nil {
			return nil, err
		}
		frames = append(frames, contract.NewFrame(query.RefID.Value, stock.Name, []contract.Field{}))
	}
	return contract.NewQueryResponse(frames), nil
}

func (d *DataSource) GetVariableConstructorFields(context.Context, contract.RequestContext, *contract.ConstructorRequest) ([]contract.ConstructorField, error) {
	return []contract.ConstructorField{}, nil
}

func (d *DataSource) GetVariableValues(ctx context.Context, _ contract.RequestContext, request *contract.VariablesRequest) ([]contract.ConstructorFieldPropOption, error) {
	url, token, err := connection(contextFields(request.PluginContext))
	if err != nil {
		return nil, err
	}
	var warehouses []string
	if err := d.ask(ctx, url, token, "/warehouses", &warehouses); err != nil {
		return nil, err
	}
	options := []contract.ConstructorFieldPropOption{}
	for _, name := range warehouses {
		options = append(options, contract.ConstructorFieldPropOption{Label: contract.Some(name), Value: contract.Some(name)})
	}
	return options, nil
}
"""

TEAM_TESTS = """\
package datasource_test

import (
	"net/http"
	"testing"
)

func config(url, token string) map[string]any {
	return map[string]any{"fields": []any{
		map[string]any{"code": "url", "value": url},
		map[string]any{"code": "token", "value": token},
	}}
}

func TestTheHealthCheckAsksTheAPIWithTheToken(t *testing.T) {
	upstream, asked := fakeUpstream(t, map[string]string{"/status": `{"Items": 42}`})
	plugin := newPlugin(t, nil)
	answer := object(t, post(t, plugin, "/datasource/health-check", config(upstream.URL, "t0ken"), "en-US"))
	if answer["status"] != true || answer["message"] != "inventory answers: 42 items" {
		t.Errorf("answer %v", answer)
	}
	requests := asked()
	if len(requests) != 1 || requests[0].URL.Path != "/status" || requests[0].Header.Get("Authorization") != "Bearer t0ken" {
		t.Errorf("asked %v", requests)
	}
}

func TestAHealthCheckWithoutTheTokenIs422(t *testing.T) {
	upstream, asked := fakeUpstream(t, nil)
	plugin := newPlugin(t, nil)
	response := post(t, plugin, "/datasource/health-check", config(upstream.URL, ""), "en-US")
	if response.StatusCode != http.StatusUnprocessableEntity || len(asked()) != 0 {
		t.Errorf("status %d, asked %d", response.StatusCode, len(asked()))
	}
}

func TestVariableValuesComeFromTheAPI(t *testing.T) {
	upstream, _ := fakeUpstream(t, map[string]string{"/warehouses": `["north", "south"]`})
	plugin := newPlugin(t, nil)
	body := map[string]any{"pluginContext": map[string]any{"dataSourceInstanceSettings": config(upstream.URL, "t0ken")}}
	response := post(t, plugin, "/variable/values", body, "en-US")
	if response.StatusCode != http.StatusOK {
		t.Fatalf("status %d", response.StatusCode)
	}
}
"""


def _go(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["go", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
        env=go_environment(),
        check=False,
    )


@pytest.fixture(scope="module")
def team_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_project(
        built_plugin("go", tmp_path_factory, example=False), tmp_path_factory.mktemp("team") / "acme-sales"
    )
    folder = root / "internal" / "datasource"
    (folder / "datasource.go").write_text(DATA_SOURCE, encoding="utf-8")
    (folder / "yours_test.go").write_text(TEAM_TESTS, encoding="utf-8")
    assert all((folder / name).is_file() for name in SEEDED_GLUE_TESTS), "a seeded glue test is missing"
    return root


def test_the_seeded_glue_tests_stay_green_beside_a_data_source_that_needs_a_token(team_project: Path) -> None:
    for command in (("vet", "./..."), ("test", "-race", "-count=1", "./...")):
        result = _go(team_project, *command)
        assert result.returncode == 0, (
            f"go {' '.join(command)}:\n{result.stdout[-4000:]}{result.stderr[-2000:]}"
        )


def test_no_seeded_test_takes_a_second(team_project: Path) -> None:
    result = _go(team_project, "test", "-count=1", "-json", "./internal/datasource/")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    ended = {e["Test"]: e["Elapsed"] for e in events if e.get("Test") and e.get("Action") in ("pass", "fail")}
    team = {"TestTheHealthCheckAsksTheAPIWithTheToken", "TestAHealthCheckWithoutTheTokenIs422"}
    assert team <= set(ended), "the team's tests did not run"
    slow = {name: seconds for name, seconds in ended.items() if seconds >= 1.0}
    assert not slow, f"tests that took a second or more: {slow}"
