/**
 * Admin sessions (SPEC §6 behaviour, made real): stored in the database, named by a signed
 * HttpOnly cookie, ended after a working day or half an hour unused; guards for pages and APIs.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { storedUserAgent } from "~/infra/http.server";
import { recordAudit } from "../audit.server";
import { describeDevice } from "../devices.server";
import { pruneRememberedDevices } from "../two-factor.server";
import { cookieHeader, hashToken, sessionSecret, sign, signedToken } from "./cookies.server";

export const SESSION_COOKIE = "sid";
const HAS_SESSION_COOKIE = new RegExp(`(^|;\\s*)${SESSION_COOKIE}=`);

/**
 * Whether a request carries a session cookie at all (valid or not), without touching the
 * database: such a request is never answered from a shared cache, never counted, and its
 * unsafe requests must prove their origin.
 */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return cookieHeader ? HAS_SESSION_COOKIE.test(cookieHeader) : false;
}
export const SESSION_TTL_SECONDS = 8 * 60 * 60; // one working day, however active
/** A session nobody used for this long ends (OWASP ASVS 5.0 V7.3.1); each use renews it. */
export const SESSION_IDLE_SECONDS = 30 * 60;
/** Renewing on every request would write on every admin click: once a minute is enough. */
const SESSION_RENEW_AFTER_SECONDS = 60;

export interface SessionUser {
  id: number;
  username: string;
  role: string;
}

/**
 * 'active' sessions open the admin. The login's second step holds a short 'second-factor' or
 * 'enrol' session that opens nothing else; passing the step starts a new active one. An enrolment
 * leaves its step 'enrolled' until it expires, so the page that shows the recovery codes once can
 * still be rendered for the request that carried the old cookie.
 */
export type SessionStage = "active" | "second-factor" | "enrol" | "enrolled";
/** Time to type the code (or enrol) after the password was accepted. */
export const SECOND_STEP_TTL_SECONDS = 10 * 60;

function sessionCookie(value: string, maxAge: number, request: Request): string {
  return cookieHeader(SESSION_COOKIE, value, maxAge, request);
}

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
      userAgent: storedUserAgent(request),
    });
  return sessionCookie(`${token}.${sign(token, await sessionSecret())}`, ttl, request);
}

/** Verifies the signature before touching the database, so forged cookies cost nothing. */
export function tokenFromRequest(request: Request): Promise<string | undefined> {
  return signedToken(request, SESSION_COOKIE);
}

/** How many times the database was asked for a session (tests prove one per request). */
let lookups = 0;
export const sessionLookups = () => lookups;

/**
 * The admin a request's session cookie names, from the database (and the session's use renewed).
 * The host asks once per request and hands the answer to loaders and actions in the load context
 * (`context.sessionUser()`, server/session.ts): call this only where there is no such context.
 */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const token = await tokenFromRequest(request);
  if (!token) return null;
  lookups++;
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
  const [session] = ended;
  if (!session) return false;
  await recordAudit({
    actor: user.username,
    action: "auth.session.end",
    details: { device: describeDevice(session.userAgent), sessionIp: session.ip },
    ip,
  });
  return true;
}

function activeSessionConditions() {
  return [gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`)];
}

/** Ends the request's session (`user` is who it belonged to, for the audit); returns the cookie that clears it. */
export async function destroySession(request: Request, user: SessionUser | null, ip?: string): Promise<string> {
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
/** What a loader or action knows of the request's session: the host looked it up once (server/session.ts). */
export interface SessionContext {
  sessionUser: () => Promise<SessionUser | null>;
}

/** For admin pages: the user, or a redirect to /login. */
export async function requireAdmin(context: SessionContext): Promise<SessionUser> {
  const user = await context.sessionUser();
  if (!user) throw redirect("/login");
  return user;
}

/** For admin APIs: the user, or a 401 JSON answer. */
export async function requireAdminApi(context: SessionContext): Promise<SessionUser> {
  const user = await context.sessionUser();
  if (!user) {
    throw Response.json({ success: false, message: "Não autorizado. Faça login na área administrativa." }, { status: 401 });
  }
  return user;
}
