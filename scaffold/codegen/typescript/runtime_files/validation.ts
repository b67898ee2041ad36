/**
 * Request bodies checked against the contract's own JSON Schemas, exactly as strict as the spec.
 *
 * Fastify's built-in validation is lax for a contract: its Ajv coerces types ("1" passes for an
 * integer, `true` too), removes undeclared properties silently, and can accept a `oneOf` body that
 * matches two branches while it mutates the data trying them. So the routes validate each body
 * themselves with one Ajv (JSON Schema 2020-12, which OpenAPI 3.1 uses) that coerces nothing,
 * removes nothing and fills in no defaults, compiled once at start from the spec document
 * (`spec.ts`). OpenAPI's annotations (`example`, `x-...`) are not JSON Schema keywords: Ajv ignores
 * them (`strict: false`). `format: int32` and `int64` bound integers as their names say.
 *
 * An integer is the exact value of its literal, as JSON Schema's "integer" means and as the Python
 * and Go plugins read it, not the double JSON.parse made of it: 9223372036854775807.0 is int64's
 * greatest (its double, 2^63, is not), -92233720368547758090e-1 is below int64 (its double, -2^63,
 * is not), 1.0000000000000001 is no integer (its double, 1, is). So every integer schema is judged
 * by the keyword INTEGER instead of Ajv's `type` and `format` (`integersJudgedHere`), which reads
 * the literal of a number whose double misstates it (`misstatedNumbers`, from the body's text; most
 * bodies have none). The data source still receives the double: a `number` cannot hold more.
 *
 * A refusal is the contract's "request format is wrong" (400), described without echoing the input
 * (the same texts as the Python plugin): where each problem is, by the contract's own property
 * names only (a map key or any other name taken from the body shows as `*`), and what is wrong, at
 * most three problems.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

import { runtimeText } from './catalog.js';

const MAX_PROBLEMS = 3;
const MAX_MESSAGE = 600;
const INT32 = 2 ** 31;
const INT64 = 2 ** 63;
const INTEGER = 'x-scaffold-integer';

const TYPE_PROBLEMS: Readonly<Record<string, string>> = {
  string: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
};
const KEYWORD_PROBLEMS: Readonly<Record<string, string>> = {
  required: 'missing',
  minimum: 'range',
  maximum: 'range',
  exclusiveMinimum: 'range',
  exclusiveMaximum: 'range',
  format: 'range',
  minLength: 'length',
  maxLength: 'length',
  minItems: 'length',
  maxItems: 'length',
  minProperties: 'length',
  maxProperties: 'length',
  enum: 'choice',
  const: 'choice',
  additionalProperties: 'unknown',
  unevaluatedProperties: 'unknown',
};

export class BodyValidator {
  private readonly ajv: Ajv2020;
  private readonly wireNames: ReadonlySet<string>;
  private readonly compiled = new Map<string, ValidateFunction>();
  /** The misstated numbers of the body being checked, by instance path (JSON pointer). */
  private literals: ReadonlyMap<string, ExactLiteral> | undefined;

  /** `document` is the OpenAPI document whose `components.schemas` the bodies' `$ref`s name. */
  constructor(document: Readonly<Record<string, unknown>>) {
    this.ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      coerceTypes: false,
      useDefaults: false,
      removeAdditional: false,
      validateSchema: false,
      addUsedSchema: false,
      verbose: true, // errors carry the data, so a null can be told as "null is not allowed"
    });
    this.ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -INT32 && n < INT32 });
    this.ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -INT64 && n < INT64 });
    // `uri` (the metadata's baseUrl and website, answers only): an absolute URL, as WHATWG's parser reads one
    this.ajv.addFormat('uri', { type: 'string', validate: (text: string) => URL.canParse(text) });
    // Ajv calls a keyword's function with the data's place (`instancePath`, a JSON pointer)
    const judge = (rule: IntegerRule, data: unknown, _schema?: unknown, cxt?: { instancePath: string }): boolean => {
      const error = integerError(rule, data, this.literals?.get(cxt?.instancePath ?? ''));
      judge.errors = error === undefined ? [] : [error];
      return error === undefined;
    };
    judge.errors = [] as Partial<ErrorObject>[];
    this.ajv.addKeyword({ keyword: INTEGER, schemaType: 'object', errors: true, validate: judge });
    this.ajv.addSchema({ ...(integersJudgedHere(document) as Record<string, unknown>), $id: 'contract' });
    this.wireNames = propertyNames(document['components']);
  }

  /** Compile the check of a body whose schema is `ref` (`#/components/schemas/X`) now, not on first use. */
  prepare(ref: string): void {
    this.validator(ref);
  }

  /**
   * undefined when `body` matches the schema at `ref`, else the refusal's message in `locale`.
   * `text` is the JSON text `body` was parsed from: its integers are judged by their literals.
   */
  problem(ref: string, body: unknown, locale: string, text?: string): string | undefined {
    const validate = this.validator(ref);
    this.literals = text === undefined ? undefined : misstatedNumbers(text);
    try {
      if (validate(body)) {
        return undefined;
      }
    } finally {
      this.literals = undefined;
    }
    return this.describe(validate.errors ?? [], locale);
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.compiled.get(ref);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: `contract${ref}` });
      this.compiled.set(ref, validate);
    }
    return validate;
  }

  /**
   * undefined when `value` matches the schema at `ref` (a JSON pointer into the document, such as an
   * answer's schema under `#/paths/...`), else where and what is wrong, without the request wording.
   */
  mismatch(ref: string, value: unknown, locale: string): string | undefined {
    const validate = this.validator(ref);
    return validate(value) ? undefined : this.parts(validate.errors ?? [], locale);
  }

  private describe(errors: readonly ErrorObject[], locale: string): string {
    const message = runtimeText(locale, 'body.schema', { problems: this.parts(errors, locale) });
    return message.length <= MAX_MESSAGE ? message : message.slice(0, MAX_MESSAGE - 1) + '…';
  }

  private parts(errors: readonly ErrorObject[], locale: string): string {
    const parts: string[] = [];
    const branches = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.schemaPath);
    for (const error of errors) {
      // inside a oneOf/anyOf, the branches' own errors say less than "the value is not valid" there
      if (branches.some((path) => error.schemaPath !== path && error.schemaPath.startsWith(path + '/'))) {
        continue;
      }
      const where = this.location(error);
      const part = `${where || runtimeText(locale, 'body.where')}: ${runtimeText(locale, `problem.${problemOf(error)}`)}`;
      if (!parts.includes(part)) {
        parts.push(part);
      }
    }
    let text = parts.slice(0, MAX_PROBLEMS).join('; ');
    if (parts.length > MAX_PROBLEMS) {
      text += ' ' + runtimeText(locale, 'body.more', { count: parts.length - MAX_PROBLEMS });
    }
    return text;
  }

  /** The place of a problem as `dataQuery.0.refID`: indices, and the contract's names, else `*`. */
  private location(error: ErrorObject): string {
    const steps = error.instancePath === '' ? [] : error.instancePath.slice(1).split('/');
    const params = error.params as Record<string, unknown>;
    const missing = params['missingProperty'];
    if (error.keyword === 'required' && typeof missing === 'string') {
      steps.push(missing);
    } else if (error.keyword === 'additionalProperties' && typeof params['additionalProperty'] === 'string') {
      steps.push(String(params['additionalProperty']));
    }
    return steps
      .map((step) => step.replaceAll('~1', '/').replaceAll('~0', '~'))
      .map((step) => (/^\d+$/.test(step) || this.wireNames.has(step) ? step : '*'))
      .join('.');
  }
}

