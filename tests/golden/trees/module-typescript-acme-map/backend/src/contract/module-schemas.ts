// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/module-schemas.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * JSON Schema checks of a module backend: the own endpoints' TypeBox schemas and the contract's
 * own schemas (the well-known and demo answers, and the conformance test's answer checks).
 *
 * One Ajv for JSON Schema 2020-12 (what OpenAPI 3.1 and TypeBox write) that coerces nothing
 * ("1" is no integer), removes nothing and fills in no defaults: Fastify's own validator does all
 * three, which a contract cannot allow. An integer is a number without fraction, however it was
 * written (79.0 is one), as JSON Schema says. The own endpoints' schemas are compiled strictly (an
 * unknown keyword or format is a mistake the route's registration reports); the contract document
 * carries OpenAPI annotations (`example`, `x-...`) and is compiled leniently.
 *
 * A problem is described without echoing the input (a body may hold secrets): its place by the
 * schema's declared property names only (any other key shows as `*`, an array item as `[i]`) and
 * what is wrong in Ajv's words, which name the schema's rules, never the data. Of several, the
 * first in the schema's order is named, as every language's backend names it
 * (module-schema-order.ts): a refused value is checked again for all its problems.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

import { type SchemaPlaces, firstInSchemaOrder, nodeAt, unescapePointer } from './module-schema-order.js';
import { moduleText } from './module-texts.js';

/** A compiled check: undefined when `value` matches, else where (below `where`) and what is wrong. */
export interface SchemaCheck {
  problem(value: unknown, where: string): string | undefined;
}

const OPTIONS = {
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  allErrors: false,
  addUsedSchema: false,
  logger: false,
} as const;

let strictAjv: Ajv2020 | undefined;
let strictAllAjv: Ajv2020 | undefined;

function strictAjvOf(allErrors: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    ...OPTIONS,
    allErrors,
    strictSchema: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
  });
  ajv.addKeyword('example'); // OpenAPI's annotation, which authors may copy into a schema
  return ajv;
}

/** The one strict Ajv of the process (compiling is per schema; a check keeps no state). */
function strict(): Ajv2020 {
  strictAjv ??= strictAjvOf(false);
  return strictAjv;
}

/** The strict Ajv that finds every problem: only a refused value is checked by it again. */
function strictAll(): Ajv2020 {
  strictAllAjv ??= strictAjvOf(true);
  return strictAllAjv;
}

/** Every property name `schema` declares, nested schemas included: the names a message may show. */
export function propertyNames(schema: unknown): ReadonlySet<string> {
  const names = new Set<string>();
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      pending.push(...(node as unknown[]));
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      const properties = record['properties'];
      if (typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
        for (const name of Object.keys(properties)) {
          names.add(name);
        }
      }
      pending.push(...Object.values(record));
    }
  }
  return names;
}

/** `where` and the steps of `pointer` into `value`: `payload.items[0].*`. */
function placeOf(pointer: string, value: unknown, where: string, known: ReadonlySet<string>): string {
  let place = where;
  let at: unknown = value;
  for (const step of pointer.split('/').slice(1).map(unescapePointer)) {
    if (Array.isArray(at)) {
      place += `[${step}]`;
      at = (at as unknown[])[Number(step)];
    } else {
      place += `.${known.has(step) ? step : '*'}`;
      at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[step] : undefined;
    }
  }
  return place;
}

/** The sentence of the first problem Ajv found in `value`. */
export function describeProblem(
  error: ErrorObject | undefined,
  value: unknown,
  where: string,
  known: ReadonlySet<string>,
): string {
  if (error === undefined) {
    return `${where}: does not match its schema`;
  }
  const place = placeOf(error.instancePath, value, where, known);
  if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
    return moduleText('endpoint.extra', { where: place });
  }
  if (error.keyword === 'required') {
    const named = (error.params as { missingProperty?: unknown }).missingProperty;
    const missing = typeof named === 'string' ? named : '';
    return `${place}.${known.has(missing) ? missing : '*'}: must be present`;
  }
  return `${place}: ${error.message ?? 'does not match its schema'}`;
}

/**
 * The check of `validate` (Ajv's first error only: a valid value costs no more), whose refusals
 * name the first problem in the schema's order, found by `everyProblem` (compiled on the first
 * refusal) among all of them.
 */
function checkOf(
  validate: ValidateFunction,
  everyProblem: () => ValidateFunction,
  places: SchemaPlaces,
  known: ReadonlySet<string>,
): SchemaCheck {
  let all: ValidateFunction | undefined;
  return {
    problem(value: unknown, where: string): string | undefined {
      if (validate(value)) {
        return undefined;
      }
      all ??= everyProblem();
      all(value);
      const first = firstInSchemaOrder(all.errors ?? [], value, places) ?? validate.errors?.[0];
      return describeProblem(first, value, where, known);
    },
  };
}

/** The strict check of a TypeBox (JSON) schema; throws when Ajv cannot compile it. */
export function compileCheck(schema: Readonly<Record<string, unknown>>): SchemaCheck {
  const places = { schema, document: schema };
  return checkOf(strict().compile(schema), () => strictAll().compile(schema), places, propertyNames(schema));
}

