/**
 * Exactly-once storage of lead submissions. A submission's key (sent by the browser, or the hash
 * of its content when it was posted without JavaScript) is claimed in the same transaction that
 * stores the lead, so a retry, a double submit or a reload is answered with the first result and
 * stores nothing. Two copies in flight at once: PostgreSQL makes the second wait on the key's
 * unique index until the first commits, then it reads the first one's result.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { submissionKeys } from "~/db/schema";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What a browser may send as a key (app/shell/early/idempotency-key.ts sends 32 hex digits). */
const CLIENT_KEY = /^[A-Za-z0-9_-]{16,100}$/;

export function isValidClientKey(value: unknown): value is string {
  return typeof value === "string" && CLIENT_KEY.test(value);
}

/**
 * The stored key of a submission: the client's key when it sent a valid one; otherwise, for a
 * post made without JavaScript, the hash of what was submitted (the same text twice is one lead);
 * otherwise none (API clients that send no key get no deduplication).
 */
export function submissionKey(form: string, clientKey: unknown, content?: unknown): string | null {
  if (isValidClientKey(clientKey)) return `${form}:k:${clientKey}`;
  if (content === undefined) return null;
  return `${form}:c:${createHash("sha256").update(stableJson(content)).digest("base64url")}`;
}

class AlreadyStored extends Error {}

/** Runs `store` in a transaction, once per key; a repeated key gets the first run's result. */
export async function storeOnce<R>(key: string | null, form: string, store: (tx: Transaction) => Promise<R>): Promise<R> {
  if (!key) return db().transaction(store);
  try {
    return await db().transaction(async (tx) => {
      const [claimed] = await tx.insert(submissionKeys).values({ key, form }).onConflictDoNothing().returning({ key: submissionKeys.key });
      if (!claimed) throw new AlreadyStored();
      const result = await store(tx);
      await tx
        .update(submissionKeys)
        .set({ result: result ?? null })
        .where(eq(submissionKeys.key, key));
      return result;
    });
  } catch (error) {
    if (!(error instanceof AlreadyStored)) throw error;
    const [row] = await db().select({ result: submissionKeys.result }).from(submissionKeys).where(eq(submissionKeys.key, key));
    return row?.result as R;
  }
}

/** JSON with sorted keys, so the same content always hashes the same. */
function stableJson(value: unknown): string {
  // Bytes (an attached file) by their digest: walking megabytes key by key would take seconds.
  if (value instanceof Uint8Array) return JSON.stringify(`sha256:${createHash("sha256").update(value).digest("hex")}`);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