function problemOf(error: ErrorObject): string {
  if (error.keyword === 'type') {
    if (error.data === null) {
      return 'null';
    }
    const expected = (error.params as { type?: unknown }).type;
    const types: unknown[] = Array.isArray(expected) ? (expected as unknown[]) : [expected];
    const first = types.find((t) => t !== 'null');
    return TYPE_PROBLEMS[String(first)] ?? 'invalid';
  }
  return KEYWORD_PROBLEMS[error.keyword] ?? 'invalid';
}

/** Every property name declared anywhere in `schemas`: the names a message may repeat. */
function propertyNames(schemas: unknown): ReadonlySet<string> {
  const names = new Set<string>();
  const stack: unknown[] = [schemas];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
    } else if (typeof node === 'object' && node !== null) {
      const properties = (node as Record<string, unknown>)['properties'];
      if (typeof properties === 'object' && properties !== null) {
        Object.keys(properties).forEach((name) => names.add(name));
      }
      stack.push(...Object.values(node as Record<string, unknown>));
    }
  }
  return names;
}

/** What INTEGER knows of an integer schema: the types it allows (`integer` among them), its format. */
interface IntegerRule {
  readonly types: readonly string[];
  readonly format?: 'int32' | 'int64';
}

/** A number's literal judged exactly: whole or not, and when whole its value (undefined past 20 digits). */
interface ExactLiteral {
  readonly whole: boolean;
  readonly value: bigint | undefined;
}

const LIMITS = { int32: [INT32, 2n ** 31n], int64: [INT64, 2n ** 63n] } as const;

