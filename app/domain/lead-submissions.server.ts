/**
 * How a lead form's submission is accepted, in one place for both ways in: the JSON API of
 * SPEC §7 and the same forms posted without JavaScript (their HTTP side: app/routes/lead-endpoint.server.ts).
 * Cheap refusals before expensive work (docs/decisions/0106): per-address rate limit → the spam
 * verdict, read from the raw body (app/domain/spam/, docs/decisions/0090) → validation, which
 * reads a file's content → one transaction that stores, exactly once per submission
 * (app/infra/idempotency.server.ts), either the lead with its notification and, when the
 * submission proved it came from the site's form, the visitor's auto-reply
 * (app/domain/leads/auto-reply.server.ts); or, for suspected spam, the submission in the spam
 * quarantine, answered the same. Bad input stores nothing and gets a 4xx with Portuguese messages.
 */
import { fieldErrors, INVALID_INPUT_MESSAGE } from "~/infra/http.server";
import { storeOnce, submissionKey, type Transaction } from "~/infra/idempotency.server";
import { hitNetworkLimit, retryText } from "~/infra/rate-limit.server";
import { leadServerMessages } from "~/lib/messages/leads";
import { attributionFor, type Attribution } from "./analytics/attribution.server";
import { queueLeadAutoReply } from "./leads/auto-reply.server";
import { admitOrQuarantine, nextLeadId } from "./spam/quarantine.server";
import { isVerified, judgeSubmission } from "./spam/verdict.server";
import type { z } from "zod";

/** A lead form's name: its folder under app/forms/ (the key of its rate limit and of its submissions). */
export type LeadForm = string;

/** Per form and per address: 10 submissions in 10 minutes (times RATE_LIMIT_FACTOR). */
export const LEAD_RATE_LIMIT = 10;
export const LEAD_RATE_WINDOW_SECONDS = 10 * 60;

export interface SubmissionMeta {
  ip: string | null;
  userAgent: string | null;
  /** The visit that produced the lead (landing page, referrer, UTM), stored on it. */
  attribution?: Attribution | null;
  /**
   * It proved it came from the site's own form (docs/decisions/0106); false for a post made without
   * JavaScript: no e-mail goes to the address it names, and the admin sees it marked.
   */
  verified: boolean;
}

/** What the pipeline needs of a lead form: what it accepts and how it is stored (app/forms/, docs/decisions/0071). */
export interface LeadFormHandler<S extends z.ZodType = z.ZodType, R = unknown> {
  /** The form's name (app/forms/{name}/). */
  form: LeadForm;
  /** Loads the form's schema (a dynamic import, so the browser's first load has no zod). */
  schema: () => Promise<S>;
  /** Stores the lead and queues its notification, inside the transaction it is given. */
  store: (data: z.infer<S>, meta: SubmissionMeta, tx: Transaction) => Promise<R>;
  /** Checks only a post made without JavaScript needs (e.g. the contact consent box the API never receives). */
  nativeCheck?: (body: Record<string, unknown>) => Record<string, string> | null;
  /** The field of the file the form takes, if any: kept apart from the fields when quarantined. */
  fileField?: string;
  /** The sequence its leads' numbers come from (leads.number): a suspected submission's answer carries its next one. */
  numbers?: string;
}

/** Why a submission was refused: the HTTP status, a message, and the field errors if any. */
export class LeadRejection {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {}
}

export interface SubmitContext {
  ip: string | null;
  userAgent: string | null;
  /** The browser's key for this submission (header or hidden field), if any. */
  idempotencyKey?: unknown;
  /** Posted by the browser itself (no JavaScript): the nativeCheck applies, and without a key the content is the key. */
  native?: boolean;
  /** The page the form was sent from (Referer), the attribution's last resort. */
  referer?: string | null;
}

/** What an accepted submission gives: the store's result, and whether it was `verified`. */
export interface Submitted<R> {
  result: R;
  verified: boolean;
}

/** Accepts one submission or throws a LeadRejection. A repeated submission returns the first result. */
export async function submitLead<S extends z.ZodType, R>(
  definition: LeadFormHandler<S, R>,
  body: Record<string, unknown>,
  context: SubmitContext,
): Promise<Submitted<R>> {
  const limit = await hitNetworkLimit(`lead:${definition.form}`, context.ip, LEAD_RATE_LIMIT, LEAD_RATE_WINDOW_SECONDS);
  if (!limit.allowed) {
    throw new LeadRejection(429, leadServerMessages.rateLimited(retryText(limit.retryAfterSeconds)), undefined, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const verdict = await judgeSubmission(body, { form: definition.form, native: Boolean(context.native), ip: context.ip });
  // Async: a server half may check what only the server can (a file's content, docs/decisions/0093).
  const parsed = await (await definition.schema()).safeParseAsync(body);
  const extra = context.native ? definition.nativeCheck?.(body) : null;
  if (!parsed.success || extra) {
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...extra };
    throw new LeadRejection(400, INVALID_INPUT_MESSAGE, errors);
  }
  const data = parsed.data as z.infer<S>;
  const key = submissionKey(definition.form, context.idempotencyKey, context.native ? data : undefined);
  const attribution = await attributionFor({ ip: context.ip, userAgent: context.userAgent, referer: context.referer ?? null });
  const verified = isVerified(verdict);
  const meta: SubmissionMeta = { ip: context.ip, userAgent: context.userAgent?.slice(0, 300) ?? null, attribution, verified };
  const result = await storeOnce(key, definition.form, async (tx) => {
    const screened = await admitOrQuarantine(tx, verdict, { form: definition.form, data, fileField: definition.fileField, meta });
    // Suspected spam gets the answer a lead gets (an id from the same numbering): nothing tells a script it was caught.
    if (!screened.admitted) return { id: definition.numbers ? await nextLeadId(tx, definition.numbers) : screened.id } as R;
    const stored = await definition.store(data, meta, tx);
    if (verified) await queueLeadAutoReply(tx, definition.form, data);
    return stored;
  });
  return { result, verified };
}
