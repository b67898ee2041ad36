// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/locale.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * Choosing the response language from an Accept-Language header (RFC 9110 with q-values).
 *
 * The contract: the platform sends Accept-Language (a locale such as ru-RU) on the endpoints that
 * return field metadata, and ru-RU applies when it is absent. A header may list several languages
 * with q-values; the best available catalogue wins, a bare language (`en`) matches a regional
 * catalogue (`en-US`), and an unknown or malformed header falls back to the default. The same rules
 * as the Python plugin's `locale.py`, so a platform sees one behaviour whatever the plugin's language.
 */

import { ACCEPT_LANGUAGE_MAX_CHARS, DEFAULT_LOCALE } from './runtime-constants.js';

const RANGE = /^(?<tag>[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)(?:\s*;\s*q\s*=\s*(?<q>[0-9.]+))?$/;

/** Language ranges with their weights, best first; malformed items are skipped. */
export function parseAcceptLanguage(header: string | undefined): [string, number][] {
  if (!header) {
    return [];
  }
  const ranges: [string, number, number][] = [];
  header
    .slice(0, ACCEPT_LANGUAGE_MAX_CHARS)
    .split(',')
    .forEach((item, position) => {
      const match = RANGE.exec(item.trim());
      const tag = match?.groups?.['tag'];
      if (tag === undefined) {
        return;
      }
      const q = match?.groups?.['q'];
      const weight = q === undefined ? 1 : Number(q);
      if (!Number.isFinite(weight) || !(weight > 0 && weight <= 1)) {
        return;
      }
      ranges.push([tag, weight, position]);
    });
  ranges.sort((a, b) => b[1] - a[1] || a[2] - b[2]);
  return ranges.map(([tag, weight]) => [tag, weight]);
}

/** How many headers' choices are kept per list of locales (all forgotten at once when full). */
export const CHOICES_KEPT = 64;
/**
 * chooseLocale's choices by list of locales, fallback and header. Why: the same few headers come
 * with every call (a browser sends one and keeps it), and reading one anew took 2-4 µs (a regular
 * expression and a sort per item, two maps of the locales: measured with a browser's header), as
 * much as an own endpoint's whole JSON read. Kept per list, so a list the caller built anew is a
 * new entry (and goes with it); a header longer than is ever read is not kept; a caller who varies
 * the header can only make the choices be forgotten, never grow them.
 */
const choices = new WeakMap<readonly string[], Map<string, Map<string, string>>>();

/** The locale to answer in: the best match of `header` among `available`, else `fallback`. */
export function chooseLocale(
  header: string | undefined,
  available: readonly string[],
  fallback: string = DEFAULT_LOCALE,
): string {
  if (!header) {
    return fallback;
  }
  if (header.length > ACCEPT_LANGUAGE_MAX_CHARS) {
    return choose(header, available, fallback);
  }
  let byFallback = choices.get(available);
  if (byFallback === undefined) {
    byFallback = new Map();
    choices.set(available, byFallback);
  }
  let byHeader = byFallback.get(fallback);
  if (byHeader === undefined) {
    byHeader = new Map();
    byFallback.set(fallback, byHeader);
  }
  let chosen = byHeader.get(header);
  if (chosen === undefined) {
    if (byHeader.size >= CHOICES_KEPT) {
      byHeader.clear();
    }
    chosen = choose(header, available, fallback);
    byHeader.set(header, chosen);
  }
  return chosen;
}

/** chooseLocale's choice, read from the header. */
function choose(header: string, available: readonly string[], fallback: string): string {
  const byLower = new Map(available.map((locale) => [locale.toLowerCase(), locale]));
  const byLanguage = new Map<string, string>();
  for (const locale of available) {
    const language = (locale.split('-')[0] ?? locale).toLowerCase();
    if (!byLanguage.has(language)) {
      byLanguage.set(language, locale);
    }
  }
  for (const [tag] of parseAcceptLanguage(header)) {
    const lowered = tag.toLowerCase();
    if (lowered === '*') {
      return fallback;
    }
    const exact = byLower.get(lowered);
    if (exact !== undefined) {
      return exact;
    }
    const regional = byLanguage.get(lowered.split('-')[0] ?? lowered);
    if (regional !== undefined) {
      return regional;
    }
  }
  return fallback;
}