/** Checks against the schemas of one OpenAPI document (`$ref`s into it resolve). */
export class DocumentChecks {
  private readonly document: Readonly<Record<string, unknown>>;
  private readonly ajv: Ajv2020;
  private allAjv: Ajv2020 | undefined;
  private readonly known: ReadonlySet<string>;
  private readonly compiled = new Map<string, SchemaCheck>();

  constructor(document: Readonly<Record<string, unknown>>) {
    this.document = document;
    this.ajv = this.ajvOf(false);
    this.known = propertyNames(document['components']);
  }

  private ajvOf(allErrors: boolean): Ajv2020 {
    const ajv = new Ajv2020({ ...OPTIONS, allErrors, strict: false, validateSchema: false });
    ajv.addSchema({ ...this.document, $id: 'module-contract' });
    return ajv;
  }

  /** The check of the schema at `pointer` in the document (`#/components/schemas/X`). */
  at(pointer: string): SchemaCheck {
    let check = this.compiled.get(pointer);
    if (check === undefined) {
      const reference = { $ref: `module-contract${pointer}` };
      const everyProblem = (): ValidateFunction => {
        this.allAjv ??= this.ajvOf(true);
        return this.allAjv.compile(reference);
      };
      const places = { schema: nodeAt(this.document, pointer), document: this.document };
      check = checkOf(this.ajv.compile(reference), everyProblem, places, this.known);
      this.compiled.set(pointer, check);
    }
    return check;
  }
}

/**
 * Keywords an answer schema may use for `answerSerializer` to serialise it: the types and what
 * only constrains or annotates a value. Any other (anyOf, $ref, `default`, patternProperties, an
 * additionalProperties other than false, ...) changes what Fastify's serializer (fast-json-stringify)
 * writes, and such a schema is left to it.
 */
const PLAIN_KEYWORDS = new Set([
  ...['type', 'properties', 'required', 'items', 'additionalProperties', 'enum', 'const'],
  ...['title', 'description', 'examples', 'example', '$comment', 'deprecated', 'readOnly', 'writeOnly'],
  ...['format', 'minLength', 'maxLength', 'pattern', 'contentEncoding', 'contentMediaType'],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  ...['minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties'],
]);
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** A property name a plain object would not keep in place: an array index comes first, `__proto__` is no key. */
const UNPLAIN_NAME = /^(?:0|[1-9][0-9]*|__proto__)$/;

/** What of a checked value is written: undefined for a value written as it is. */
type Projection = ((value: unknown) => unknown) | undefined;

/** The projection of `schema`, or null when the schema is not plain (PLAIN_KEYWORDS). */
function projectionOf(schema: unknown): Projection | null {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return null;
  }
  const node = schema as Record<string, unknown>;
  if (Object.keys(node).some((keyword) => !PLAIN_KEYWORDS.has(keyword))) {
    return null;
  }
  const type = node['type'];
  if (typeof type === 'string' && PRIMITIVE_TYPES.has(type)) {
    return node['properties'] === undefined && node['items'] === undefined ? undefined : null;
  }
  if (type === 'array' && node['properties'] === undefined) {
    const item = projectionOf(node['items']);
    if (item === null) {
      return null;
    }
    const each = item;
    return each === undefined ? undefined : (value) => (value as unknown[]).map((entry) => each(entry));
  }
  const properties = node['properties'];
  const closed = node['additionalProperties'] === undefined || node['additionalProperties'] === false;
  if (type !== 'object' || !closed || node['items'] !== undefined || typeof properties !== 'object' || properties === null) {
    return null;
  }
  const fields: [string, Projection][] = [];
  for (const [name, property] of Object.entries(properties)) {
    const projection = projectionOf(property);
    if (projection === null || UNPLAIN_NAME.test(name)) {
      return null;
    }
    fields.push([name, projection]);
  }
  return (value) => {
    const record = value as Record<string, unknown>;
    const kept: Record<string, unknown> = {};
    for (const [name, projection] of fields) {
      const field = record[name];
      if (field !== undefined) {
        kept[name] = projection === undefined ? field : projection(field);
      }
    }
    return kept;
  };
}

/**
 * The serializer of answers `schema` has checked, when the schema is plain: a copy of the answer
 * with the schema's properties only, in its order, written by JSON.stringify. That is what
 * fast-json-stringify, Fastify's serializer, writes of such an answer (undeclared properties
 * dropped), in a third of the time: it builds the text a piece at a time, and Node then flattens
 * it to count its bytes. undefined for any other schema: Fastify's serializer writes it.
 */
export function answerSerializer(
  schema: Readonly<Record<string, unknown>>,
): ((answer: unknown) => string) | undefined {
  const projection = projectionOf(schema);
  if (projection === null) {
    return undefined;
  }
  return projection === undefined
    ? (answer) => JSON.stringify(answer)
    : (answer) => JSON.stringify(projection(answer));
}
