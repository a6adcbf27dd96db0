/**
 * The admin login's first step (SPEC §6): username and password, throttled per address, per
 * address and username, and (only slowed, never blocked) per username.
 */
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from "~/infra/passwords.server";
import { addressKey, clearRateLimit, hitRateLimit, peekRateLimit, retryText } from "~/infra/rate-limit.server";
import { recordAudit } from "../audit.server";
import { isRememberedDevice, TRUSTED_DEVICE_COOKIE, twoFactorRequired } from "../two-factor.server";
import { signedToken } from "./cookies.server";
import { createSession, currentSessionId, type SessionStage, type SessionUser } from "./sessions.server";

/** SPEC §6: a failed login answers after about a second (now also a brake on guessing). */
export const FAILED_LOGIN_DELAY_MS = 1000;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Attempts per address (any username), then 429. */
const LOGIN_LIMIT_PER_IP = 30;
/** Attempts per address and username, then 429 for that pair only. */
const LOGIN_FAILURES_PER_PAIR = 10;
/**
 * Failures per username from anywhere only slow the next attempts down (never a block, so no
 * one can lock the owner out): past this many, each attempt waits a little longer.
 */
const USERNAME_SLOWDOWN_AFTER = 10;
const USERNAME_SLOWDOWN_STEP_MS = 250;
const USERNAME_SLOWDOWN_MAX_MS = 5_000;

const tooManyAttempts = (waitSeconds: number) => `Muitas tentativas de login. Tente novamente em ${retryText(waitSeconds)}.`;
const ipKeyOf = (ip: string) => `login-ip:${addressKey(ip)}`;
const userKeyOf = (username: string) => `login-user:${username.toLowerCase()}`;

/**
 * Counts one attempt of any login step from this address; past the limit, the refusal (429) to
 * answer, sent after the usual second so the answer's timing tells nothing.
 */
export async function throttleAddress(ip: string, started: number): Promise<{ status: 429; message: string } | null> {
  const limit = await hitRateLimit(ipKeyOf(ip), LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_SECONDS);
  if (limit.allowed) return null;
  await waitUntil(started + FAILED_LOGIN_DELAY_MS);
  return { status: 429, message: tooManyAttempts(limit.retryAfterSeconds) };
}

/** A failure counted against the username from anywhere: it slows its next logins down. */
export async function usernameFailed(username: string): Promise<void> {
  await hitRateLimit(userKeyOf(username), Number.MAX_SAFE_INTEGER, LOGIN_WINDOW_SECONDS);
}

export type LoginResult =
  { ok: true; user: SessionUser; cookie: string; stage: SessionStage } | { ok: false; status: 401 | 429; message: string };

