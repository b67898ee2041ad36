"""Benchmark: the TypeScript module backend (issue 42, point 5): an own endpoint's path, new-module.

1. `scaffold new-module acme-ts --language typescript --defaults`: CPU (user + system of the child)
   and wall per run, each run a new process; the first run (fresh SCAFFOLD_HOME) apart.
   Target: CPU <= 0.5 s warm.
2. POST /api/v1/series, the README's endpoint of one's own (payload and moduleContext read from the
   proxy's envelope, the answer `points` integers), answered by:
   - "generated": the scaffolded backend as its users run it (`node dist/main.js`) with that
     endpoint in src/endpoints.ts: the module's strict body read (size, budget, depth, keys twice),
     Ajv on payload and moduleContext, the answer checked and serialised by its schema, metrics,
     request ids, the access line (LOG_LEVEL=warning keeps it out of the terminal);
   - "hand-written": a plain Fastify route doing the same work, written by hand: the body rules the
     generated backend keeps for every body (not UTF-8, a key twice in one object, a lone surrogate
     escape: 400; nested over 64 levels: 422), in a JSON parser of its own written as the generated
     runtime's readJson (the fastest way we know: the colons outside strings counted, JSON.parse,
     then its keys counted); the envelope read and checked as the schemas say (moduleContext an
     object, `{}` as none, its connections a list of {name, url, apiKey?}; no payload key but metric and
     points), the same values, JSON.stringify; in the same Node. Until issue 42's speed work it took
     Fastify's own parser, which keeps the last of two equal keys, and let unknown keys through:
     a route that skipped work the generated one must do. What it still does not do is the
     service's own: metrics, request ids, the access line, CORS, the answer checked by its schema;
   - "hw service": that route in a hand-written Fastify service doing that work too, as a careful
     author writes it with the libraries the field keeps (SERVICE_PREAMBLE: prom-client's counter
     and histogram with the shared buckets, a request id in X-Request-Id, the access line through
     Fastify's request logger, the answer serialised by a Fastify response schema; CORS left out,
     as the load sends no Origin). This is the route "doing the same work" issue 42 names; the bare
     route above shows what the service's guarantees cost on top.
   Load comes from autocannon (the load generator the Fastify project benchmarks with): each round
   starts the servers fresh, warms them, then measures them one after the other and again in
   reverse order. Besides requests/s, each server's CPU time a request (user + system from /proc,
   over the requests autocannon counted), as bench/module_go.py gives it: the steadier figure on a
   shared machine. Target: generated >= 0.9 of the hand-written service's throughput (both ratios
   printed).

Figures only, never a pass/fail. Run: python bench/module_typescript.py [--rounds 3] [--seconds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _http_load import ServerSpec, ratio_and_paired

from scaffold.codegen.runtime_values import RUNTIME_VALUES

AUTOCANNON = "9.0.0"
PATH = "/api/v1/series"
BODY = {
    "payload": {"metric": "orders", "points": 100},
    # a plain key: the module's walk for enc:v1: values runs and finds none (a token's decryption,
    # AES-GCM, would be work the hand-written route does not do)
    # what the seeded Settings component saves, which the README's endpoint reads
    "moduleContext": {
        "connections": [{"name": "main", "url": "https://sales.example.com", "apiKey": "s3cret-key"}]
    },
}

HANDWRITTEN = """
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const METRICS = new Set(['revenue', 'orders']);
const PAYLOAD_KEYS = new Set(['metric', 'points']);

