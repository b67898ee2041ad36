// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/request-metrics.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * The request metrics of a service (observability.ts counts each answered request here):
 * `http_requests_total{operation,method,status}` and `http_request_duration_seconds{operation,method}`
 * with the shared buckets, as every runtime writes them (scaffold/codegen/cases/metrics.json), and
 * what GET /metrics answers (metricsText).
 *
 * A request is counted with a few additions in maps kept here: prom-client's Counter.inc and
 * Histogram.observe took about 2 µs a request between them (each builds a string key of its labels,
 * looks it up in an object and checks every label name), a twentieth of what a small endpoint
 * costs. The two families are still prom-client metrics of the app's Registry: it asks them for
 * their values when /metrics is read (`get`, in the shape its own metrics give) and writes them as
 * it writes every other family, label values escaped alike.
 */
import type { Metric, Registry } from 'prom-client';

import {
  DURATION_BUCKETS,
  DURATION_HELP,
  DURATION_LABELS,
  DURATION_METRIC,
  REQUEST_LABELS,
  REQUESTS_HELP,
  REQUESTS_METRIC,
} from './runtime-constants.js';

/** Counts one answered request: its labels and how long it took. */
export type ObserveRequest = (
  operation: string,
  method: string,
  status: number,
  seconds: number,
) => void;

/** A sample as prom-client's registry reads it: labels, value, and the family's sample name. */
interface Sample {
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
  readonly metricName?: string;
}

/** What prom-client's registry reads of a metric (the shape its own Counter and Histogram have). */
interface Family {
  name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  readonly aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; values: Sample[]; aggregator: 'sum' }>;
  reset(): void;
}

/** The requests of one operation and method: per status, and their durations per bucket. */
interface Series {
  readonly operation: string;
  readonly method: string;
  readonly statuses: Map<number, number>;
  /** Per bound of DURATION_BUCKETS, not cumulative; the last, over every bound (+Inf only). */
  readonly buckets: number[];
  count: number;
  sum: number;
}

/** The index in a series' buckets of the first bound `seconds` is at or under (prom-client's rule). */
function bucketOf(seconds: number): number {
  let index = 0;
  while (index < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[index] ?? Infinity)) {
    index += 1;
  }
  return index;
}

/**
 * The two request families in `registry` (`http_requests_total`, `http_request_duration_seconds`
 * with the shared buckets), as every runtime writes them (scaffold/codegen/cases/metrics.json).
 */
export function requestMetrics(registry: Registry): ObserveRequest {
  const series = new Map<string, Map<string, Series>>(); // by operation, then method
  const all = (): Series[] => [...series.values()].flatMap((methods) => [...methods.values()]);
  const [operationLabel, methodLabel, statusLabel] = REQUEST_LABELS;
  const [durationOperation, durationMethod] = DURATION_LABELS;
  const bucketName = `${DURATION_METRIC}_bucket`;
  const requests: Family = {
    name: REQUESTS_METRIC,
    help: REQUESTS_HELP,
    type: 'counter',
    aggregator: 'sum',
    reset: () => {
      for (const one of all()) {
        one.statuses.clear();
      }
    },
    get: () => {
      const values: Sample[] = [];
      for (const one of all()) {
        for (const [status, value] of one.statuses) {
          const labels = {
            [operationLabel]: one.operation,
            [methodLabel]: one.method,
            [statusLabel]: String(status),
          };
          values.push({ labels, value });
        }
      }
      const { name, help, type, aggregator } = requests;
      return Promise.resolve({ name, help, type, values, aggregator });
    },
  };
  const durations: Family = {
    name: DURATION_METRIC,
    help: DURATION_HELP,
    type: 'histogram',
    aggregator: 'sum',
    reset: () => {
      for (const one of all()) {
        one.buckets.fill(0);
        one.count = 0;
        one.sum = 0;
      }
    },
    get: () => {
      const values: Sample[] = []; // `le` first in each bucket's labels, as prom-client writes it
      for (const one of all().filter((found) => found.count > 0)) {
        const labels = { [durationOperation]: one.operation, [durationMethod]: one.method };
        let below = 0;
        DURATION_BUCKETS.forEach((bound, index) => {
          below += one.buckets[index] ?? 0;
          values.push({ labels: { le: bound, ...labels }, value: below, metricName: bucketName });
        });
        values.push(
          { labels: { le: '+Inf', ...labels }, value: one.count, metricName: bucketName },
          { labels, value: one.sum, metricName: `${DURATION_METRIC}_sum` },
          { labels, value: one.count, metricName: `${DURATION_METRIC}_count` },
        );
      }
      const { name, help, type, aggregator } = durations;
      return Promise.resolve({ name, help, type, values, aggregator });
    },
  };
  // The registry reads only what Family declares of a metric; these are not its classes.
  registry.registerMetric(requests as unknown as Metric);
  registry.registerMetric(durations as unknown as Metric);
  return (operation, method, status, seconds) => {
    if (!Number.isFinite(seconds)) {
      throw new TypeError(`a request's duration must be a number of seconds, not ${seconds}`);
    }
    let methods = series.get(operation);
    if (methods === undefined) {
      methods = new Map();
      series.set(operation, methods);
    }
    let one = methods.get(method);
    if (one === undefined) {
      const buckets = new Array<number>(DURATION_BUCKETS.length + 1).fill(0);
      one = { operation, method, statuses: new Map(), buckets, count: 0, sum: 0 };
      methods.set(method, one);
    }
    one.statuses.set(status, (one.statuses.get(status) ?? 0) + 1);
    const bucket = bucketOf(seconds);
    one.buckets[bucket] = (one.buckets[bucket] ?? 0) + 1;
    one.count += 1;
    one.sum += seconds;
  };
}

/** A histogram bound that is a whole number, as prom-client writes it in `le` (`le="1"`). */
const WHOLE_BOUND = /([{,]le=")(\d+)"/g;

/**
 * What GET /metrics answers: `registry`'s text, a whole-number bucket bound written `1.0` as the
 * Python and Go plugins write it (and Prometheus 3 stores it). `le` is a label, so a query or an
 * alert naming `le="1.0"` would find no series of a TypeScript plugin, whose prom-client writes `1`.
 */
export async function metricsText(registry: Registry): Promise<string> {
  return (await registry.metrics()).replace(WHOLE_BOUND, '$1$2.0"');
}
