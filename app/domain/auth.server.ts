/**
 * Server-side admin authentication (SPEC §6 behaviour, made real): sessions in the database,
 * an HMAC-signed HttpOnly cookie, throttled logins, guards for pages and APIs.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { appSettings, sessions, users } from "~/db/schema";
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from "~/infra/passwords.server";
import { addressKey, clearRateLimit, hitRateLimit, peekRateLimit, retryText } from "~/infra/rate-limit.server";
import { recordAudit } from "./audit.server";
import { describeDevice } from "./devices.server";
import {
  confirmEnrolment,
  isRememberedDevice,
  pruneRememberedDevices,
  rememberDevice,
  startEnrolment,
  TRUSTED_DEVICE_COOKIE,
  TRUSTED_DEVICE_DAYS,
  twoFactorRequired,
  verifySecondFactor,
  type Enrolment,
} from "./two-factor.server";

export const SESSION_COOKIE = "sid";
export const SESSION_TTL_SECONDS = 8 * 60 * 60; // one working day, however active
/** A session nobody used for this long ends (OWASP ASVS 5.0 V7.3.1); each use renews it. */
export const SESSION_IDLE_SECONDS = 30 * 60;
/** Renewing on every request would write on every admin click: once a minute is enough. */
const SESSION_RENEW_AFTER_SECONDS = 60;
/** SPEC §6: a failed login answers after about a second (now also a brake on guessing). */
export const FAILED_LOGIN_DELAY_MS = 1000;
const LOGIN_WINDOW_SECONDS = 15 * 60;
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

export interface SessionUser {
  id: number;
  username: string;
  role: string;
}

// ---------------------------------------------------------------- secret
let cachedSecret: string | undefined;

/**
 * SESSION_SECRET, or one generated once and kept in the database so all instances share it.
 * Inside a transaction pass it as `executor`: the embedded database has one connection, and a
 * query outside the open transaction would wait for it forever.
 */
export async function sessionSecret(executor: Executor = db()): Promise<string> {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (cachedSecret) return cachedSecret;
  await executor
    .insert(appSettings)
    .values({ key: "session_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await executor.select().from(appSettings).where(eq(appSettings.key, "session_secret"));
  cachedSecret = row.value;
  return cachedSecret;
}

function sign(token: string, secret: string): string {
  return createHmac("sha256", secret).update(token).digest("base64url");
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

// ---------------------------------------------------------------- cookies
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || env.SITE_URL.startsWith("https:");
}

function cookieHeader(name: string, value: string, maxAge: number, request: Request): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

function sessionCookie(value: string, maxAge: number, request: Request): string {
  return cookieHeader(SESSION_COOKIE, value, maxAge, request);
}

/** A signed token from a cookie, or undefined; checks the signature before any database work. */
async function signedToken(request: Request, name: string): Promise<string | undefined> {
  const raw = readCookie(request, name);
  if (!raw) return undefined;
  const dot = raw.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const token = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(sign(token, await sessionSecret()));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return token;
}

// ---------------------------------------------------------------- sessions
/**
 * 'active' sessions open the admin. The login's second step holds a short 'second-factor' or
 * 'enrol' session that opens nothing else; passing the step starts a new active one. An enrolment
 * leaves its step 'enrolled' until it expires, so the page that shows the recovery codes once can
 * still be rendered for the request that carried the old cookie.
 */
export type SessionStage = "active" | "second-factor" | "enrol" | "enrolled";
/** Time to type the code (or enrol) after the password was accepted. */
const SECOND_STEP_TTL_SECONDS = 10 * 60;

export async function createSession(userId: number, request: Request, ip?: string, stage: SessionStage = "active"): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const ttl = stage === "active" ? SESSION_TTL_SECONDS : SECOND_STEP_TTL_SECONDS;
  await db()
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId,
      stage,
      expiresAt: new Date(Date.now() + ttl * 1000),
      ip: ip ?? null,
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    });
  return sessionCookie(`${token}.${sign(token, await sessionSecret())}`, ttl, request);
}

