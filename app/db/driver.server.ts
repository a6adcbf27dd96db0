/**
 * What the two drivers (node-postgres and PGlite, docs/decisions/0006) answer, read the same way:
 * the rows of a raw `execute`, PostgreSQL's error codes and the connection failures of an outage,
 * whichever driver threw them. Domain code imports these from here, never from the infrastructure
 * that first needed them.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** The rows of `db().execute(sql…)`: both drivers answer `{ rows }`, typed differently. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** PostgreSQL's code and constraint of an error, or of the error a driver wrapped it in. */
function postgresError(error: unknown): { code?: string; constraint?: string } {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null | undefined;
  return { code: e?.code ?? e?.cause?.code, constraint: e?.constraint ?? e?.cause?.constraint };
}

/** A unique-constraint violation (23505), optionally of a constraint whose name contains `constraintPart`. */
export function isUniqueViolation(error: unknown, constraintPart?: string): boolean {
  const { code, constraint = "" } = postgresError(error);
  return code === "23505" && (!constraintPart || constraint.includes(constraintPart));
}

/** A foreign-key violation (23503), e.g. deleting a category in use. */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresError(error).code === "23503";
}

/** Connection-level failures of PostgreSQL (refused, reset, shut down, pool timeout), through `cause` chains. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const codes = new Set([
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "EPIPE",
    "57P01",
    "57P02",
    "57P03",
    "08000",
    "08001",
    "08003",
    "08006",
  ]);
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && codes.has(e.code)) return true;
    if (
      typeof e.message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(e.message)
    )
      return true;
  }
  return false;
}

/**
 * Bytes written to a `bytea` column travel as base64 text that PostgreSQL decodes: both drivers
 * send a bytea parameter as hex text, and the embedded PGlite takes ~5 s to pass 5 MB that way
 * (5.1 s against 0.8 s to store, docs/decisions/0093).
 */
export const bytesParam = (bytes: Buffer): SQL => sql`decode(${bytes.toString("base64")}, 'base64')`;

/** A `bytea` column read back as base64 text (1.5 s against 0.13 s for 5 MB on PGlite); `Buffer.from(…, "base64")` it. */
export const bytesAsBase64 = (column: AnyColumn): SQL<string> => sql<string>`encode(${column}, 'base64')`;
