/**
 * The example's sample dataset: in memory, generated deterministically, no file and no network.
 *
 * Tables (the same as the Python example's sample database, and the same values):
 *
 * - `cpu_metrics(time, host, region, usage, iowait)`: one row per host per minute;
 * - `servers(hostname, region, role, cores, memory_gb)`: the three sample hosts.
 *
 * cpu_metrics spans DAYS_BEFORE days before and DAYS_AFTER days after the UTC midnight of the day
 * the plugin started, so a new plugin shows data for "the last hours" at once. Its rows are not
 * stored: each is a pure function of (host, time), made when a query reads its time range.
 */

export const STEP_SECONDS = 60;
export const DAY = 86_400;
export const DAYS_BEFORE = 7;
export const DAYS_AFTER = 7;

export type ColumnKind = 'time' | 'text' | 'number';
export type Value = string | number;
export type Row = Readonly<Record<string, Value>>;

export interface Column {
  readonly name: string;
  readonly kind: ColumnKind;
}

export interface Table {
  readonly name: string;
  readonly columns: readonly Column[];
  /** The time column queries filter by time range ('' when the table has none). */
  readonly timeColumn: string;
  /** The rows whose time lies in [from, to] (both inclusive, either may be absent), in time order. */
  rows(from?: number, to?: number): Iterable<Row>;
}

export const HOSTS = [
  { hostname: 'db-01', region: 'eu-west', role: 'primary', cores: 16, memory_gb: 64 },
  { hostname: 'db-02', region: 'eu-west', role: 'replica', cores: 8, memory_gb: 32 },
  { hostname: 'db-03', region: 'eu-north', role: 'replica', cores: 8, memory_gb: 32 },
] as const;

/** A deterministic value in [-1, 1) from (host, t): sample data without a random generator. */
function noise(host: number, t: number, salt: number): number {
  // (t / 60 * 2654435761 + host * 40503 + salt * 9973) mod 2000, without leaving safe integers
  const minute = Math.floor(t / 60) % 2000;
  return ((minute * 1761 + host * 40503 + salt * 9973) % 2000) / 1000 - 1;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function cpuUsage(host: number, t: number): number {
  const daily = Math.sin((2 * Math.PI * (t % DAY)) / DAY + host);
  const hourly = Math.sin(((2 * Math.PI * t) / 3600) * 0.7 + 2 * host);
  return round2(40 + 20 * daily + 6 * hourly + 2 * noise(host, t, 1));
}

export function cpuIowait(host: number, t: number): number {
  return round2(
    Math.max(0, 2 + 1.5 * Math.sin((2 * Math.PI * t) / 7200 + host) + 0.5 * noise(host, t, 2)),
  );
}

/** The (first, last) minute of cpu_metrics for a plugin started at `now` (unix seconds). */
export function sampleWindow(now: number): [number, number] {
  const end = now - (now % DAY) + DAYS_AFTER * DAY;
  return [end - (DAYS_BEFORE + DAYS_AFTER) * DAY, end - STEP_SECONDS];
}

function cpuMetrics(now: number): Table {
  const [first, last] = sampleWindow(now);
  return {
    name: 'cpu_metrics',
    columns: [
      { name: 'time', kind: 'time' },
      { name: 'host', kind: 'text' },
      { name: 'region', kind: 'text' },
      { name: 'usage', kind: 'number' },
      { name: 'iowait', kind: 'number' },
    ],
    timeColumn: 'time',
    *rows(from?: number, to?: number): Iterable<Row> {
      const low = Math.max(first, Math.ceil((from ?? first) / STEP_SECONDS) * STEP_SECONDS);
      const high = Math.min(last, to ?? last);
      for (let t = low; t <= high; t += STEP_SECONDS) {
        for (const [index, host] of HOSTS.entries()) {
          yield {
            time: t,
            host: host.hostname,
            region: host.region,
            usage: cpuUsage(index, t),
            iowait: cpuIowait(index, t),
          };
        }
      }
    },
  };
}

function servers(): Table {
  return {
    name: 'servers',
    columns: [
      { name: 'hostname', kind: 'text' },
      { name: 'region', kind: 'text' },
      { name: 'role', kind: 'text' },
      { name: 'cores', kind: 'number' },
      { name: 'memory_gb', kind: 'number' },
    ],
    timeColumn: '',
    rows: () => HOSTS,
  };
}

/** The sample dataset's tables by name, cpu_metrics around the day of `now` (unix seconds). */
export function sampleTables(now: number): ReadonlyMap<string, Table> {
  return new Map([cpuMetrics(now), servers()].map((table) => [table.name, table]));
}

export function columnsOf(table: Table, kind?: ColumnKind): string[] {
  return table.columns
    .filter((column) => kind === undefined || column.kind === kind)
    .map((c) => c.name);
}