/** Verifies the signature before touching the database, so forged cookies cost nothing. */
function tokenFromRequest(request: Request): Promise<string | undefined> {
  return signedToken(request, SESSION_COOKIE);
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const token = await tokenFromRequest(request);
  if (!token) return null;
  const [row] = await db()
    .select({ id: users.id, username: users.username, role: users.role, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), eq(sessions.stage, "active"), ...activeSessionConditions()));
  if (!row || row.role !== "admin") return null;
  if (Date.now() - row.lastSeenAt.getTime() > SESSION_RENEW_AFTER_SECONDS * 1000) {
    await db()
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, hashToken(token)));
  }
  return { id: row.id, username: row.username, role: row.role };
}

/** The session the request's cookie names (its stored id), if the cookie is genuine. */
export async function currentSessionId(request: Request): Promise<string | undefined> {
  const token = await tokenFromRequest(request);
  return token ? hashToken(token) : undefined;
}

export interface ActiveSession {
  id: string;
  device: string;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** The user's sessions that still open the admin, most recently used first. */
export async function listActiveSessions(userId: number, request: Request): Promise<ActiveSession[]> {
  const current = await currentSessionId(request);
  const rows = await db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.stage, "active"), ...activeSessionConditions()))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    ip: r.ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "") ?? null, // IPv4 as people write it
    createdAt: r.createdAt,
    lastSeenAt: r.lastSeenAt,
    current: r.id === current,
  }));
}

/** Ends every session of the user except the one making the request; returns how many ended. */
export async function endOtherSessions(user: SessionUser, request: Request, ip?: string): Promise<number> {
  const current = await currentSessionId(request);
  const ended = await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, user.id), current ? ne(sessions.id, current) : undefined))
    .returning({ id: sessions.id });
  await recordAudit({ actor: user.username, action: "auth.sessions.end_others", details: { ended: ended.length }, ip });
  return ended.length;
}

/** Ends one other session of the user (never someone else's); false when there was none. */
export async function endSession(user: SessionUser, sessionId: string, ip?: string): Promise<boolean> {
  const ended = await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, user.id), eq(sessions.id, sessionId)))
    .returning({ ip: sessions.ip, userAgent: sessions.userAgent });
  if (!ended.length) return false;
  await recordAudit({
    actor: user.username,
    action: "auth.session.end",
    details: { device: describeDevice(ended[0].userAgent), sessionIp: ended[0].ip },
    ip,
  });
  return true;
}

function activeSessionConditions() {
  return [gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`)];
}

export async function destroySession(request: Request, ip?: string): Promise<string> {
  const user = await getSessionUser(request);
  const token = await tokenFromRequest(request);
  if (token)
    await db()
      .delete(sessions)
      .where(eq(sessions.id, hashToken(token)));
  if (user) await recordAudit({ actor: user.username, action: "auth.logout", ip });
  return sessionCookie("", 0, request);
}

export async function pruneExpiredSessions(): Promise<void> {
  await pruneRememberedDevices();
  await db()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`)));
}

// ---------------------------------------------------------------- guards
/** For admin pages: the user, or a redirect to /login. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/login");
  return user;
}

/** For admin APIs: the user, or a 401 JSON answer. */
export async function requireAdminApi(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    throw Response.json({ success: false, message: "Não autorizado. Faça login na área administrativa." }, { status: 401 });
  }
  return user;
}

// ---------------------------------------------------------------- login
export type LoginResult =
  { ok: true; user: SessionUser; cookie: string; stage: SessionStage } | { ok: false; status: 401 | 429; message: string };

