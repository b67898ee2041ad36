/**
 * Which of a value's problems a module backend names: the first in the schema's order, as every
 * language's backend does (module_secrets.json's "sealing" cases).
 *
 * The Python backend's pydantic reads a model property by property in the order the schema
 * declares them, each property's absence, type and length together, and a key the model has not
 * after all of them; Go's strict reading does the same. Ajv does not: it checks an object's
 * `required` and `additionalProperties` before its `properties`, so with its first error (allErrors
 * off) a missing or unknown key would be named before a wrong type of an earlier property.
 *
 * So a check keeps Ajv's fast validator, which stops at the first problem, for the common case (a
 * valid value costs nothing more), and only for a value it refuses asks a second validator of the
 * same schema for every problem (allErrors, compiled on the first refusal), then names the one the
 * schema's order puts first: by the places of the problems, each step ranked by the schema's own
 * property order (an array's items by index), an object's own problem before its properties', a
 * missing property at its place among them, a key the schema has not after them all. Where the
 * schema cannot be followed (a composition such as anyOf, a $ref outside the document), the places
 * rank after the known ones and Ajv's own order decides among them.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';

/** A schema node, as JSON Schema writes it. */
type Node = Readonly<Record<string, unknown>>;

/** What an error's place is ranked against: the schema the value was checked by and its document. */
export interface SchemaPlaces {
  /** The schema the value was checked by. */
  readonly schema: unknown;
  /** The document a `#/...` $ref points into (the schema itself when it stands alone). */
  readonly document: unknown;
}

const COMPOSED = new Set(['anyOf', 'oneOf']);
const UNKNOWN_KEY = new Set(['additionalProperties', 'unevaluatedProperties']);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One step of a JSON Pointer as written (`~1` is `/`, `~0` is `~`). */
export function unescapePointer(step: string): string {
  return step.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** The node at `pointer` (`#/components/schemas/X`) in `document`, or undefined. */
export function nodeAt(document: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#')) {
    return undefined;
  }
  let at: unknown = document;
  for (const step of pointer.slice(1).split('/').slice(1).map(unescapePointer)) {
    at = isNode(at) ? at[step] : Array.isArray(at) ? (at as unknown[])[Number(step)] : undefined;
  }
  return at;
}

/** `node` with its local $refs followed (a $ref to itself, or one never ending, gives up). */
function resolved(node: unknown, places: SchemaPlaces): Node | undefined {
  let at = node;
  for (let hops = 0; hops < 32 && isNode(at) && typeof at['$ref'] === 'string'; hops += 1) {
    at = nodeAt(places.document, at['$ref']);
  }
  return isNode(at) && typeof at['$ref'] !== 'string' ? at : undefined;
}

/** The declared property names of `node`, in the schema's order. */
function propertiesOf(node: Node | undefined): readonly string[] {
  const properties = node?.['properties'];
  return isNode(properties) ? Object.keys(properties) : [];
}

/** The rank of each step of `error`'s place, then of the problem at that place (see the file comment). */
function rankOf(error: ErrorObject, value: unknown, places: SchemaPlaces): number[] {
  const ranks: number[] = [];
  let node = resolved(places.schema, places);
  let at = value;
  const steps = error.instancePath === '' ? [] : error.instancePath.slice(1).split('/').map(unescapePointer);
  for (const step of steps) {
    const names = propertiesOf(node);
    if (Array.isArray(at)) {
      const index = Number(step);
      const prefix = node?.['prefixItems'];
      ranks.push(index);
      node = resolved(Array.isArray(prefix) && index < prefix.length ? (prefix as unknown[])[index] : node?.['items'], places);
      at = (at as unknown[])[index];
      continue;
    }
    const rank = names.indexOf(step);
    ranks.push(rank >= 0 ? rank : names.length);
    const properties = node?.['properties'];
    node = resolved(rank >= 0 && isNode(properties) ? properties[step] : node?.['additionalProperties'], places);
    at = isNode(at) ? at[step] : undefined;
  }
  const names = propertiesOf(node);
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty?: unknown }).missingProperty;
    const rank = typeof missing === 'string' ? names.indexOf(missing) : -1;
    ranks.push(rank >= 0 ? rank : names.length);
  } else if (UNKNOWN_KEY.has(error.keyword)) {
    ranks.push(names.length);
  } else {
    ranks.push(-1); // the value's own problem (its type, its bounds) comes before its properties'
  }
  return ranks;
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) {
      return (a[i] ?? 0) - (b[i] ?? 0);
    }
  }
  return a.length - b.length;
}

/**
 * The error the schema's order puts first among `errors` (every problem of `value`, Ajv with
 * allErrors); undefined when there is none. A union (anyOf, oneOf) is ranked at its own place and
 * its own error gives way to its branches' errors, which keep Ajv's order among them: the first
 * branch's first, as Ajv's first error is.
 */
export function firstInSchemaOrder(
  errors: readonly ErrorObject[],
  value: unknown,
  places: SchemaPlaces,
): ErrorObject | undefined {
  const unions = errors.filter((e) => COMPOSED.has(e.keyword));
  // the outermost union an error is inside of, if any
  const unionOf = (error: ErrorObject): ErrorObject | undefined =>
    unions
      .filter((union) => error.schemaPath.startsWith(union.schemaPath + '/'))
      .reduce<ErrorObject | undefined>((outer, union) => (outer === undefined || union.schemaPath.length < outer.schemaPath.length ? union : outer), undefined);
  let first: ErrorObject | undefined;
  let firstRanks: number[] = [];
  for (const error of errors) {
    const union = unionOf(error);
    if (COMPOSED.has(error.keyword) && errors.some((other) => other.schemaPath.startsWith(error.schemaPath + '/'))) {
      continue; // its branches say more
    }
    const ranked = union === undefined ? error : { ...error, instancePath: union.instancePath, keyword: union.keyword };
    const ranks = rankOf(ranked, value, places);
    if (first === undefined || compareRanks(ranks, firstRanks) < 0) {
      first = error;
      firstRanks = ranks;
    }
  }
  return first;
}
