import { pino, type LoggerOptions } from "pino";
import { env } from "~/config.server";

/**
 * How the app's logger is made (exported for its tests). Every `err` goes through
 * `serializeError`: an error's own fields can carry the request it failed on (docs/decisions/0110).
 */
export const loggerOptions: LoggerOptions = {
  level: env.LOG_LEVEL,
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
  serializers: { err: serializeError },
  hooks: {
    // Given an error and no message, pino would make the error's raw message the line's: the
    // serialized one stands in for it.
    logMethod(args, method) {
      const [first] = args as unknown[];
      const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
      if (args.length === 1 && error !== undefined && !(first as { msg?: unknown }).msg) {
        return method.apply(this, [first as object, serializeError(error).message]);
      }
      return method.apply(this, args);
    },
  },
};

/** Structured JSON logs (one line per event) for every server-side part. */
export const logger = pino(loggerOptions);

/**
 * An address as it is logged: its path only, never its query string (search text, tokens, an
 * e-mail, whatever a link or a visitor put there; docs/decisions/0110), with the secrets a path
 * itself holds redacted, and bounded.
 */
export function redactUrl(url: string): string {
  const end = url.search(/[?#]/);
  // Cut before the patterns run, so a 16 kB address costs what a short one does.
  const path = (end === -1 ? url : url.slice(0, end)).slice(0, URL_MAX + MARGIN);
  return bounded(
    path
      // A post's preview link is a secret in the path (docs/decisions/0060).
      .replace(/^(\/previa\/)[^/]+/i, "$1[redacted]")
      // A booking's private links and the admin's calendar feed (docs/decisions/0083).
      .replace(/^(\/agendar\/(?:reserva|cancelar|remarcar)\/|\/agenda\/feed\/)[^/]+/i, "$1[redacted]")
      .replace(/[^/\s]+(?:@|%40)[^/\s]+/gi, "[email]"),
    URL_MAX,
  );
}

/** Every address in a text keeps only its domain ("550 <ana@b.com> unknown" → "550 <…@b.com> unknown"). */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@([^\s<>"'(),;:]+)/g, "…@$1");
}

// The bounds of one logged error (docs/decisions/0110): a line stays a few kilobytes whatever failed.
const URL_MAX = 300;
/** Texts are cut to their bound plus this before any pattern runs on them (longer than any address). */
const MARGIN = 300;
const MESSAGE_MAX = 500;
const SQL_MAX = 300;
const FRAMES = 12;
const FRAME_MAX = 200;
const CAUSE_DEPTH = 3;
const GROUP_MAX = 3;
const ERROR_MAX = 8_000;

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  /** A failed query's SQL, never its parameters. */
  query?: string;
  code?: string | number;
  [field: string]: unknown;
}

/**
 * pino's own `err` serializer copies every enumerable field and the whole message; a failed query
 * (drizzle's DrizzleQueryError, PGlite's errors) carries its parameters in `params` and in its
 * message, so one failed CV upload was a 55 MB line of personal data. This one keeps a chosen few
 * fields: the type, a message without parameters, the stack's frames, a database error's code
 * and names (never `detail` or `where`, which quote values), and the same for the causes.
 */
export function serializeError(value: unknown): LoggedError {
  const full = describe(value, 0, true, undefined);
  if (JSON.stringify(full).length <= ERROR_MAX) return full;
  // Bounded by construction; should a future field break that, the line still stays small.
  const short = describe(value, 0, false, undefined);
  return JSON.stringify(short).length <= ERROR_MAX ? short : { type: short.type, message: bounded(short.message, 200) };
}

function describe(value: unknown, depth: number, withStack: boolean, outerQuery: string | undefined): LoggedError {
  if (!(value instanceof Error)) {
    if (typeof value === "string")
      return { type: "string", message: bounded(withoutAddresses(value.slice(0, MESSAGE_MAX + MARGIN)), MESSAGE_MAX) };
    const type = value === null ? "null" : typeof value === "object" ? (value.constructor?.name ?? "Object") : typeof value;
    const status = (value as { status?: unknown } | null)?.status;
    return { type, message: "", ...(typeof status === "number" ? { status } : {}) };
  }
  const error = value as Error & Record<string, unknown>;
  const query = typeof error.query === "string" && "params" in error ? error.query : undefined;
  const database = isDatabaseError(error);
  // PGlite's error class has a minified name; pg's and PGlite's are the same kind of error.
  const ownType = error.constructor.name && error.constructor.name !== "Error" ? error.constructor.name : error.name;
  const type = database ? "DatabaseError" : bounded(ownType, 80);
  const message = query !== undefined && !database ? "Failed query" : safeMessage(error, database);
  const logged: LoggedError = { type, message };
  // PGlite repeats the failed query on the database error drizzle wraps: said once is enough.
  if (query !== undefined && query !== outerQuery) logged.query = sqlText(query);
  if (database) {
    for (const field of DATABASE_FIELDS) if (typeof error[field] === "string") logged[field] = bounded(error[field], 100);
  } else {
    for (const field of SYSTEM_FIELDS) {
      const v = error[field];
      if (typeof v === "number" || (typeof v === "string" && v.length <= 100)) logged[field] = v;
    }
  }
  if (withStack && typeof error.stack === "string")
    logged.stack = `${type}: ${message}${frames(error.stack, String(error.message), depth)}`;
  if (depth < CAUSE_DEPTH) {
    if (error.cause !== undefined) logged.cause = describe(error.cause, depth + 1, withStack, query ?? outerQuery);
    // An AggregateError (e.g. each address a connection tried), at the top only.
    if (depth === 0 && Array.isArray(error.errors))
      logged.errors = error.errors.slice(0, GROUP_MAX).map((e: unknown) => describe(e, depth + 1, withStack, query ?? outerQuery));
  }
  return logged;
}

/** What PostgreSQL (through pg or PGlite) says of an error: names and codes, never values. */
const DATABASE_FIELDS = ["code", "severity", "schema", "table", "column", "dataType", "constraint", "routine"] as const;
/** A system or library error's own codes (ECONNREFUSED, an HTTP status, an SMTP reply code). */
const SYSTEM_FIELDS = ["code", "errno", "syscall", "address", "port", "status", "statusCode", "responseCode"] as const;

function isDatabaseError(error: Record<string, unknown>): boolean {
  return typeof error.severity === "string" && typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code);
}

/**
 * A message bounded and without addresses. A database error's message may quote the value it
 * refused (`invalid input syntax for type integer: "…"`): what it quotes is kept only when it is one
 * of the names the error reports itself (table, column, constraint…).
 */
function safeMessage(error: Error & Record<string, unknown>, database: boolean): string {
  let message = String(error.message).slice(0, MESSAGE_MAX + MARGIN);
  if (database) {
    const names = new Set(DATABASE_FIELDS.map((f) => error[f]).filter((v) => typeof v === "string"));
    message = message.replace(/"((?:[^"]|"")*)(?:"|$)/g, (quoted, inner: string) => (names.has(inner) ? quoted : '"…"'));
  }
  return bounded(withoutAddresses(message).replace(/\s+/g, " "), MESSAGE_MAX);
}

/**
 * The stack's frames (`    at …` lines), never the message lines above them, which repeat the
 * values: what follows the message as the stack recorded it, or, when the message changed since,
 * only the lines that are frames.
 */
function frames(stack: string, message: string, depth: number): string {
  const at = message ? stack.indexOf(message) : -1;
  const lines = (at === -1 ? stack : stack.slice(at + message.length))
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, depth === 0 ? FRAMES : FRAMES / 3);
  return lines.map((line) => `\n    ${bounded(line.trim(), FRAME_MAX)}`).join("");
}

/**
 * A query's SQL on one line, bounded, its string literals masked (the values are parameters, but a
 * literal is a value too); a literal the cut left open is masked to the end.
 */
function sqlText(query: string): string {
  return bounded(
    query
      .slice(0, SQL_MAX + MARGIN)
      .replace(/'(?:[^']|'')*(?:'|$)/g, "'…'")
      .replace(/\s+/g, " "),
    SQL_MAX,
  );
}

function bounded(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
