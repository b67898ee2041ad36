/**
 * Reading the values a constructor form sends: trigger values, array groups, typed reads.
 *
 * A constructor request's `filter.fields` is a flat list of ConstructorFilterField `{key, arrayIndex,
 * value}`: the first request of a new form sends none, a saved form sends every value, and a changed
 * trigger field (isTrigger) sends the values of all trigger fields. The fields nested in an `array`
 * field carry the arrayIndex of their group. `filterValues` splits the list into the top-level values
 * and the groups by arrayIndex; `textValue`, `numberValue`, `booleanValue` and `listValue` read one
 * value by code, from those or from `configValues`, with undefined for absent.
 *
 * The Python (form_values.py) and Go (formvalues.go) runtimes read alike: the shared cases in
 * scaffold/codegen/cases/form_values.json hold all three to the same answers.
 */
import { pythonStrip } from './python-text.js';
import { MAX_ARRAY_GROUPS } from './runtime-constants.js';
import type { ConstructorFilter } from './types.js';

/** A form's values by field code. */
export type FormValues = Readonly<Record<string, string>>;

/** One group of an array field: its arrayIndex (answer it as the fields' arrayIndex) and its values. */
export interface ArrayGroup {
  readonly index: number;
  readonly values: FormValues;
}

/** A constructor filter's values: the top-level ones, and the array groups in arrayIndex order. */
export interface FilterValues {
  readonly values: FormValues;
  readonly groups: readonly ArrayGroup[];
}

// The config check's whole number (config-check.ts): what a `number` field holds.
const WHOLE_NUMBER = /^[+-]?[0-9]{1,18}$/;

/**
 * The values of a ConstructorFilter (or undefined); entries with an arrayIndex go to their group.
 * An entry without key is skipped, one without value reads as '', the last entry of a key wins; an
 * arrayIndex outside 0..MAX_ARRAY_GROUPS-1 is skipped.
 */
export function filterValues(filter: ConstructorFilter | undefined): FilterValues {
  const values = new Map<string, string>();
  const groups = new Map<number, Map<string, string>>();
  for (const item of filter?.fields ?? []) {
    if (item.key === undefined) {
      continue;
    }
    const value = item.value ?? '';
    const index = item.arrayIndex;
    if (index === undefined) {
      values.set(item.key, value);
    } else if (index >= 0 && index < MAX_ARRAY_GROUPS) {
      const group = groups.get(index) ?? new Map<string, string>();
      groups.set(index, group.set(item.key, value));
    }
  }
  const ordered = [...groups.keys()].sort((a, b) => a - b);
  return {
    values: Object.fromEntries(values),
    groups: ordered.map((index) => ({ index, values: Object.fromEntries(groups.get(index) ?? []) })),
  };
}

function valueOf(values: FormValues, code: string): string | undefined {
  return Object.hasOwn(values, code) ? values[code] : undefined;
}

/** The value of `code` ('' when sent empty), undefined when absent. */
export function textValue(values: FormValues, code: string): string | undefined {
  return valueOf(values, code);
}

/**
 * The whole number `code` holds (spaces around allowed, as the config check takes it). Undefined
 * when absent, when the value is no whole number, or past ±(2^53 - 1), which a number would round.
 */
export function numberValue(values: FormValues, code: string): number | undefined {
  const text = valueOf(values, code);
  if (text === undefined || !WHOLE_NUMBER.test(pythonStrip(text))) {
    return undefined;
  }
  const number = BigInt(pythonStrip(text));
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  return number >= -limit && number <= limit ? Number(number) : undefined;
}

/** A checkbox's value: true for 'true', false for 'false', undefined for anything else or absent. */
export function booleanValue(values: FormValues, code: string): boolean | undefined {
  const text = valueOf(values, code);
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** A multi-select's values: comma-separated, empty items dropped; undefined when absent. */
export function listValue(values: FormValues, code: string): string[] | undefined {
  const text = valueOf(values, code);
  return text === undefined ? undefined : text.split(',').filter((item) => item !== '');
}
