/**
 * The shared log-line cases (scaffold/codegen/cases/log_lines.json, whose "about" says the format),
 * read by the TypeScript runtime: the Python runtime's tests (tests/unit/test_observability_runtime.py)
 * and the Go runtime's (logging_test.go) read the same file, so a record's text is one line, written
 * alike, in all three languages (issue 39 point 2).
 *
 * SCAFFOLD_LOG_CASES names the file (tests/functional/test_json_bodies_typescript.py sets it).
 * Unset, the tests fail: a run that skipped the shared cases would pass without deciding anything.
 */

import { describe, expect, it } from 'vitest';

import { escapeControls } from './log-lines.js';
import { loadSharedCases } from './shared-cases.js';

interface LogCase {
  readonly name: string;
  readonly text: string;
  readonly logged: string;
}

function loadCases(): LogCase[] {
  const file = loadSharedCases('SCAFFOLD_LOG_CASES', 'log_lines.json', { cases: new Set(['name', 'text', 'logged']) });
  return file['cases'] as LogCase[];
}

describe('the shared log-line cases', () => {
  it.each(loadCases().map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(escapeControls(c.text)).toBe(c.logged);
  });
});
