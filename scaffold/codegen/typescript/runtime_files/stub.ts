/**
 * A stand-in data source for the glue's own tests: every operation answers the spec's own example
 * answer (the first example of its 200 response), whatever the request.
 *
 * The seeded tests of what the routes guarantee (strict bodies, error answers, paths and methods)
 * prove what happens before a data source runs. Run against the team's data source, they
 * failed as soon as it did real work: a health check that needs a URL and a token and calls an
 * upstream answered 422 where they expected 200 (issue 40 point 4). They run against this instead:
 * `buildApp(settings, { dataSource: stubDataSource() })`. The team's own tests call its data source,
 * with a fake upstream (README, "Testing your data source").
 */
import type { DataSourceBase } from './base.js';
import { OPERATIONS, type Operation } from './operations.js';
import { DOCUMENT } from './spec.js';

const JSON_MEDIA = 'application/json';

function child(node: unknown, key: string): unknown {
  return typeof node === 'object' && node !== null && !Array.isArray(node)
    ? (node as Record<string, unknown>)[key]
    : undefined;
}

/** `node`, or what its `$ref` (a pointer into the spec: `#/components/examples/ok`) points at. */
function resolved(node: unknown): unknown {
  const ref = child(node, '$ref');
  if (typeof ref !== 'string' || !ref.startsWith('#/')) {
    return node;
  }
  let at: unknown = DOCUMENT;
  for (const step of ref.slice(2).split('/')) {
    at = child(at, step.replaceAll('~1', '/').replaceAll('~0', '~'));
  }
  return resolved(at);
}

/** The spec's first example answer of `op` (status 200), or undefined if it gives none. */
export function exampleAnswer(op: Operation): unknown {
  const operation = child(child(child(DOCUMENT, 'paths'), op.path), op.httpMethod.toLowerCase());
  const media = resolved(child(child(child(resolved(child(operation, 'responses')), '200'), 'content'), JSON_MEDIA));
  const single = child(media, 'example');
  if (single !== undefined) {
    return single;
  }
  const examples = child(media, 'examples');
  const first: unknown =
    typeof examples === 'object' && examples !== null ? Object.values(examples as Record<string, unknown>)[0] : undefined;
  return child(resolved(first), 'value');
}

/**
 * A data source answering every operation with a copy of its example answer (exampleAnswer). Throws
 * when the spec gives an operation none: the glue's tests need an answer the spec accepts.
 */
export function stubDataSource(): DataSourceBase {
  const methods = OPERATIONS.map((op) => {
    const answer = exampleAnswer(op);
    if (answer === undefined) {
      throw new Error(`the spec gives no example answer of ${op.httpMethod} ${op.path} for the stub to answer`);
    }
    return [op.methodName, () => Promise.resolve(structuredClone(answer))] as const;
  });
  return { secretFields: new Set<string>(), ...Object.fromEntries(methods) } as unknown as DataSourceBase;
}
