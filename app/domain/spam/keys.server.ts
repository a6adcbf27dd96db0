/**
 * The spam checks' secrets, each derived (HKDF) from the server secret (SESSION_SECRET, or the
 * one generated once and shared through the database: app/domain/auth/cookies.server.ts). No
 * demo key exists: a deploy signs with its own secret or with none it did not generate itself.
 */
import { hkdfSync } from "node:crypto";
import { db, type Executor } from "~/db/client.server";
import { sessionSecret } from "~/domain/auth/cookies.server";

export type SpamKeyPurpose = "altcha-challenge" | "altcha-key" | "form-stamp" | "auto-reply-address";

/** Derived once per secret and purpose: every public page's form stamp needs one. */
const derived = new Map<string, string>();

/** A hex key for one purpose. Inside a transaction pass it as `executor` (see sessionSecret). */
export async function spamKey(purpose: SpamKeyPurpose, executor: Executor = db()): Promise<string> {
  const secret = await sessionSecret(executor);
  const id = `${purpose}\0${secret}`;
  let key = derived.get(id);
  if (key === undefined) {
    key = Buffer.from(hkdfSync("sha256", secret, "", `spam:${purpose}`, 32)).toString("hex");
    derived.set(id, key);
  }
  return key;
}
