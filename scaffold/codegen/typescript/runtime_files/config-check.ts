/**
 * Reading a data source configuration and checking it against the form that declares it, as the
 * Python plugin's `config_values`, `check_config` and `require_valid_config` do (the shared cases in
 * scaffold/codegen/cases/config_checks.json hold all three runtimes to the same answers).
 *
 * `requireValidConfig` answers with the contract's split (Errors): a required field without entry
 * in DatasourceConfig.fields (or no entries at all) is "too few entries", a 400 whose message names
 * the codes; a field that is present but empty, holds disallowed characters, or breaks its
 * validationRule, bounds or options is a validation error, a 422 whose validationErrors name every
 * field. Password values arrive decrypted (the routes decrypt them before a data source method
 * runs), so `configValues` reads them as the user typed them.
 */
import { runtimeText } from './catalog.js';
import { PluginError } from './errors.js';
import { pythonStrip } from './python-text.js';
import type { ConstructorField, DatasourceField } from './types.js';

/** The longest value a form field takes, in characters (code points). */
export const MAX_VALUE_CHARS = 4096;

const WHOLE_NUMBER = /^[+-]?[0-9]{1,18}$/u;
const RULES = new Map<string, RegExp | null>();
const MAX_RULES = 256;

/** The values of a configuration by field code (the last entry of a code wins; no value is ''). */
export type ConfigValues = Record<string, string>;

/** The outcome of checking a configuration against its form. */
export interface ConfigCheck {
  /** code -> value of every entry sent. */
  readonly values: ConfigValues;
  /** The codes of required fields without entry (every field's when nothing was sent). */
  readonly missing: readonly string[];
  /** code -> message of each field that is present but empty or invalid. */
  readonly errors: Readonly<Record<string, string>>;
}

/** code -> value of DatasourceConfig fields (the last one wins; a missing value is ''). */
export function configValues(fields: readonly DatasourceField[] | undefined): ConfigValues {
  const values: ConfigValues = {};
  for (const item of fields ?? []) {
    values[item.code] = typeof item.value === 'string' ? item.value : '';
  }
  return values;
}

/** Check DatasourceConfig `fields` against the `form` (ConstructorField list) describing them. */
export function checkConfig(
  form: readonly ConstructorField[],
  fields: readonly DatasourceField[] | undefined,
  locale: string,
): ConfigCheck {
  const sent = fields ?? [];
  const values = configValues(sent);
  const present = new Set(sent.map((item) => item.code));
  let missing: string[] = [];
  const errors: Record<string, string> = {};
  for (const spec of form) {
    if (spec.type === 'array') {
      continue;
    }
    const required = spec.required === true;
    if (!present.has(spec.code)) {
      if (required) {
        missing.push(spec.code);
      }
      continue;
    }
    const problem = fieldProblem(spec, values[spec.code] ?? '', required, locale);
    if (problem !== undefined) {
      errors[spec.code] = problem;
    }
  }
  if (sent.length === 0) {
    // No fields at all: every required field is missing (every field if none is).
    const needed = form.filter((spec) => spec.required === true).map((spec) => spec.code);
    missing = needed.length > 0 ? needed : form.map((spec) => spec.code);
  }
  return { values, missing, errors };
}

/**
 * The configuration's values when `fields` pass the `form`; else a PluginError: 400 naming the
 * required codes without entry, or 422 with validationErrors for empty or invalid values.
 */
export function requireValidConfig(
  form: readonly ConstructorField[],
  fields: readonly DatasourceField[] | undefined,
  locale: string,
): ConfigValues {
  const check = checkConfig(form, fields, locale);
  if (check.missing.length > 0) {
    throw new PluginError(runtimeText(locale, 'form.missing', { codes: check.missing.join(', ') }), {
      status: 400,
    });
  }
  const count = Object.keys(check.errors).length;
  if (count > 0) {
    throw new PluginError(runtimeText(locale, 'form.invalid', { count }), {
      validationErrors: check.errors,
    });
  }
  return check.values;
}

/**
 * The disallowed characters in `value`, as readable escapes ('' when there are none): C0/C1
 * controls and the invisible bidirectional overrides, and line breaks and tabs unless `multiline`.
 */
export function disallowedCharacters(value: string, multiline = false): string {
  const found = new Set<string>();
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    if (isDisallowed(code, multiline)) {
      found.add(`U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
    }
  }
  return [...found].sort().join(', ');
}

function isDisallowed(code: number, multiline: boolean): boolean {
  if (code === 0x0a || code === 0x0d || code === 0x09) {
    return !multiline;
  }
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

function fieldProblem(
  spec: ConstructorField,
  value: string,
  required: boolean,
  locale: string,
): string | undefined {
  const text = (key: string, params?: Readonly<Record<string, string | number>>): string =>
    runtimeText(locale, `form.${key}`, params);
  if (pythonStrip(value) === '') {
    return required ? text('required') : undefined;
  }
  const bad = disallowedCharacters(value, spec.type === 'textarea');
  if (bad !== '') {
    return text('disallowed', { chars: bad });
  }
  if ([...value].length > MAX_VALUE_CHARS) {
    return text('tooLong', { max: MAX_VALUE_CHARS });
  }
  if (spec.type === 'password' || spec.type === 'file') {
    return undefined;
  }
  if (spec.type === 'number') {
    return numberProblem(spec, value, text);
  }
  const options = (spec.props?.options ?? []).flatMap((option) =>
    typeof option.value === 'string' ? [option.value] : [],
  );
  const handwriting = spec.props?.allowHandwriting === true;
  if ((spec.type === 'select' || spec.type === 'radio') && options.length > 0 && !handwriting) {
    if (!options.includes(value)) {
      return text('option', { options: options.join(', ') });
    }
  }
  const rule = spec.validationRule;
  if (typeof rule === 'string' && rule !== '' && !matches(rule, value)) {
    return spec.validationMessage ? spec.validationMessage : text('rule');
  }
  return undefined;
}

function numberProblem(
  spec: ConstructorField,
  value: string,
  text: (key: string, params?: Readonly<Record<string, string | number>>) => string,
): string | undefined {
  const digits = pythonStrip(value);
  if (!WHOLE_NUMBER.test(digits)) {
    return text('number');
  }
  const number = BigInt(digits);
  const low = spec.props?.min;
  const high = spec.props?.max;
  if ((low !== undefined && number < BigInt(low)) || (high !== undefined && number > BigInt(high))) {
    return text('range', { min: low ?? '-∞', max: high ?? '∞' });
  }
  return undefined;
}

/** Whether `value` matches the form's own `rule` (an invalid rule accepts everything). */
function matches(rule: string, value: string): boolean {
  let pattern = RULES.get(rule);
  if (pattern === undefined) {
    try {
      pattern = new RegExp(rule);
    } catch {
      pattern = null;
    }
    if (RULES.size >= MAX_RULES) {
      RULES.clear();
    }
    RULES.set(rule, pattern);
  }
  return pattern === null || pattern.test(value);
}
