/**
 * How a lead form's submission is accepted, in one place for both ways in: the JSON API of
 * SPEC §7 and the same forms posted without JavaScript (their HTTP side: app/routes/lead-endpoint.server.ts).
 * Honeypot → per-address rate limit → validation → one transaction that stores the lead with its
 * notification, exactly once per submission (app/infra/idempotency.server.ts). Bad input stores
 * nothing and gets a 4xx with Portuguese messages.
 */
import { fieldErrors, INVALID_INPUT_MESSAGE } from "~/infra/http.server";
import { storeOnce, submissionKey, type Transaction } from "~/infra/idempotency.server";
import { hitRateLimit, retryText } from "~/infra/rate-limit.server";
import { HONEYPOT_FIELD } from "~/lib/lead-fields";
import { leadServerMessages } from "~/lib/messages/leads";
import { attributionFor, type Attribution } from "./analytics/attribution.server";
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

/** Accepts one submission or throws a LeadRejection. A repeated submission returns the first result. */
export async function submitLead<S extends z.ZodType, R>(
  definition: LeadFormHandler<S, R>,
  body: Record<string, unknown>,
  context: SubmitContext,
): Promise<R> {
  const honeypot = body[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== "") {
    throw new LeadRejection(400, leadServerMessages.spam);
  }
  const limit = await hitRateLimit(`lead:${definition.form}:${context.ip ?? "unknown"}`, LEAD_RATE_LIMIT, LEAD_RATE_WINDOW_SECONDS);
  if (!limit.allowed) {
    throw new LeadRejection(429, leadServerMessages.rateLimited(retryText(limit.retryAfterSeconds)), undefined, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const parsed = (await definition.schema()).safeParse(body);
  const extra = context.native ? definition.nativeCheck?.(body) : null;
  if (!parsed.success || extra) {
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...extra };
    throw new LeadRejection(400, INVALID_INPUT_MESSAGE, errors);
  }
  const data = parsed.data as z.infer<S>;
  const key = submissionKey(definition.form, context.idempotencyKey, context.native ? data : undefined);
  const attribution = await attributionFor({ ip: context.ip, userAgent: context.userAgent, referer: context.referer ?? null });
  const meta: SubmissionMeta = { ip: context.ip, userAgent: context.userAgent?.slice(0, 300) ?? null, attribution };
  return storeOnce(key, definition.form, (tx) => definition.store(data, meta, tx));
}