// The body rules the generated backend keeps, written by hand the fastest way we know (the way the
// generated runtime's readJson does it): bytes that are not UTF-8, a key twice in one object or a
// lone surrogate escape are 400, nesting over 64 levels 422. JSON.parse keeps the last of two equal
// keys, so the colons outside strings are counted first and held against the keys it kept.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const SURROGATE_ESCAPE = /\\\\u[dD][89a-fA-F]/;
const LONE_SURROGATE = /[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]/;
function refused(statusCode, message) {
  return Object.assign(new Error(message), { statusCode });
}
function strictJson(raw) {
  let depth = 0;
  let colons = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (byte === 0x22) {
      for (i += 1; i < raw.length && raw[i] !== 0x22; i++) {
        if (raw[i] === 0x5c) i += 1;
      }
    } else if (byte === 0x3a) {
      colons += 1;
    } else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > 64) throw refused(422, 'nested too deep');
    } else if (byte === 0x5d || byte === 0x7d) {
      depth -= 1;
    }
  }
  const text = UTF8.decode(raw);
  const value = JSON.parse(text);
  const surrogates = SURROGATE_ESCAPE.test(text);
  let keys = 0;
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) throw refused(400, 'a lone surrogate');
    } else if (Array.isArray(item)) {
      for (const entry of item) {
        if (surrogates || (typeof entry === 'object' && entry !== null)) pending.push(entry);
      }
    } else if (item !== null && typeof item === 'object') {
      for (const key in item) {
        if (surrogates && LONE_SURROGATE.test(key)) throw refused(400, 'a lone surrogate');
        keys += 1;
        const entry = item[key];
        if (surrogates || (typeof entry === 'object' && entry !== null)) pending.push(entry);
      }
    }
  }
  if (keys < colons) throw refused(400, 'a key twice');
  return value;
}
app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, raw, done) => {
  try {
    done(null, strictJson(raw));
  } catch (error) {
    error.statusCode ??= 400;
    done(error);
  }
});

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isConnection = (value) =>
  isObject(value) &&
  typeof value.name === 'string' &&
  typeof value.url === 'string' &&
  (value.apiKey === undefined || typeof value.apiKey === 'string');
