/**
 * The login's second step: the authenticator code (or a recovery code) when two-factor is on, or
 * the enrolment when ADMIN_REQUIRE_2FA=1 and it is not set up yet (decision 0010).
 */
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { clearRateLimit, hitRateLimit } from "~/infra/rate-limit.server";
import { recordAudit } from "../audit.server";
import {
  confirmEnrolment,
  rememberDevice,
  startEnrolment,
  TRUSTED_DEVICE_COOKIE,
  TRUSTED_DEVICE_DAYS,
  verifySecondFactor,
  type Enrolment,
} from "../two-factor.server";
import { cookieHeader, hashToken, sessionSecret, sign } from "./cookies.server";
import { FAILED_LOGIN_DELAY_MS, throttleAddress, usernameFailed, waitUntil } from "./login.server";
import { createSession, SECOND_STEP_TTL_SECONDS, tokenFromRequest, type SessionStage, type SessionUser } from "./sessions.server";

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
  const refused = await throttleAddress(ip, started);
  if (refused) return { ok: false, ...refused };
  const attemptsKey = `login-code:${pending.sessionId}`;
  const secret = await sessionSecret();
  const check = await verifySecondFactor(pending.user, input.code, secret, ip);
  if (!check.ok) {
    await recordAudit({ actor: pending.user.username, action: "auth.2fa.failed", ip });
    await usernameFailed(pending.user.username);
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
  const refused = await throttleAddress(ip, started);
  if (refused) return { ok: false, ...refused };
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
