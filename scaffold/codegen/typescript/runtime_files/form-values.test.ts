/**
 * The shared form-helper cases (scaffold/codegen/cases/form_values.json, whose "about" says the
 * format), read by the TypeScript runtime: the Python runtime's tests (tests/unit/test_form_values.py)
 * and the Go runtime's (formvalues_test.go) read the same file, so how fields and options are
 * labelled from the catalogue, how a constructor filter splits into trigger values and array groups
 * by arrayIndex, and what a typed read answers for absent are decided once for three languages
 * (issue 40 point 2).
 *
 * SCAFFOLD_FORM_VALUES names the file (tests/functional/test_json_bodies_typescript.py sets it).
 * Unset, the tests fail: a run that skipped the shared cases would pass without deciding anything.
 */

import { describe, expect, it } from 'vitest';

import { Catalog } from './catalog.js';
import { FormTexts } from './form-texts.js';
import {
  type ArrayGroup,
  type FormValues,
  booleanValue,
  filterValues,
  listValue,
  numberValue,
  textValue,
} from './form-values.js';
import { loadSharedCases } from './shared-cases.js';
import type {
  ConstructorField,
  ConstructorFieldPropOption,
  ConstructorFieldType,
  ConstructorFilter,
} from './types.js';

interface FieldCase {
  readonly name: string;
  readonly locale: string;
  readonly prefix: string;
  readonly code: string;
  readonly type: ConstructorFieldType;
  readonly field: ConstructorField;
}

interface OptionsCase {
  readonly name: string;
  readonly locale: string;
  readonly keyPrefix: string;
  readonly values: readonly string[];
  readonly options: readonly ConstructorFieldPropOption[];
}

interface FilterCase {
  readonly name: string;
  readonly filter: ConstructorFilter | null;
  readonly values: FormValues;
  readonly groups: readonly ArrayGroup[];
}

interface ReadCase {
  readonly name: string;
  readonly values: FormValues;
  readonly code: string;
  readonly as: 'text' | 'number' | 'bool' | 'list';
  readonly value: unknown;
}

const FILE = loadSharedCases('SCAFFOLD_FORM_VALUES', 'form_values.json', {
  fields: new Set(['name', 'locale', 'prefix', 'code', 'type', 'field']),
  options: new Set(['name', 'locale', 'keyPrefix', 'values', 'options']),
  filters: new Set(['name', 'filter', 'values', 'groups']),
  reads: new Set(['name', 'values', 'code', 'as', 'value']),
});
const CATALOG = new Catalog(FILE['catalog'] as Record<string, Record<string, string>>);

const READS = { text: textValue, number: numberValue, bool: booleanValue, list: listValue };

describe('form_values.json', () => {
  it.each((FILE['fields'] as readonly FieldCase[]).map((c) => [c.name, c] as const))('field: %s', (_name, c) => {
    expect(new FormTexts(CATALOG, c.locale).field(c.prefix, c.code, c.type)).toStrictEqual(c.field);
  });

  it.each((FILE['options'] as readonly OptionsCase[]).map((c) => [c.name, c] as const))('options: %s', (_name, c) => {
    expect(new FormTexts(CATALOG, c.locale).options(c.keyPrefix, c.values)).toStrictEqual(c.options);
  });

  it.each((FILE['filters'] as readonly FilterCase[]).map((c) => [c.name, c] as const))('filter: %s', (_name, c) => {
    expect(filterValues(c.filter ?? undefined)).toStrictEqual({ values: c.values, groups: c.groups });
  });

  it.each((FILE['reads'] as readonly ReadCase[]).map((c) => [c.name, c] as const))('read: %s', (_name, c) => {
    expect(READS[c.as](c.values, c.code)).toStrictEqual(c.value ?? undefined);
  });
});
