import { AsyncLocalStorage } from 'node:async_hooks';
import { writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { pino, type Logger } from 'pino';

/*
 * The service's one logger (pino). JSON lines by default (production: one object per line for a
 * log collector); `LOG_FORMAT=pretty` (what `npm start` uses) prints `time LEVEL message key=value`.
 * Fields of the current request or activity (requestId; workflowId, activityId) are added to every
 * line logged inside it, wherever the line comes from: see withLogContext.
 */

export type { Logger };
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = (typeof LOG_FORMATS)[number];
/** LOG_LEVEL when it is one (else info): a bad value is named by loadConfig (core/config.ts), not by pino at import. */
export const logLevelOf = (value: string | undefined): LogLevel => ((LOG_LEVELS as readonly string[]).includes(value ?? '') ? (value as LogLevel) : 'info');

const context = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs `fn` with `fields` on every line it logs (nested contexts add up). */
export function withLogContext<T>(fields: Record<string, unknown>, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

let format: LogFormat = process.env.LOG_FORMAT === 'pretty' ? 'pretty' : 'json';

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** `12:00:01.234 WARN message key=value ...`, the error's stack on the lines after. */
function prettyLine(level: number, time: number, msg: string | undefined, fields: Record<string, unknown>, errStack?: string): string {
  let line = `${new Date(time).toISOString().slice(11, 23)} ${LEVEL_NAMES[level] ?? level} ${msg ?? ''}`;
  for (const k in fields) {
    const v = fields[k];
    line += ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`;
  }
  return `${line}${errStack ? `\n${errStack}` : ''}\n`;
}

/** A pino JSON line as prettyLine prints it. */
function prettify(line: string): string {
  const { level, time, msg, err, pid: _pid, hostname: _host, ...rest } = JSON.parse(line) as Record<string, any>;
  return prettyLine(level, time, msg, rest, err?.stack);
}

/**
 * The common calls `log.info('text')` and `log.info({ key: 'plain value' }, 'text')` in the pretty
 * format: printed straight from the arguments, the same line pino's JSON would give once parsed
 * back (the access log writes one per request; the round trip cost more than the rest of the
 * line). Anything else (errors, nested values, format arguments) goes through pino.
 */
function prettyFast(args: unknown[], level: number): string | undefined {
  const [first, second] = args;
  let obj: Record<string, unknown> | undefined;
  let msg: string;
  if (args.length === 1 && typeof first === 'string') msg = first;
  else if (args.length === 2 && typeof second === 'string' && first !== null && typeof first === 'object' && Object.getPrototypeOf(first) === Object.prototype) {
    obj = first as Record<string, unknown>;
    msg = second;
    for (const k in obj) {
      const v = obj[k];
      if (k === 'err' || !(typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) return undefined;
    }
  } else return undefined;
  const fields: Record<string, unknown> = { ...context.getStore() };
  for (const k in obj) fields[k] = typeof obj[k] === 'string' ? truncateText(obj[k] as string) : obj[k];
  return prettyLine(level, Date.now(), truncateText(msg), fields);
}

/**
 * A thread's process.stderr hands every write to the main thread, which writes it (a message per
 * line: the API under `npm start` is a thread of the launcher, whose main thread runs the embedded
 * database). A thread writes to fd 2 itself; process.stderr only when fd 2 would block.
 */
function writeStderr(line: string): void {
  if (isMainThread) return void process.stderr.write(line);
  const bytes = Buffer.from(line);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(2, bytes, written);
  } catch {
    process.stderr.write(bytes.subarray(written));
  }
}

const destination = {
  write(line: string) {
    writeStderr(format === 'pretty' ? prettify(line) : line);
  },
};

/** Longest string a log line carries per field: an error message may hold a whole SQL statement (megabytes). */
export const MAX_LOGGED_STRING = 4000;

/** `s` cut to `max` characters in the middle (the end of a driver error holds the reason), saying how much was cut. */
export function truncateText(s: string, max = MAX_LOGGED_STRING): string {
  if (s.length <= max) return s;
  const head = Math.floor(max * 0.7);
  return `${s.slice(0, head)} … [${s.length - max} characters cut] … ${s.slice(s.length - (max - head))}`;
}

/** pino's error serializer with every string field (message, stack, a driver's `sql`...) truncated. */
function shortError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (out === null || typeof out !== 'object') return out;
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === 'string') out[k] = truncateText(v);
    else if (k === 'cause' && v && typeof v === 'object') out[k] = shortError(v);
  }
  return out;
}

export const log: Logger = pino(
  {
    level: logLevelOf(process.env.LOG_LEVEL),
    base: undefined,
    // A copy: pino merges the call's fields into the object the mixin returns, which would add them
    // to every later line of the same request or activity.
    mixin: () => ({ ...context.getStore() }),
    serializers: { err: shortError },
    hooks: {
      logMethod(args, method, level) {
        if (format === 'pretty' && this === log) {
          const line = prettyFast(args, level);
          if (line !== undefined) return writeStderr(line);
        }
        return method.apply(this, args.map((a) => (typeof a === 'string' ? truncateText(a) : a)) as Parameters<typeof method>);
      },
    },
  },
  destination,
);

/** Applies LOG_LEVEL and LOG_FORMAT from the configuration (entry points call it once). */
export function configureLogging(opts: { logLevel: LogLevel; logFormat?: LogFormat }): void {
  log.level = opts.logLevel;
  if (opts.logFormat) format = opts.logFormat;
}
