/**
 * The shared metric cases (scaffold/codegen/cases/metrics.json, whose "about" says the format), read
 * by the TypeScript runtime: the Python runtime's tests (tests/unit/test_metric_cases.py) and the Go
 * runtime's (metriccases_test.go) read the same file, so the request families a plugin writes on
 * /metrics are decided once for three languages (issue 39 point 2). Each case's requests are counted
 * by requestMetrics in a prom-client Registry of their own, and the two families of what /metrics
 * writes of it (metricsText) are compared with the case's lines: comment lines exactly and in order, samples
 * by name, labels and value as a set.
 *
 * SCAFFOLD_METRIC_CASES names the file (tests/functional/test_json_bodies_typescript.py sets it).
 * Unset, the tests fail: a run that skipped the shared cases would pass without deciding anything.
 */

import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';

import { metricsText, requestMetrics } from './request-metrics.js';
import { DURATION_METRIC, REQUESTS_METRIC } from './runtime-constants.js';
import { loadSharedCases } from './shared-cases.js';

interface Case {
  readonly name: string;
  readonly observe: readonly (readonly [string, string, number, number])[];
  readonly text: readonly string[];
}

const KEYS = new Set(['name', 'observe', 'text']);
const FAMILY_NAMES = new Set([
  REQUESTS_METRIC,
  DURATION_METRIC,
  ...['_bucket', '_count', '_sum'].map((suffix) => DURATION_METRIC + suffix),
]);
const SAMPLE = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})? (\S+)$/u;
const LABEL = /([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)",?/gu;

function loadCases(): Case[] {
  return loadSharedCases('SCAFFOLD_METRIC_CASES', 'metrics.json', { cases: KEYS })['cases'] as Case[];
}

function unescape(value: string): string {
  return value.replace(/\\(.)/gu, (_whole, character: string) => (character === 'n' ? '\n' : character));
}

/** The comment lines (in order) and the samples (sorted) of the two request families in `text`. */
function families(text: string): { comments: string[]; samples: string[] } {
  const comments: string[] = [];
  const samples: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) {
      const name = line.split(' ')[2];
      if (name !== undefined && FAMILY_NAMES.has(name)) {
        comments.push(line);
      }
      continue;
    }
    const found = SAMPLE.exec(line);
    if (found === null || !FAMILY_NAMES.has(found[1] ?? '')) {
      continue;
    }
    const labels = found[2] ?? '';
    const pairs = [...labels.matchAll(LABEL)];
    if (pairs.map((pair) => pair[0]).join('') !== labels) {
      throw new Error(`labels not read: ${line}`);
    }
    const named = pairs.map((pair) => [pair[1] ?? '', unescape(pair[2] ?? '')] as const).sort();
    samples.push(JSON.stringify([found[1], named, Number(found[3])]));
  }
  return { comments, samples: samples.sort() };
}

const cases = loadCases();

describe('the shared metric cases', () => {
  it('are all ones this runner knows', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const registry = new Registry();
    const observe = requestMetrics(registry);
    for (const [operation, method, status, seconds] of c.observe) {
      observe(operation, method, status, seconds);
    }
    const written = await metricsText(registry);
    expect(families(written), written).toEqual(families(c.text.join('\n')));
  });
});