app.post('/api/v1/series', async (request, reply) => {
  const body = request.body;
  const enveloped = isObject(body) && Object.hasOwn(body, 'payload');
  const payload = enveloped ? body.payload : body;
  let settings = enveloped ? body.moduleContext : undefined;
  if (enveloped && Object.hasOwn(body, 'moduleContext') && !isObject(settings)) {
    return reply.code(400).send({ error: true, message: 'bad moduleContext' });
  }
  if (settings !== undefined && Object.keys(settings).length === 0) {
    settings = undefined; // nothing saved yet
  }
  if (settings !== undefined && !(Array.isArray(settings.connections) && settings.connections.every(isConnection))) {
    return reply.code(400).send({ error: true, message: 'bad moduleContext' });
  }
  if (!isObject(payload)) {
    return reply.code(400).send({ error: true, message: 'bad payload' });
  }
  for (const key in payload) {
    if (!PAYLOAD_KEYS.has(key)) return reply.code(400).send({ error: true, message: 'bad payload' });
  }
  const points = payload.points ?? 12;
  if (!METRICS.has(payload.metric) || !Number.isInteger(points) || points < 1 || points > 100) {
    return reply.code(400).send({ error: true, message: 'bad payload' });
  }
  const connection = settings?.connections.find((entry) => entry.url !== '');
  if (connection === undefined) {
    return reply.code(409).send({ error: true, message: 'not configured' });
  }
  const values = Array.from({ length: points }, (_, i) => (i * 37 + connection.url.length) % 100);
  return reply.type('application/json').send(JSON.stringify({ metric: payload.metric, values }));
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
"""

# The same route in a hand-written Fastify *service*: what a careful author adds by hand for the
# guarantees the generated backend gives every request, with the libraries the field keeps:
# prom-client's counter and histogram (the shared buckets) by operation, method and status, a
# request id answered in X-Request-Id, an access line through Fastify's request logger (at the
# generated one's level, so neither writes it here), the answer serialised by its Fastify response
# schema. CORS is left out: the load sends no Origin, and neither answers CORS headers then.
SERVICE_PREAMBLE = """
import { randomUUID } from 'node:crypto';
import client from 'prom-client';
const BUCKETS = BUCKETS_JSON;
const requests = new client.Counter({
  name: 'http_requests_total', help: 'requests', labelNames: ['operation', 'method', 'status'],
});
const durations = new client.Histogram({
  name: 'http_request_duration_seconds', help: 'seconds', labelNames: ['operation', 'method'], buckets: BUCKETS,
});
"""
SERVICE_APP = """const app = Fastify({
  logger: { level: 'warn' },
  disableRequestLogging: true,
  genReqId: () => randomUUID().replaceAll('-', ''),
});
app.addHook('onRequest', (request, reply, done) => {
  request.startedAt = process.hrtime.bigint();
  reply.header('x-request-id', request.id);
  done();
});
app.addHook('onResponse', (request, reply, done) => {
  const seconds = Number(process.hrtime.bigint() - request.startedAt) / 1e9;
  const operation = request.routeOptions.url ?? 'other';
  requests.inc({ operation, method: request.method, status: String(reply.statusCode) });
  durations.observe({ operation, method: request.method }, seconds);
  request.log.info({ status: reply.statusCode, ms: seconds * 1000 }, `${request.method} ${request.url}`);
  done();
});
"""
SERIES_SCHEMA = (
    "{ schema: { response: { 200: { type: 'object', properties: { metric: { type: 'string' }, "
    "values: { type: 'array', items: { type: 'integer' } } }, required: ['metric', 'values'] } } } }"
)


def handwritten_service() -> str:
    """HANDWRITTEN with the service's own work (SERVICE_PREAMBLE's comment says which)."""
    buckets = next(v.value for v in RUNTIME_VALUES if v.name == "DURATION_BUCKETS")  # the shared ones
    preamble = SERVICE_PREAMBLE.replace("BUCKETS_JSON", json.dumps(buckets))
    text = HANDWRITTEN.replace(
        "import Fastify from 'fastify';\n", "import Fastify from 'fastify';\n" + preamble
    )
    text = text.replace("const app = Fastify({ logger: false });\n", SERVICE_APP)
    text = text.replace(
        "app.post('/api/v1/series', async (request, reply) => {",
        f"app.post('/api/v1/series', {SERIES_SCHEMA}, async (request, reply) => {{",
    )
    text = text.replace(
        "  return reply.type('application/json').send(JSON.stringify({ metric: payload.metric, values }));",
        "  return { metric: payload.metric, values };",
    )
    if text.count("prom-client") != 1 or SERIES_SCHEMA not in text or "genReqId" not in text:
        raise RuntimeError("the hand-written service could not be made from the hand-written route")
    return text


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    started = time.monotonic()
    subprocess.run(command, cwd=cwd, env={**os.environ, **(env or {})}, check=True, capture_output=True)
    return time.monotonic() - started


def new_module_runs(root: Path, runs: int, language: str = "typescript", name: str = "acme-ts") -> None:
    """`new-module --language LANGUAGE --defaults`, each run a new process (the plugin bench's way).
    Shared with bench/module_go.py."""
    home = {"SCAFFOLD_HOME": str(root / "home")}
    subprocess.run(  # as an installed wheel runs: scaffold's bytecode compiled (bench/plugin_typescript.py)
        [sys.executable, "-m", "compileall", "-q", str(Path(__file__).resolve().parents[1] / "scaffold")],
        check=True,
    )
    found = []
    for index in range(runs):
        before = os.times()
        started = time.monotonic()
        command = [sys.executable, "-m", "scaffold", "new-module", str(root / f"m{index}")]
        run([*command, "--language", language, "--name", name, "--defaults"], root, home)
        after = os.times()
        cpu = after.children_user - before.children_user + after.children_system - before.children_system
        found.append((cpu, time.monotonic() - started))
    first, rest = found[0], found[1:]
    print(f"new-module --language {language}: first run {first[0]:.2f} s CPU, {first[1]:.2f} s wall")
    if rest:
        print(
            f"  warm runs ({len(rest)}): median {statistics.median(c for c, _ in rest):.2f} s CPU, "
            f"{statistics.median(w for _, w in rest):.2f} s wall (target: CPU <= 0.5 s)"
        )


def readme_endpoint(project: Path) -> str:
    """The README's endpoint of one's own (src/endpoints.ts as the README writes it)."""
    readme = (project / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Your own proxied endpoints") : readme.index("## Developing with")]
    return re.findall(r"```ts\n(.*?)```", section, re.S)[0]


def autocannon(bench: Path, url: str, seconds: float, connections: int, body: object = BODY) -> float:
    command = [str(bench / "node_modules" / ".bin" / "autocannon"), "--json", "-c", str(connections)]
    command += ["-d", str(max(1, round(seconds))), "-m", "POST", "-H", "content-type=application/json"]
    result = subprocess.run(
        [*command, "-b", json.dumps(body), url], capture_output=True, text=True, check=True
    )
    data = json.loads(result.stdout)
    if data["non2xx"] or data["errors"]:
        raise RuntimeError(f"{url}: {data['non2xx']} non-2xx answers, {data['errors']} errors")
    return float(data["requests"]["average"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--new-module-runs", type=int, default=4)
    options = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-module-ts-"))
    try:
        new_module_runs(root, options.new_module_runs)
        backend = root / "m0" / "backend"
        (backend / "src" / "endpoints.ts").write_text(readme_endpoint(root / "m0"), encoding="utf-8")
        run(["npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"], backend)
        run(["npm", "run", "build"], backend)
        (backend / "handwritten.mjs").write_text(HANDWRITTEN, encoding="utf-8")
        (backend / "handwritten-service.mjs").write_text(handwritten_service(), encoding="utf-8")
        bench = root / "autocannon"
        bench.mkdir()
        run(["npm", "install", "--no-audit", "--no-fund", f"autocannon@{AUTOCANNON}"], bench)
        throughput(backend, bench, options)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def throughput(backend: Path, bench: Path, options: argparse.Namespace) -> None:
    env = {**os.environ, "LOG_LEVEL": "warning"}
    specs = [
        ServerSpec("generated", lambda _port: ["node", "dist/main.js"], env, backend),
        ServerSpec("hand-written", lambda _port: ["node", "handwritten.mjs"], env, backend),
        ServerSpec("hw service", lambda _port: ["node", "handwritten-service.mjs"], env, backend),
    ]
    runs: dict[str, list[float]] = {spec.name: [] for spec in specs}
    cpu: dict[str, list[float]] = {spec.name: [] for spec in specs}  # the server's µs a request
    for index in range(options.rounds):
        servers = [spec.start() for spec in specs]
        try:
            for server in servers:
                server.wait_ready(PATH, json.dumps(BODY).encode(), lambda answer: answer.raise_for_status())
                autocannon(bench, server.url + PATH, 1, options.connections)  # warm-up
            order = servers if index % 2 == 0 else servers[::-1]
            for server in [*order, *order[::-1]]:
                before = server.cpu_seconds()
                rps = autocannon(bench, server.url + PATH, options.seconds / 2, options.connections)
                runs[server.name].append(rps)
                requests = rps * max(1, round(options.seconds / 2))  # autocannon's whole seconds
                cpu[server.name].append((server.cpu_seconds() - before) * 1e6 / requests)
        finally:
            for server in servers:
                server.stop()
    print(
        f"POST {PATH}, {BODY['payload']['points']} points, {options.rounds} rounds, autocannon {AUTOCANNON}:"
    )
    for name, found in runs.items():
        print(
            f"  {name:13} {statistics.median(found):8.0f} req/s at {options.connections} connections, "
            f"{statistics.median(cpu[name]):5.1f} µs of server CPU a request"
        )
    ratio, paired = ratio_and_paired(runs["generated"], runs["hand-written"])
    print(
        f"  generated / hand-written: {ratio:.2f} (medians), {paired:.2f} (median of paired runs); target >= 0.9"
    )
    ratio, paired = ratio_and_paired(cpu["hand-written"], cpu["generated"])
    print(f"  CPU a request, hand-written / generated: {ratio:.2f} (medians), {paired:.2f} (paired)")
    ratio, paired = ratio_and_paired(runs["generated"], runs["hw service"])
    print(
        f"  generated / hand-written service (the same route with metrics, request ids, access line, "
        f"answer schema): {ratio:.2f} (medians), {paired:.2f} (paired)"
    )


if __name__ == "__main__":
    main()