export async function login(username: string, password: string, request: Request, ip: string): Promise<LoginResult> {
  const started = Date.now();
  const network = addressKey(ip);
  const name = username.toLowerCase();
  const ipKey = `login-ip:${network}`;
  const pairKey = `login-pair:${network}:${name}`;
  const userKey = `login-user:${name}`;
  const refuse = (wait: number): LoginResult => ({
    ok: false,
    status: 429,
    message: `Muitas tentativas de login. Tente novamente em ${retryText(wait)}.`,
  });
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
  const userFailures = (await peekRateLimit(userKey, Number.MAX_SAFE_INTEGER)).count;
  const slowdown = Math.min(USERNAME_SLOWDOWN_MAX_MS, Math.max(0, userFailures - USERNAME_SLOWDOWN_AFTER) * USERNAME_SLOWDOWN_STEP_MS);
  if (slowdown) await waitUntil(Date.now() + slowdown);

  const [user] = await db().select().from(users).where(eq(users.username, username));
  // Always run one scrypt, so an unknown username takes as long as a wrong password.
  const valid = await verifyPassword(password, user?.password ?? DUMMY_HASH);
  if (!user || !valid || user.role !== "admin") {
    await hitRateLimit(userKey, Number.MAX_SAFE_INTEGER, LOGIN_WINDOW_SECONDS);
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

// ---------------------------------------------------------------- the login's second step
export interface PendingLogin {
  sessionId: string;
  stage: Exclude<SessionStage, "active">;
  user: SessionUser;
}

/** The second step this browser is on (password accepted a moment ago), if any. */
export async function getPendingLogin(request: Request): Promise<PendingLogin | null> {
  const token = await tokenFromRequest(request);
  if (!token) return null;
  const [row] = await db()
    .select({ id: users.id, username: users.username, role: users.role, stage: sessions.stage })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), ne(sessions.stage, "active"), gt(sessions.expiresAt, sql`now()`)));
  if (!row || row.role !== "admin") return null;
  return {
    sessionId: hashToken(token),
    stage: row.stage as PendingLogin["stage"],
    user: { id: row.id, username: row.username, role: row.role },
  };
}

/** Wrong codes allowed for one password entry; then the password is asked again. */
const SECOND_STEP_ATTEMPTS = 5;

export type SecondStepResult =
  { ok: true; cookies: string[]; recoveryCodesLeft?: number } | { ok: false; status: 400 | 401 | 429; message: string; restart?: boolean };

export const secondStepMessages = {
  required: "Informe o código.",
  invalid: "Código inválido ou já usado. Confira o aplicativo autenticador e tente de novo.",
  tooMany: "Muitas tentativas com código errado. Entre com usuário e senha de novo.",
  expired: "O tempo para informar o código acabou. Entre com usuário e senha de novo.",
} as const;

/**
 * Checks the code (or a recovery code) of the pending login. Right: the pending session is
 * replaced by a new active one (and, if asked, this browser is remembered for 30 days).
 */
