/**
 * The shared body-limit cases (scaffold/codegen/cases/body_limits.json, whose "about" says the
 * format), read by the TypeScript runtime: the Python runtime's tests
 * (tests/unit/test_body_limit_cases.py) and the Go runtime's (bodylimitcases_test.go) read the same
 * file, so how a body is read under its own limit and the process's budget is decided once for
 * three languages (issue 39 point 2). Each case's body arrives as a stream, one piece a chunk, into
 * readBody.
 *
 * SCAFFOLD_BODY_LIMIT_CASES names the file (tests/functional/test_json_bodies_typescript.py sets
 * it). Unset, the tests fail: a run that skipped the shared cases would pass without deciding
 * anything.
 */

import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { BodyBudget, BodyRefused, readBody } from './body-limits.js';
import { loadSharedCases } from './shared-cases.js';

interface Case {
  readonly name: string;
  readonly limit: number;
  readonly budget: number;
  readonly held: number;
  readonly declared?: number;
  readonly chunks: readonly number[];
  readonly expect: 'read' | 'tooLarge' | 'busy';
  readonly size?: number;
  readonly heldAfter: number;
}

const KEYS = new Set(['name', 'limit', 'budget', 'held', 'declared', 'chunks', 'expect', 'size', 'heldAfter']);

function loadCases(): Case[] {
  return loadSharedCases('SCAFFOLD_BODY_LIMIT_CASES', 'body_limits.json', { cases: KEYS })['cases'] as Case[];
}

/** A request whose body arrives in `chunks`, with `declared` as its Content-Length. */
function request(chunks: readonly number[], declared: number | undefined): IncomingMessage {
  const stream = new Readable({
    read() {
      // the pieces are pushed below
    },
  });
  for (const size of chunks) {
    stream.push(Buffer.alloc(size, 'x'));
  }
  stream.push(null);
  const headers = declared === undefined ? {} : { 'content-length': String(declared) };
  return Object.assign(stream, { headers }) as unknown as IncomingMessage;
}

async function read(c: Case): Promise<{ outcome: string; size: number; held: number }> {
  const budget = new BodyBudget(c.budget);
  if (!budget.take(c.held)) {
    throw new Error('held is more than the budget');
  }
  try {
    const body = await readBody(request(c.chunks, c.declared), c.limit, budget, () => undefined);
    return { outcome: 'read', size: body.length, held: budget.held };
  } catch (error) {
    if (error instanceof BodyRefused) {
      return { outcome: error.reason, size: 0, held: budget.held };
    }
    throw error;
  }
}

const cases = loadCases();

describe('the shared body-limit cases', () => {
  it('are all ones this runner knows', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    expect(cases.every((c) => c.chunks.every((size) => size < 4096))).toBe(true);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const { outcome, size, held } = await read(c);
    expect(outcome).toBe(c.expect);
    if (outcome === 'read') {
      expect(size).toBe(c.size);
    }
    expect(held).toBe(c.heldAfter);
  });
});
