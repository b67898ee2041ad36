/**
 * Reading the cases every language's runtime reads (scaffold/codegen/cases/*.json) in this
 * runtime's own tests: pytest and go test read the same files, so a case decided once holds in
 * three languages (issue 39 point 2). Not shipped in a project: scaffold's tests copy it beside the
 * runners (json-bodies, locale, logging and secrets tests) that import it.
 */

import { readFileSync } from 'node:fs';

/** A file of cases: its sections (lists of cases) and whatever else it holds (about, keys). */
export type CaseFile = Readonly<Record<string, unknown>>;

/**
 * The file `variable` names (`file` is its name, for the message), each section of `known` a
 * non-empty list whose cases use only the section's keys. Unset, or a key this runner does not
 * know, fails the run: a run that skipped the shared cases would pass without deciding anything.
 */
export function loadSharedCases(
  variable: string,
  file: string,
  known: Readonly<Record<string, ReadonlySet<string>>>,
): CaseFile {
  const path = process.env[variable];
  if (path === undefined || path === '') {
    throw new Error(`${variable} is not set: it names scaffold/codegen/cases/${file}`);
  }
  const parsed = JSON.parse(readFileSync(path, 'utf-8')) as Record<string, unknown>;
  for (const [section, keys] of Object.entries(known)) {
    const entries = parsed[section];
    if (!Array.isArray(entries) || entries.length === 0) {
      throw new Error(`${file} holds no ${section}`);
    }
    for (const entry of entries as Record<string, unknown>[]) {
      const unknown = Object.keys(entry).filter((key) => !keys.has(key));
      if (unknown.length > 0) {
        throw new Error(`the case ${String(entry['name'])} has keys this runner does not know: ${unknown.join(', ')}`);
      }
    }
  }
  return parsed;
}
