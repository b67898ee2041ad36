"""The TypeScript project's seeded glue tests survive a data source that does real work (issue 40
point 4).

Found case: a team made the health check require a URL and a token and call its upstream, and 7
of 71 seeded tests failed (plugin.test.ts, strict.test.ts): they ran against the team's data
source. Here the `--no-example` starter's data source is replaced by such a one (a health check
that refuses missing fields with 422 and calls `<url>/api/status` with the token; variable values
read from the upstream), its own test written with the seeded fake upstream (test/fake-upstream.ts)
as the README shows, and the project's tests run: the glue's (plugin.test.ts, strict.test.ts,
contract.test.ts, own-routes.test.ts, against stubDataSource) stay green beside the team's.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.built_plugins import built_plugin, copy_project

pytestmark = pytest.mark.slow

GLUE_TESTS = [
    "test/plugin.test.ts",
    "test/strict.test.ts",
    "test/contract.test.ts",
    "test/own-routes.test.ts",
]

CHECK_HEALTH = """  async checkHealth(
    request: DatasourceConfig,
    context: RequestContext,
  ): Promise<HealthCheckResponse> {
    const { url, token } = this.connection(request.fields ?? []);
    const answer = await fetch(`${url}/api/status`, { headers: { authorization: `Bearer ${token}` } });
    const form = await this.getDatasourceConstructorFields({}, context);
    return {
      error: false,
      status: answer.ok,
      message: answer.ok ? 'upstream answers' : `upstream answered ${answer.status}`,
      datasourceConfig: savedConfig(form, request.fields),
    };
  }

  private connection(fields: readonly { code: string; value?: unknown }[]): { url: string; token: string } {
    const value = (code: string): string => {
      const found = fields.find((field) => field.code === code)?.value;
      return typeof found === 'string' ? found : '';
    };
    const missing = ['url', 'token'].filter((code) => value(code) === '');
    if (missing.length > 0) {
      throw new PluginError('the connection is not complete', {
        validationErrors: Object.fromEntries(missing.map((code) => [code, 'required'])),
      });
    }
    return { url: value('url'), token: value('token') };
  }
"""

VARIABLE_VALUES = """  async getVariableValues(
    request: VariablesRequest,
    _context: RequestContext,
  ): Promise<ConstructorFieldPropOption[]> {
    const { url, token } = this.connection(request.pluginContext?.dataSourceInstanceSettings?.fields ?? []);
    const answer = await fetch(`${url}/api/hosts`, { headers: { authorization: `Bearer ${token}` } });
    const hosts = (await answer.json()) as string[];
    return hosts.map((host) => ({ label: host, value: host }));
  }
"""

TEAM_TEST = """import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, expect, it } from 'vitest';

import { buildApp } from '../src/app.js';
import { loadSettings } from '../src/settings.js';
import { type FakeUpstream, fakeUpstream } from './fake-upstream.js';

let upstream: FakeUpstream;
const app = buildApp(loadSettings({ PLUGIN_STATE_DIR: mkdtempSync(join(tmpdir(), 't-')), LOG_LEVEL: 'fatal' }));

beforeAll(async () => {
  upstream = await fakeUpstream((request) =>
    request.headers['authorization'] !== 'Bearer t0ken'
      ? { status: 401, body: {} }
      : request.url === '/api/hosts'
        ? { body: ['db-01', 'db-02'] }
        : { body: { ok: true } },
  );
});

afterAll(async () => {
  await app.close();
  await upstream.close();
});

const fields = (token: string) => [
  { code: 'url', value: upstream.url },
  { code: 'token', value: token },
];

function post(path: string, body: unknown) {
  return app.inject({ method: 'POST', url: `/api/v1${path}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

it('checks its connection against the upstream with the token', async () => {
  const health = await post('/datasource/health-check', { fields: fields('t0ken') });
  expect(health.json()).toMatchObject({ status: true, message: 'upstream answers' });
  expect((await post('/datasource/health-check', { fields: fields('wrong') })).json()).toMatchObject({ status: false });
  expect(upstream.received.map((request) => request.headers['authorization'])).toEqual(['Bearer t0ken', 'Bearer wrong']);
});

it('refuses a connection without its token', async () => {
  const health = await post('/datasource/health-check', { fields: [{ code: 'url', value: upstream.url }] });
  expect(health.statusCode).toBe(422);
});

it('lists the upstream hosts as variable values', async () => {
  const context = { orgID: 1, pluginID: 'acme', dataSourceInstanceSettings: { fields: fields('t0ken') } };
  const values = await post('/variable/values', { pluginContext: context, json: '{}' });
  expect(values.json()).toEqual([{ label: 'db-01', value: 'db-01' }, { label: 'db-02', value: 'db-02' }]);
});
"""


def _method(text: str, name: str) -> tuple[int, int]:
    start = text.index(f"  {name}(") if f"  {name}(" in text else text.index(f"  async {name}(")
    return start, text.index("\n  }\n", start) + len("\n  }\n")


def _replace_method(text: str, name: str, code: str) -> str:
    start, end = _method(text, name)
    return text[:start] + code + text[end:]


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "CI": "1", "NO_COLOR": "1", "FORCE_COLOR": "0"},
    )


def test_the_glue_tests_stay_green_for_a_data_source_that_calls_an_upstream(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    project = copy_project(
        built_plugin("typescript", tmp_path_factory, example=False), tmp_path_factory.mktemp("upstream") / "p"
    )
    source = project / "src" / "datasource.ts"
    text = source.read_text(encoding="utf-8")
    text = _replace_method(text, "checkHealth", CHECK_HEALTH)
    text = _replace_method(text, "getVariableValues", VARIABLE_VALUES)
    text = text.replace("import {\n  type Catalog,", "import {\n  PluginError,\n  type Catalog,", 1)
    # This team checks its connection by hand, as the found case's did, so the starter's
    # requireValidConfig import goes unused: tsc --strict (noUnusedLocals) would refuse it.
    text = text.replace("  requireValidConfig,\n", "", 1)
    source.write_text(text, encoding="utf-8")
    (project / "test" / "datasource.test.ts").write_text(TEAM_TEST, encoding="utf-8")
    typed = _run(["npx", "tsc", "--noEmit", "-p", "tsconfig.json"], project)
    assert typed.returncode == 0, typed.stdout[-4000:] + typed.stderr[-2000:]
    tested = _run(["npx", "vitest", "run", *GLUE_TESTS, "test/datasource.test.ts"], project)
    assert tested.returncode == 0, tested.stdout[-6000:] + tested.stderr[-2000:]
    for name in [*GLUE_TESTS, "test/datasource.test.ts"]:
        assert name in tested.stdout, f"{name} did not run:\n{tested.stdout[-3000:]}"
