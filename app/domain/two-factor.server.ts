/**
 * Two-factor login for the admin (docs/decisions/0010): TOTP (RFC 6238) via `otpauth`, enrolment with a QR
 * code drawn on the server (`qrcode`, inline SVG: nothing loads from elsewhere), ten one-time
 * recovery codes kept as SHA-256, and remembered devices (30 days, revocable). Every enrolment,
 * recovery-code use and reset goes to the audit log.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { recoveryCodes, trustedDevices, users } from "~/db/schema";
import { storedUserAgent } from "~/infra/http.server";
import { first } from "~/lib/first";
import { SITE_NAME } from "~/lib/site";
import { recordAudit } from "./audit.server";
import { describeDevice } from "./devices.server";

const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
/** One step either side: a phone clock a little off still works (RFC 6238 §5.2). */
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
export const TRUSTED_DEVICE_DAYS = 30;
export const TRUSTED_DEVICE_COOKIE = "sid_device";

export function twoFactorRequired(): boolean {
  return env.ADMIN_REQUIRE_2FA === "1";
}

// ---------------------------------------------------------------- secret at rest
/**
 * The TOTP secret is stored encrypted (AES-256-GCM, key derived from the session secret), so a
 * database dump or backup alone does not give away the second factor.
 */
function secretKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "", "totp-secret", 32));
}

function encryptSecret(base32: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKey(sessionSecret), iv);
  const encrypted = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url")}`;
}

/** Undefined when it cannot be read (e.g. SESSION_SECRET was changed): recovery codes still work. */
function decryptSecret(stored: string, sessionSecret: string): string | undefined {
  if (!stored.startsWith("v1:")) return undefined;
  try {
    const raw = Buffer.from(stored.slice(3), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", secretKey(sessionSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

function totp(base32: string, username: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: SITE_NAME,
    label: username,
    algorithm: "SHA1", // what every authenticator app supports
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(base32),
  });
}

// ---------------------------------------------------------------- status
export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  required: boolean;
}

export async function twoFactorStatus(userId: number): Promise<TwoFactorStatus> {
  const [user] = await db().select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  const { left } = await db()
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .then(first);
  return { enabled: Boolean(user?.enabledAt), enabledAt: user?.enabledAt ?? null, recoveryCodesLeft: left, required: twoFactorRequired() };
}

// ---------------------------------------------------------------- enrolment
export interface Enrolment {
  /** The otpauth:// URI (what the QR code holds). */
  uri: string;
  /** The secret in base32, grouped by four for typing it by hand. */
  manualKey: string;
  /** The QR code as an SVG element, drawn here. */
  qrSvg: string;
}

/**
 * The enrolment in progress: a new secret the first time, the same one on a reload (so a QR
 * code already scanned stays valid). Refused when two-factor is already on.
 */
export async function startEnrolment(userId: number, username: string, sessionSecret: string): Promise<Enrolment | null> {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  if (!user || user.totpEnabledAt) return null;
  let base32 = user.totpSecret ? decryptSecret(user.totpSecret, sessionSecret) : undefined;
  if (!base32) {
    base32 = new OTPAuth.Secret({ size: 20 }).base32;
    await db()
      .update(users)
      .set({ totpSecret: encryptSecret(base32, sessionSecret), totpLastStep: null })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
  }
  const uri = totp(base32, username).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { uri, manualKey: base32.match(/.{1,4}/g)!.join(" "), qrSvg };
}

export type EnrolResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: "invalid" | "not-started" };

