/**
 * The admin's signed cookies: an HMAC over a random token with the session secret, checked before
 * any database work so forged cookies cost nothing.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { appSettings } from "~/db/schema";
import { first } from "~/lib/first";

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
  const rows = await executor.select().from(appSettings).where(eq(appSettings.key, "session_secret"));
  cachedSecret = first(rows, "app_settings.session_secret").value;
  return cachedSecret;
}

export function sign(token: string, secret: string): string {
  return createHmac("sha256", secret).update(token).digest("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

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

export function cookieHeader(name: string, value: string, maxAge: number, request: Request): string {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

/** A signed token from a cookie, or undefined; checks the signature before any database work. */
export async function signedToken(request: Request, name: string): Promise<string | undefined> {
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
