/**
 * The shared Accept-Language cases (scaffold/codegen/cases/locales.json, whose "about" says the
 * format), read by the TypeScript runtime: the Python runtime's tests (tests/unit/test_runtime_locale.py)
 * and the Go runtime's (locale_test.go) read the same file, so a choice decided once holds in all
 * three languages (issue 39 point 2). A header is given as Node gives it: one code point per byte.
 *
 * SCAFFOLD_LOCALE_CASES names the file (tests/functional/test_json_bodies_typescript.py sets it).
 * Unset, the tests fail: a run that skipped the shared cases would pass without deciding anything.
 */

import { describe, expect, it } from 'vitest';

import { CHOICES_KEPT, chooseLocale, parseAcceptLanguage } from './locale.js';
import { loadSharedCases } from './shared-cases.js';

type Header = string | readonly (readonly [string, number])[];

interface ChooseCase {
  readonly name: string;
  readonly header: Header;
  readonly available?: readonly string[];
  readonly chosen: string;
}

interface ParseCase {
  readonly name: string;
  readonly header: Header;
  readonly ranges: readonly (readonly [string, number])[];
}

const KEYS: Readonly<Record<string, ReadonlySet<string>>> = {
  choose: new Set(['name', 'header', 'available', 'chosen']),
  parse: new Set(['name', 'header', 'ranges']),
};
const AVAILABLE = ['ru-RU', 'en-US'];

function loadCases(): { choose: ChooseCase[]; parse: ParseCase[] } {
  const file = loadSharedCases('SCAFFOLD_LOCALE_CASES', 'locales.json', KEYS);
  return { choose: file['choose'] as ChooseCase[], parse: file['parse'] as ParseCase[] };
}

/** The case's header: a string, or [string, count] parts joined in order. */
function headerOf(header: Header): string {
  return typeof header === 'string' ? header : header.map(([part, count]) => part.repeat(count)).join('');
}

const { choose, parse } = loadCases();

describe('the shared Accept-Language cases', () => {
  it.each(choose.map((c) => [c.name, c] as const))('chooses: %s', (_name, c) => {
    expect(chooseLocale(headerOf(c.header), c.available ?? AVAILABLE)).toBe(c.chosen);
  });

  it.each(parse.map((c) => [c.name, c] as const))('parses: %s', (_name, c) => {
    expect(parseAcceptLanguage(headerOf(c.header))).toEqual(c.ranges.map(([tag, weight]) => [tag, weight]));
  });
});

describe('chosen locales kept per list of locales', () => {
  it('choose alike the second time, after being forgotten and for a list made anew', () => {
    for (const c of choose) {
      const header = headerOf(c.header);
      const available = c.available ?? AVAILABLE;
      expect(chooseLocale(header, available), c.name).toBe(c.chosen);
      expect(chooseLocale(header, [...available]), c.name).toBe(c.chosen);
    }
    for (let index = 0; index < 2 * CHOICES_KEPT; index += 1) {
      chooseLocale(`x-${index}, en;q=0.5`, AVAILABLE);
    }
    for (const c of choose) {
      expect(chooseLocale(headerOf(c.header), c.available ?? AVAILABLE), c.name).toBe(c.chosen);
    }
    expect(chooseLocale('en-GB', AVAILABLE, 'ru-RU')).toBe('en-US');
    expect(chooseLocale('de', AVAILABLE, 'ru-RU')).toBe('ru-RU');
    expect(chooseLocale('de', AVAILABLE, 'en-US')).toBe('en-US'); // the fallback is part of the choice
  });
});