export async function completeSecondFactor(
  request: Request,
  input: { code: string; remember: boolean },
  ip: string,
): Promise<SecondStepResult> {
  const started = Date.now();
  const pending = await getPendingLogin(request);
  if (!pending || pending.stage !== "second-factor") return { ok: false, status: 401, message: secondStepMessages.expired, restart: true };
  if (!input.code.trim()) return { ok: false, status: 400, message: secondStepMessages.required };
  const ipKey = `login-ip:${addressKey(ip)}`;
  const attemptsKey = `login-code:${pending.sessionId}`;
  const ipLimit = await hitRateLimit(ipKey, LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_SECONDS);
  if (!ipLimit.allowed) {
    await waitUntil(started + FAILED_LOGIN_DELAY_MS);
    return { ok: false, status: 429, message: `Muitas tentativas de login. Tente novamente em ${retryText(ipLimit.retryAfterSeconds)}.` };
  }
  const secret = await sessionSecret();
  const check = await verifySecondFactor(pending.user, input.code, secret, ip);
  if (!check.ok) {
    await recordAudit({ actor: pending.user.username, action: "auth.2fa.failed", ip });
    await hitRateLimit(`login-user:${pending.user.username.toLowerCase()}`, Number.MAX_SAFE_INTEGER, LOGIN_WINDOW_SECONDS);
    const attempts = await hitRateLimit(attemptsKey, SECOND_STEP_ATTEMPTS, SECOND_STEP_TTL_SECONDS);
    await waitUntil(started + FAILED_LOGIN_DELAY_MS);
    if (attempts.count >= attempts.limit) {
      await db().delete(sessions).where(eq(sessions.id, pending.sessionId));
      return { ok: false, status: 429, message: secondStepMessages.tooMany, restart: true };
    }
    return { ok: false, status: 401, message: secondStepMessages.invalid };
  }
  await clearRateLimit(attemptsKey);
  const cookies = [await promotePending(pending, request, ip)];
  if (input.remember) {
    const token = await rememberDevice(pending.user.id, request, ip);
    cookies.push(cookieHeader(TRUSTED_DEVICE_COOKIE, `${token}.${sign(token, secret)}`, TRUSTED_DEVICE_DAYS * 24 * 60 * 60, request));
  }
  await recordAudit({
    actor: pending.user.username,
    action: "auth.login",
    ip,
    details: { secondFactor: check.method, ...(input.remember ? { rememberedDevice: true } : {}) },
  });
  return { ok: true, cookies, recoveryCodesLeft: check.recoveryCodesLeft };
}

/** The enrolment a 'enrol' pending login must finish (ADMIN_REQUIRE_2FA=1). */
export async function pendingEnrolment(pending: PendingLogin): Promise<Enrolment | null> {
  return startEnrolment(pending.user.id, pending.user.username, await sessionSecret());
}

export type EnrolStepResult =
  { ok: true; cookie: string; recoveryCodes: string[] } | { ok: false; status: 400 | 401 | 429; message: string; restart?: boolean };

/** Confirms the enrolment of a pending login; right: an active session and the recovery codes. */
export async function completeEnrolmentStep(request: Request, code: string, ip: string): Promise<EnrolStepResult> {
  const started = Date.now();
  const pending = await getPendingLogin(request);
  if (!pending || pending.stage !== "enrol") return { ok: false, status: 401, message: secondStepMessages.expired, restart: true };
  if (!code.trim()) return { ok: false, status: 400, message: secondStepMessages.required };
  const ipLimit = await hitRateLimit(`login-ip:${addressKey(ip)}`, LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_SECONDS);
  if (!ipLimit.allowed) {
    await waitUntil(started + FAILED_LOGIN_DELAY_MS);
    return { ok: false, status: 429, message: `Muitas tentativas de login. Tente novamente em ${retryText(ipLimit.retryAfterSeconds)}.` };
  }
  const result = await confirmEnrolment(pending.user, code.replace(/\s/g, ""), await sessionSecret(), ip);
  if (!result.ok) {
    await waitUntil(started + FAILED_LOGIN_DELAY_MS);
    return { ok: false, status: 401, message: secondStepMessages.invalid };
  }
  await db().update(sessions).set({ stage: "enrolled" }).where(eq(sessions.id, pending.sessionId));
  const cookie = await createSession(pending.user.id, request, ip, "active");
  await recordAudit({ actor: pending.user.username, action: "auth.login", ip, details: { secondFactor: "enrolment" } });
  return { ok: true, cookie, recoveryCodes: result.recoveryCodes };
}

/** The pending session ends; a new active one (new id) begins. */
async function promotePending(pending: PendingLogin, request: Request, ip: string): Promise<string> {
  await db().delete(sessions).where(eq(sessions.id, pending.sessionId));
  return createSession(pending.user.id, request, ip, "active");
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

function waitUntil(time: number): Promise<void> {
  const remaining = time - Date.now();
  return remaining > 0 ? new Promise((resolve) => setTimeout(resolve, remaining)) : Promise.resolve();
}
