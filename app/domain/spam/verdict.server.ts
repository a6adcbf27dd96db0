/**
 * Is a lead submission suspected spam? (docs/decisions/0090). The answer decides where it is
 * stored: the lead tables (the pipeline, notifications, auto-reply) or the spam quarantine
 * (./quarantine.server.ts). Either way the submitter gets the same answer.
 *
 * - A filled honeypot is spam, whatever else it carries.
 * - A valid, unspent proof of work (the `altcha` field) is enough: only a browser that ran the
 *   form's island sends one. Such a submission is `verified`: it gets the automatic e-mail.
 * - Without one, a JSON submit is spam: the site's own forms always send one.
 * - Without one, a post made without JavaScript (/enviar/…) is judged by its form stamp and by
 *   rate: a stamp that is missing or forged, younger than MIN_FILL_SECONDS or older than
 *   MAX_STAMP_AGE_SECONDS, or more than NATIVE_POSTS_PER_HOUR such posts from one network in an
 *   hour, makes it spam. A stamp is good for one submission per form (spent with it, like a proof), and a
 *   submission that passes is stored as a lead but not `verified`: no automatic e-mail goes to
 *   the address it names, and the admin sees it marked (docs/decisions/0106).
 */
import { addressKey, hitRateLimit } from "~/infra/rate-limit.server";
import { HONEYPOT_FIELD, FORM_STAMP_FIELD, PROOF_FIELD } from "~/lib/lead-fields";
import { checkProof } from "./challenge.server";
import { stampAge } from "./stamp.server";

export const SPAM_RULES = {
  /** A person needs longer than this to fill in even the newsletter's one field. */
  minFillSeconds: 3,
  /** A form open longer than two days was most likely copied by a script. */
  maxStampAgeSeconds: 2 * 24 * 60 * 60,
  /** Posts without a proof of work, per network (IPv4 address or IPv6 /64) and hour (× RATE_LIMIT_FACTOR). */
  nativePostsPerHour: 5,
} as const;

export type SpamReason =
  | "honeypot"
  | "pow-missing"
  | "pow-invalid"
  | "pow-expired"
  | "pow-replayed"
  | "stamp-missing"
  | "too-fast"
  | "stamp-expired"
  | "stamp-replayed"
  | "rate";

/** A proof or a stamp, spent with the submission it came with (a second use is a replay). */
export interface Token {
  id: string;
  expiresAt: Date;
}

export interface Verdict {
  reasons: SpamReason[];
  /** The proof of work to spend with the submission: it is then `verified`. */
  proof?: Token;
  /** The form stamp of a post made without JavaScript, to spend with it. */
  stamp?: Token;
}

export const isSpam = (verdict: Verdict) => verdict.reasons.length > 0;

const filled = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== "";

export async function judgeSubmission(
  body: Record<string, unknown>,
  context: { form: string; native: boolean; ip: string | null },
): Promise<Verdict> {
  const reasons: SpamReason[] = [];
  if (filled(body[HONEYPOT_FIELD])) reasons.push("honeypot");
  const proof = await checkProof(body[PROOF_FIELD]);
  if (proof.ok) return { reasons, proof: { id: proof.id, expiresAt: proof.expiresAt } };
  if (!context.native) return { reasons: [...reasons, proof.reason] };
  const stamp = body[FORM_STAMP_FIELD];
  const age = await stampAge(stamp);
  if (age === null) reasons.push("stamp-missing");
  else if (age < SPAM_RULES.minFillSeconds) reasons.push("too-fast");
  else if (age > SPAM_RULES.maxStampAgeSeconds) reasons.push("stamp-expired");
  const rate = await hitRateLimit(`spam:native:${addressKey(context.ip ?? "unknown")}`, SPAM_RULES.nativePostsPerHour, 60 * 60);
  if (!rate.allowed) reasons.push("rate");
  if (age === null) return { reasons };
  // Spent per form (every form of one page carries the same stamp: its footer's newsletter and its
  // contact form are two posts), until it would expire anyway (a use after that fails on its age).
  const expiresAt = new Date(Date.now() + (SPAM_RULES.maxStampAgeSeconds - age + 1) * 1000);
  return { reasons, stamp: { id: `stamp:${context.form}:${String(stamp)}`, expiresAt } };
}

/** A submission that proved it was made by the site's own form (docs/decisions/0106). */
export const isVerified = (verdict: Verdict) => Boolean(verdict.proof) && !isSpam(verdict);
