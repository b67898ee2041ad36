// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/log-lines.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * The log lines every language's service writes (issue 39): what Fastify's logger (pino) is given
 * (loggerOptions: the keys, time form and level names of scaffold/codegen/cases/log_records.json),
 * the readable line of LOG_FORMAT=text (textLogStream), and the escaping that keeps one record on
 * one line (escapeControls, scaffold/codegen/cases/log_lines.json), and each request's logger
 * (requestLogger, which binds its request id). Split from observability.ts, which installs the
 * metrics, probes and access lines that write through them.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

import { LOG_LEVEL_KEY, LOG_LEVELS, LOG_MESSAGE_KEY, LOG_REQUEST_ID_KEY, LOG_TIME_KEY } from './runtime-constants.js';

/** pino's level number (10 trace ... 60 fatal) as every language names it (LOG_LEVELS). */
function levelName(level: unknown): string {
  const index = Math.round(Number(level) / 10) - 1;
  return LOG_LEVELS[Math.min(Math.max(Number.isNaN(index) ? 2 : index, 0), LOG_LEVELS.length - 1)] ?? 'INFO';
}

/** The options of Fastify's logger (pino), by LOG_FORMAT and LOG_LEVEL. */
export type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * What app.ts passes Fastify as `logger`. LOG_FORMAT=json: one JSON object per line with the keys,
 * time form and level names every language writes (scaffold/codegen/cases/log_records.json: `time`
 * in UTC to the millisecond, `level` TRACE..FATAL, `message`, `request_id` in a request), so a log
 * pipeline reads a plugin's lines alike whatever its language; pino's own would be `msg`, a level
 * number and milliseconds since 1970. Text: the same records as one readable line (textLogStream).
 */
export function loggerOptions(
  format: string,
  level: string,
  write: (line: string) => void = (line) => process.stderr.write(line),
): LoggerOptions {
  const shared: LoggerOptions = {
    level,
    messageKey: LOG_MESSAGE_KEY,
    timestamp: () => `,"${LOG_TIME_KEY}":"${new Date().toISOString()}"`,
    formatters: { level: (_label: string, number: number) => ({ [LOG_LEVEL_KEY]: levelName(number) }) },
  };
  return format === 'json' ? shared : { ...shared, stream: textLogStream(write) };
}

/** A logger that says whether a level is written (pino's does; Fastify's type does not promise it). */
interface LevelAware extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

/** What Fastify passes a request's logger: its bindings (the request id) and the child's options. */
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger: Fastify's child of the app's logger with the request id bound, made when the
 * request first writes a line, and never for a request that writes none.
 *
 * Why: pino's child() (its formatters rebuilt, the bindings stringified) took about 1 µs of a
 * request, a fiftieth of an own endpoint's whole path (profiled with --cpu-prof under autocannon,
 * bench/module_typescript.py), and most requests write no line at all once LOG_LEVEL is above INFO.
 * What it writes is the child's, made by the very call Fastify makes (`child(bindings, options)`),
 * so the lines are the same bytes. A line below the level is dropped, as the child would drop it,
 * by asking the parent: until someone sets the child's level, it is its parent's.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined = undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {
    // pino's silent level writes nothing
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  private logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: LevelName, args: unknown[]): void {
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) {
      return;
    }
    const logger = this.logger();
    Reflect.apply(logger[level], logger, args);
  }
}

/**
 * Fastify's `childLoggerFactory` (fastifyOptions): each request's logger, made lazily
 * (RequestLogger). A route with a log level or serializers of its own, or a logger that cannot say
 * which levels it writes, gets its child at once, as Fastify's own factory makes it.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const aware = logger as Partial<LevelAware>;
  if (typeof aware.isLevelEnabled !== 'function' || Object.keys(options).length > 0) {
    return logger.child(bindings, options);
  }
  return new RequestLogger(logger as LevelAware, bindings, options);
}

/**
 * LOG_FORMAT=text: each JSON line Fastify's logger writes, as one readable line (time, level,
 * message, the record's own fields as ` key=value` as Go writes them, request_id); control
 * characters, a stack's newlines included, are escaped so one record stays one line. The fields
 * were dropped before, so a data source's `log.info({ rows }, ...)` lost what it said (issue 40
 * point 3); the access line's fields still are: its message says them. It reads the records loggerOptions makes and pino's own (`msg`, a level
 * number, milliseconds), which an app.ts of an earlier template still asks for.
 */
export function textLogStream(write: (line: string) => void = (line) => process.stderr.write(line)): {
  write(line: string): void;
} {
  return {
    write(line: string): void {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        write(line);
        return;
      }
      const when = record[LOG_TIME_KEY];
      const time = typeof when === 'number' ? new Date(when).toISOString() : typeof when === 'string' ? when : '';
      const grade = record[LOG_LEVEL_KEY];
      const level = typeof grade === 'string' && LOG_LEVELS.some((name) => name === grade) ? grade : levelName(grade);
      const error = record['err'] as { stack?: unknown } | undefined;
      const stack = typeof error?.stack === 'string' ? ` ${error.stack}` : '';
      const requestId = record[LOG_REQUEST_ID_KEY];
      const id = typeof requestId === 'string' ? ` [${LOG_REQUEST_ID_KEY}=${requestId}]` : '';
      const said = record[LOG_MESSAGE_KEY] ?? record['msg'];
      const text = typeof said === 'string' ? said : JSON.stringify(said ?? '');
      const message = escapeControls(`${text}${stack}`);
      write(`${time} ${level} ${message}${textFields(record)}${id}\n`);
    },
  };
}

/** Keys of a record that are not its fields: the line's own parts and pino's process keys. */
const NOT_FIELDS = new Set([LOG_TIME_KEY, LOG_LEVEL_KEY, LOG_MESSAGE_KEY, LOG_REQUEST_ID_KEY, 'msg', 'err', 'pid', 'hostname', 'reqId']);
/** The access line's fields (AccessLog): its message says them already. */
const ACCESS_FIELDS = ['method', 'path', 'status', 'duration_ms', 'operation'];

/** ` key=value` for each field of `record`; a value with a space, quote or `=` is quoted. */
function textFields(record: Record<string, unknown>): string {
  const access = ACCESS_FIELDS.every((key) => key in record);
  let out = '';
  for (const [key, value] of Object.entries(record)) {
    if (NOT_FIELDS.has(key) || (access && ACCESS_FIELDS.includes(key)) || value === undefined) {
      continue;
    }
    let text = typeof value === 'string' ? value : JSON.stringify(value);
    if (text === '' || /[ "=]/u.test(text)) {
      text = JSON.stringify(text);
    }
    out += ` ${escapeControls(key)}=${escapeControls(text)}`;
  }
  return out;
}

const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` with C0 and C1 control characters and the Unicode line separators written as escapes, as
 * the other languages write them (scaffold/codegen/cases/log_lines.json): \n, \r and \t by name,
 * \xNN below U+0100, \uNNNN above. One record stays one line, and no terminal obeys what it quotes.
 */
export function escapeControls(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    if (!control) {
      out += char;
    } else {
      const hex = code.toString(16);
      out += NAMED_ESCAPES[char] ?? (code < 0x100 ? `\\x${hex.padStart(2, '0')}` : `\\u${hex.padStart(4, '0')}`);
    }
  }
  return out;
}
