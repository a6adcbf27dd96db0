/**
 * Fixed-window counters kept in PostgreSQL, so every app instance shares them (README "Running several instances").
 * Limits given here are multiplied by RATE_LIMIT_FACTOR.
 */
import { sql } from "drizzle-orm";
import { scaledLimit } from "~/config.server";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { fail } from "~/infra/http.server";

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  limit: number;
  retryAfterSeconds: number;
}

/** Counts one hit against `key` and says whether it is still within `limit` per `windowSeconds`. */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const max = scaledLimit(limit);
  const result = await db().execute<{ count: number; retry: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, ceil(extract(epoch from (reset_at - now())))::int as retry`);
  const row = rowsOf<{ count: number; retry: number }>(result)[0];
  const count = Number(row?.count ?? 1);
  return { allowed: count <= max, count, limit: max, retryAfterSeconds: Math.max(1, Number(row?.retry ?? windowSeconds)) };
}

/**
 * Counts one hit of `name` from the client's network (`addressKey`: an IPv4 address or an IPv6
 * /64, so a host cannot step around a limit by changing the address within its own network).
 */
export function hitNetworkLimit(
  name: string,
  ip: string | null | undefined,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  return hitRateLimit(`${name}:${addressKey(ip || "unknown")}`, limit, windowSeconds);
}

/** Reads a counter without counting: used to refuse before doing expensive work. */
export async function peekRateLimit(key: string, limit: number): Promise<RateLimitResult> {
  const max = scaledLimit(limit);
  const result = await db().execute<{ count: number; retry: number }>(sql`
    select count, ceil(extract(epoch from (reset_at - now())))::int as retry
    from rate_limits where key = ${key} and reset_at > now()`);
  const row = rowsOf<{ count: number; retry: number }>(result)[0];
  const count = Number(row?.count ?? 0);
  return { allowed: count < max, count, limit: max, retryAfterSeconds: Math.max(1, Number(row?.retry ?? 0)) };
}

/**
 * The part of a client address that identifies one network: an IPv4 address, or the /64 prefix
 * of an IPv6 one (a single host usually holds a whole /64, so per-address keys would be endless).
 */
export function addressKey(ip: string): string {
  const address = ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
  if (!address.includes(":")) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export async function clearRateLimit(key: string): Promise<void> {
  await db().execute(sql`delete from rate_limits where key = ${key}`);
}

/** Removes expired counters; called by the periodic maintenance job. */
export async function pruneRateLimits(): Promise<void> {
  await db().execute(sql`delete from rate_limits where reset_at <= now()`);
}

/**
 * The anonymous reads that cost the server work no cache can absorb, each with its limit per
 * network (`addressKey`) and window, times RATE_LIMIT_FACTOR (docs/decisions/0107). Far above a
 * person's pace: someone typing searches sends a few a minute, a form asks one challenge when it
 * is started, the booking page a few days' times per click.
 */
export const ANONYMOUS_READS = {
  /** /busca and GET /api/search: a query no one asked before is a fresh database search. */
  search: { limit: 60, windowSeconds: 60, message: (wait: string) => `Muitas buscas em pouco tempo. Aguarde ${wait} e tente novamente.` },
  /** GET /api/challenge: a signed proof-of-work challenge for a lead form. */
  challenge: {
    limit: 60,
    windowSeconds: 10 * 60,
    message: (wait: string) => `Muitas solicitações de verificação em pouco tempo. Aguarde ${wait} e tente novamente.`,
  },
  /** GET /api/booking/slots and /agendar's days and times: the free times, read from the bookings. */
  slots: {
    limit: 120,
    windowSeconds: 10 * 60,
    message: (wait: string) => `Muitas consultas de horários em pouco tempo. Aguarde ${wait} e tente novamente.`,
  },
} as const;

export type AnonymousRead = keyof typeof ANONYMOUS_READS;

export interface Throttled {
  status: 429;
  message: string;
  retryAfterSeconds: number;
  headers: { "Retry-After": string };
}

/** Counts one anonymous read of `kind` from this client's network; null while within the limit. */
export async function throttleRead(kind: AnonymousRead, ip: string | null | undefined): Promise<Throttled | null> {
  const { limit, windowSeconds, message } = ANONYMOUS_READS[kind];
  const rate = await hitNetworkLimit(`read:${kind}`, ip, limit, windowSeconds);
  if (rate.allowed) return null;
  const wait = rate.retryAfterSeconds;
  return { status: 429, message: message(retryText(wait)), retryAfterSeconds: wait, headers: { "Retry-After": String(wait) } };
}

/** A JSON endpoint's answer to a throttled read: 429, `Retry-After`, the Portuguese message. */
export function throttledAnswer(throttled: Throttled): Response {
  return fail(throttled.status, throttled.message, undefined, { headers: { ...throttled.headers, "Cache-Control": "no-store" } });
}

/** Portuguese wording for "try again in N minutes/seconds". */
export function retryText(seconds: number): string {
  if (seconds < 60) return `${seconds} segundo${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minuto${minutes === 1 ? "" : "s"}`;
}