/** Confirms the enrolment with a first code from the app; returns the recovery codes (shown once). */
export async function confirmEnrolment(
  user: { id: number; username: string },
  code: string,
  sessionSecret: string,
  ip?: string,
): Promise<EnrolResult> {
  const [row] = await db().select().from(users).where(eq(users.id, user.id));
  const base32 = row?.totpSecret && !row.totpEnabledAt ? decryptSecret(row.totpSecret, sessionSecret) : undefined;
  if (!base32) return { ok: false, reason: "not-started" };
  const step = matchingStep(base32, user.username, code);
  if (step === null) return { ok: false, reason: "invalid" };
  return db().transaction(async (tx) => {
    const enabled = await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()`, totpLastStep: step })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!enabled.length) return { ok: false as const, reason: "not-started" as const };
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit({ actor: user.username, action: "auth.2fa.enrol", ip }, tx);
    return { ok: true as const, recoveryCodes: codes };
  });
}

/** The time step the code belongs to (within the window), or null. */
function matchingStep(base32: string, username: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = Date.now();
  const delta = totp(base32, username).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}

// ---------------------------------------------------------------- recovery codes
/** Letters and digits without look-alikes (0/o, 1/l/i). */
const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function newRecoveryCode(): string {
  const chars = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** What the person typed, without case, spaces or dashes: how codes are hashed and compared. */
function normaliseCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, "");
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normaliseCode(code)).digest("hex");
}

async function replaceRecoveryCodes(executor: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await executor.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/** New set of ten codes; the old ones stop working. */
export async function regenerateRecoveryCodes(user: { id: number; username: string }, ip?: string): Promise<string[]> {
  return db().transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit({ actor: user.username, action: "auth.2fa.recovery_regenerated", ip }, tx);
    return codes;
  });
}

// ---------------------------------------------------------------- verification at login
export type SecondFactorCheck = { ok: true; method: "totp" | "recovery"; recoveryCodesLeft?: number } | { ok: false };

/**
 * Accepts a current code from the app (each code once: a replay within its 90 seconds fails) or
 * an unused recovery code (spent on use). Both are atomic updates, so two parallel requests
 * cannot use the same code.
 */
export async function verifySecondFactor(
  user: { id: number; username: string },
  input: string,
  sessionSecret: string,
  ip?: string,
): Promise<SecondFactorCheck> {
  const typed = normaliseCode(input);
  if (/^\d{6}$/.test(typed)) {
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    const base32 = row?.totpSecret && row.totpEnabledAt ? decryptSecret(row.totpSecret, sessionSecret) : undefined;
    const step = base32 ? matchingStep(base32, user.username, typed) : null;
    if (step === null) return { ok: false };
    const accepted = await db()
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return accepted.length ? { ok: true, method: "totp" } : { ok: false };
  }
  if (typed.length !== 12) return { ok: false };
  return db().transaction(async (tx) => {
    const spent = await tx
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, hashRecoveryCode(typed)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    if (!spent.length) return { ok: false as const };
    const { left } = await tx
      .select({ left: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)))
      .then(first);
    await recordAudit({ actor: user.username, action: "auth.2fa.recovery_used", details: { recoveryCodesLeft: left }, ip }, tx);
    return { ok: true as const, method: "recovery" as const, recoveryCodesLeft: left };
  });
}

// ---------------------------------------------------------------- reset
/** Turns two-factor off: secret, recovery codes and remembered devices go. */
export async function resetTwoFactor(
  userId: number,
  audit: { actor: string; ip?: string; reason: string },
  executor: Executor = db(),
): Promise<boolean> {
  const [row] = await executor.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
  if (!row?.secret) return false;
  await executor.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await executor.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  await recordAudit(
    { actor: audit.actor, action: "auth.2fa.reset", target: `user:${userId}`, details: { reason: audit.reason }, ip: audit.ip },
    executor,
  );
  return true;
}

// ---------------------------------------------------------------- remembered devices
function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Stores a remembered device and returns the cookie's value (token, to be signed by the caller). */
export async function rememberDevice(userId: number, request: Request, ip?: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db()
    .insert(trustedDevices)
    .values({
      id: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + TRUSTED_DEVICE_DAYS * 24 * 60 * 60 * 1000),
      ip: ip ?? null,
      userAgent: storedUserAgent(request),
    });
  return token;
}

/** True when the token names a remembered, unexpired device of this user (and notes its use). */
export async function isRememberedDevice(userId: number, token: string): Promise<boolean> {
  const used = await db()
    .update(trustedDevices)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(trustedDevices.id, hashToken(token)), eq(trustedDevices.userId, userId), gt(trustedDevices.expiresAt, sql`now()`)))
    .returning({ id: trustedDevices.id });
  return used.length > 0;
}

export async function listRememberedDevices(userId: number) {
  const rows = await db()
    .select()
    .from(trustedDevices)
    .where(and(eq(trustedDevices.userId, userId), gt(trustedDevices.expiresAt, sql`now()`)))
    .orderBy(desc(trustedDevices.lastUsedAt));
  return rows.map((r) => ({ device: describeDevice(r.userAgent), ip: r.ip, lastUsedAt: r.lastUsedAt, expiresAt: r.expiresAt }));
}

/** Every remembered device asks for a code again at its next login. */
export async function forgetRememberedDevices(user: { id: number; username: string }, ip?: string): Promise<number> {
  const forgotten = await db().delete(trustedDevices).where(eq(trustedDevices.userId, user.id)).returning({ id: trustedDevices.id });
  await recordAudit({ actor: user.username, action: "auth.2fa.devices_forgotten", details: { forgotten: forgotten.length }, ip });
  return forgotten.length;
}

export async function pruneRememberedDevices(): Promise<void> {
  await db()
    .delete(trustedDevices)
    .where(lt(trustedDevices.expiresAt, sql`now()`));
}