/** Ajv's error for `data` under `rule` (its literal, when misstated), or undefined when it passes. */
function integerError(rule: IntegerRule, data: unknown, literal: ExactLiteral | undefined): Partial<ErrorObject> | undefined {
  if (typeof data !== 'number' || (rule.types.includes('number') && Number.isFinite(data))) {
    return rule.types.some((type) => isOfType(type, data))
      ? undefined
      : { keyword: 'type', params: { type: rule.types }, message: `must be ${rule.types.join(',')}` };
  }
  if (!(literal?.whole ?? Number.isInteger(data))) {
    return { keyword: 'type', params: { type: 'integer' }, message: 'must be integer' };
  }
  const [double, exact] = rule.format === undefined ? [Infinity, undefined] : LIMITS[rule.format];
  const within =
    literal === undefined || exact === undefined
      ? Number.isFinite(data) && data >= -double && data < double
      : literal.value !== undefined && literal.value >= -exact && literal.value < exact;
  return within ? undefined : { keyword: 'format', params: { format: rule.format ?? 'integer' }, message: 'out of range' };
}

function isOfType(type: string, data: unknown): boolean {
  switch (type) {
    case 'null':
      return data === null;
    case 'array':
      return Array.isArray(data);
    case 'object':
      return typeof data === 'object' && data !== null && !Array.isArray(data);
    case 'number':
      return typeof data === 'number' && Number.isFinite(data);
    default:
      return typeof data === type; // string, boolean
  }
}

/** A copy of `node` (the document) whose integer schemas are judged by INTEGER, not `type`/`format`. */
function integersJudgedHere(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(integersJudgedHere);
  }
  if (typeof node !== 'object' || node === null) {
    return node;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    copy[key] = integersJudgedHere(value);
  }
  const type = copy['type'];
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t) => typeof t === 'string') : [];
  if (types.includes('integer')) {
    const format = copy['format'] === 'int32' || copy['format'] === 'int64' ? copy['format'] : undefined;
    copy[INTEGER] = format === undefined ? { types } : { types, format };
    delete copy['type'];
    if (format !== undefined) {
      delete copy['format'];
    }
  }
  return copy;
}

// A literal whose double may misstate it as an integer: 16 digits or more (a double tells 15
// apart), or an exponent (a digit run that starts no word, so "a1e5" in a string does not count).
const MISSTATABLE = /\d(?:\.?\d){15}|(?<![\w.])\d+(?:\.\d+)?[eE]/;
const TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|-?\d[\d.eE+-]*|[{}[\],]/g;
const LITERAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * The numbers of the (valid) JSON `text` whose double misstates them as integers, by JSON pointer
 * (Ajv's instancePath); undefined when there is none, as in most bodies, found without a walk.
 */
function misstatedNumbers(text: string): ReadonlyMap<string, ExactLiteral> | undefined {
  if (!MISSTATABLE.test(text)) {
    return undefined;
  }
  const found = new Map<string, ExactLiteral>();
  const path: (string | number)[] = []; // the key or index of each open container's member
  let key = false; // the next string is a key
  for (const [token] of text.matchAll(TOKEN)) {
    const top = path.length - 1;
    if (token === '{' || token === '[') {
      path.push(token === '{' ? '' : 0);
      key = token === '{';
    } else if (token === '}' || token === ']') {
      path.pop();
    } else if (token === ',') {
      key = typeof path[top] === 'string';
      path[top] = key ? '' : (path[top] as number) + 1;
    } else if (token.startsWith('"')) {
      if (key) {
        path[top] = JSON.parse(token) as string;
        key = false;
      }
    } else {
      const literal = exactLiteral(token);
      if (misstates(literal, Number(token))) {
        found.set(path.map((step) => `/${String(step).replaceAll('~', '~0').replaceAll('/', '~1')}`).join(''), literal);
      }
    }
  }
  return found.size > 0 ? found : undefined;
}

/** The literal `token` judged exactly, from its digits and exponent (no number is built). */
function exactLiteral(token: string): ExactLiteral {
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = LITERAL.exec(token) ?? [];
  const digits = (whole + fraction).replace(/^0+/, '');
  let last = digits.length;
  while (last > 0 && digits[last - 1] === '0') {
    last -= 1; // a loop, not /0+$/, which backtracks over every run of zeros
  }
  if (last === 0) {
    return { whole: true, value: 0n };
  }
  const scale = Number(exponent) - fraction.length + (digits.length - last);
  if (scale < 0) {
    return { whole: false, value: undefined };
  }
  if (last + scale > 20) {
    return { whole: true, value: undefined }; // beyond any int64
  }
  const value = BigInt(digits.slice(0, last)) * 10n ** BigInt(scale);
  return { whole: true, value: sign === '-' ? -value : value };
}

const FORMATS: readonly IntegerRule[] = [{ types: ['integer'], format: 'int32' }, { types: ['integer'], format: 'int64' }];

/** Whether the double misjudges the literal: whole or not (1e309's double, Infinity, is not), within int32 or int64 or not. */
function misstates(literal: ExactLiteral, double: number): boolean {
  return FORMATS.some((rule) => integerError(rule, double, literal)?.keyword !== integerError(rule, double, undefined)?.keyword);
}
