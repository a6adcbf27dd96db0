/**
 * The form stamp (docs/decisions/0090): every lead form carries the time its page was rendered,
 * signed by the server, so a post made without JavaScript says how long its form was open.
 * Public pages are cached for up to ~70 s (s-maxage plus stale-while-revalidate), so a stamp
 * can only be older than the page a visitor sees, never younger: a person is never "too fast"
 * because of the cache.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { db, type Executor } from "~/db/client.server";
import { spamKey } from "./keys.server";

function mac(issuedAt: number, key: string): string {
  return createHmac("sha256", key).update(`stamp.${issuedAt}`).digest("base64url").slice(0, 22);
}

/** The last stamp made: every page rendered in the same second carries the same one. */
let last: { issuedAt: number; key: string; stamp: string } | undefined;

/** A stamp for a form rendered now: `{seconds}.{mac}`. */
export async function formStamp(now = Date.now(), executor: Executor = db()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const key = await spamKey("form-stamp", executor);
  if (last?.issuedAt !== issuedAt || last.key !== key) last = { issuedAt, key, stamp: `${issuedAt}.${mac(issuedAt, key)}` };
  return last.stamp;
}

/** Seconds since a valid stamp was issued; null for a missing, malformed or forged one. */
export async function stampAge(value: unknown, now = Date.now(), executor: Executor = db()): Promise<number | null> {
  if (typeof value !== "string") return null;
  const match = /^(\d{9,11})\.([\w-]{22})$/.exec(value);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(mac(issuedAt, await spamKey("form-stamp", executor)));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Math.floor(now / 1000) - issuedAt;
}
