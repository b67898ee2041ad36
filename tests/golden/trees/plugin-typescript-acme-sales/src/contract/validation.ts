// copied from scaffold 1.6.0 (scaffold/codegen/typescript/runtime_files/validation.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
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
    this.ajv.addSchema({ ...document, $id: 'contract' });
    this.wireNames = propertyNames(document['components']);
  }

  /** Compile the check of a body whose schema is `ref` (`#/components/schemas/X`) now, not on first use. */
  prepare(ref: string): void {
    this.validator(ref);
  }

  /** undefined when `body` matches the schema at `ref`, else the refusal's message in `locale`. */
  problem(ref: string, body: unknown, locale: string): string | undefined {
    const validate = this.validator(ref);
    if (validate(body)) {
      return undefined;
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