export async function login(username: string, password: string, request: Request, ip: string): Promise<LoginResult> {
  const started = Date.now();
  const ipKey = ipKeyOf(ip);
  const pairKey = `login-pair:${addressKey(ip)}:${username.toLowerCase()}`;
  const refuse = (wait: number): LoginResult => ({ ok: false, status: 429, message: tooManyAttempts(wait) });
  // An address already blocked writes nothing more.
  for (const [key, limit] of [
    [ipKey, LOGIN_LIMIT_PER_IP],
    [pairKey, LOGIN_FAILURES_PER_PAIR],
  ] as const) {
    const seen = await peekRateLimit(key, limit);
    if (!seen.allowed) {
      await waitUntil(started + FAILED_LOGIN_DELAY_MS);
      return refuse(seen.retryAfterSeconds);
    }
  }
  // Counted before checking the password (atomically), so parallel guesses cannot slip past the
  // limit; a successful login clears the pair's counter, so only failures accumulate there.
  const ipLimit = await hitRateLimit(ipKey, LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_SECONDS);
  const pairLimit = await hitRateLimit(pairKey, LOGIN_FAILURES_PER_PAIR, LOGIN_WINDOW_SECONDS);
  if (!ipLimit.allowed || !pairLimit.allowed) {
    await waitUntil(started + FAILED_LOGIN_DELAY_MS);
    return refuse(Math.max(ipLimit.allowed ? 0 : ipLimit.retryAfterSeconds, pairLimit.allowed ? 0 : pairLimit.retryAfterSeconds));
  }
  // Failures for this username from everywhere: a growing wait, for the owner too, but no block.
  const userFailures = (await peekRateLimit(userKeyOf(username), Number.MAX_SAFE_INTEGER)).count;
  const slowdown = Math.min(USERNAME_SLOWDOWN_MAX_MS, Math.max(0, userFailures - USERNAME_SLOWDOWN_AFTER) * USERNAME_SLOWDOWN_STEP_MS);
  if (slowdown) await waitUntil(Date.now() + slowdown);

  const [user] = await db().select().from(users).where(eq(users.username, username));
  // Always run one scrypt, so an unknown username takes as long as a wrong password.
  const valid = await verifyPassword(password, user?.password ?? DUMMY_HASH);
  if (!user || !valid || user.role !== "admin") {
    await usernameFailed(username);
    await recordAudit({ actor: username.slice(0, 100), action: "auth.login_failed", ip });
    await waitUntil(started + FAILED_LOGIN_DELAY_MS + slowdown);
    return { ok: false, status: 401, message: "Nome de usuário ou senha incorretos" };
  }
  await clearRateLimit(pairKey);
  // A new session id at every login: whatever session the browser held before is ended.
  const previous = await currentSessionId(request);
  if (previous) await db().delete(sessions).where(eq(sessions.id, previous));
  const rehashed = needsRehash(user.password) && (await upgradeHash(user.id, user.password, password));
  const details: Record<string, unknown> = rehashed ? { passwordRehashed: true } : {};
  // The second step: a code when two-factor is on (unless this browser is remembered), an
  // enrolment when it is required and not set up yet.
  let stage: SessionStage = "active";
  if (user.totpEnabledAt) {
    const device = await signedToken(request, TRUSTED_DEVICE_COOKIE);
    if (device && (await isRememberedDevice(user.id, device))) details.secondFactor = "remembered-device";
    else stage = "second-factor";
  } else if (twoFactorRequired()) {
    stage = "enrol";
  }
  const cookie = await createSession(user.id, request, ip, stage);
  if (stage === "active")
    await recordAudit({ actor: user.username, action: "auth.login", ip, details: Object.keys(details).length ? details : undefined });
  else if (rehashed) await recordAudit({ actor: user.username, action: "auth.password_rehashed", ip });
  return { ok: true, user: { id: user.id, username: user.username, role: user.role }, cookie, stage };
}

/** Re-asks the signed-in admin's password before a sensitive change (two-factor off, new codes). */
export async function confirmPassword(userId: number, password: string): Promise<boolean> {
  const started = Date.now();
  const [user] = await db().select({ password: users.password }).from(users).where(eq(users.id, userId));
  const valid = await verifyPassword(password.slice(0, 200), user?.password ?? DUMMY_HASH);
  if (!valid) await waitUntil(started + FAILED_LOGIN_DELAY_MS);
  return Boolean(user) && valid;
}

/**
 * Re-hashes a password stored with weaker parameters, now that we have it in clear. Only if the
 * row still holds the hash we checked, so a concurrent password change is never overwritten.
 */
async function upgradeHash(userId: number, oldHash: string, password: string): Promise<boolean> {
  const updated = await db()
    .update(users)
    .set({ password: await hashPassword(password) })
    .where(and(eq(users.id, userId), eq(users.password, oldHash)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Resolves at `time` (epoch ms): failures answer at a fixed moment, whatever the work took. */
export function waitUntil(time: number): Promise<void> {
  const remaining = time - Date.now();
  return remaining > 0 ? new Promise((resolve) => setTimeout(resolve, remaining)) : Promise.resolve();
}
