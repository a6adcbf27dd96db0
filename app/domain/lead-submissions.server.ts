/**
 * How a lead form's submission is accepted, in one place for both ways in: the JSON API of
 * SPEC §7 (`leadEndpoint`) and the same forms posted without JavaScript (app/routes/enviar.tsx).
 * Honeypot → per-address rate limit → validation → one transaction that stores the lead with its
 * notification, exactly once per submission (app/infra/idempotency.server.ts). Bad input stores
 * nothing and gets a 4xx with Portuguese messages.
 */
import { fail, fieldErrors, INVALID_INPUT_MESSAGE, methodNotAllowed, readBody } from "~/infra/http.server";
import { storeOnce, submissionKey, type Transaction } from "~/infra/idempotency.server";
import { hitRateLimit, retryText } from "~/infra/rate-limit.server";
import { IDEMPOTENCY_FIELD } from "~/lib/early-script";
import { HONEYPOT_FIELD } from "~/lib/lead-fields";
import { leadServerMessages } from "~/lib/messages/leads";
import { IDEMPOTENCY_HEADER } from "~/lib/native-forms";
import { attributionFor, type Attribution } from "./analytics/attribution.server";
import type { AppLoadContext } from "react-router";
import type { z } from "zod";

export type LeadForm = "contact" | "newsletter" | "careers" | "consultation" | "questionnaire" | "chat";

/** Per form and per address: 10 submissions in 10 minutes (times RATE_LIMIT_FACTOR). */
export const LEAD_RATE_LIMIT = 10;
export const LEAD_RATE_WINDOW_SECONDS = 10 * 60;

export interface SubmissionMeta {
  ip: string | null;
  userAgent: string | null;
  /** The visit that produced the lead (landing page, referrer, UTM), stored on it. */
  attribution?: Attribution | null;
}

/** A lead form: what it accepts and how it is stored (see app/domain/lead-forms.server.ts). */
export interface LeadFormDefinition<S extends z.ZodType = z.ZodType, R = unknown> {
  form: LeadForm;
  schema: S;
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
  definition: LeadFormDefinition<S, R>,
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
  const parsed = definition.schema.safeParse(body);
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

interface ActionArgsLike {
  request: Request;
  context: AppLoadContext;
}

/** The submission's context from a request (address, user agent, idempotency key). */
export function submitContext(request: Request, context: AppLoadContext, body: Record<string, unknown>, native = false): SubmitContext {
  return {
    ip: context.clientIp || null,
    userAgent: request.headers.get("user-agent"),
    idempotencyKey: request.headers.get(IDEMPOTENCY_HEADER) ?? body[IDEMPOTENCY_FIELD],
    native,
    referer: request.headers.get("referer"),
  };
}

/**
 * The action of a public lead endpoint of the JSON API: `answer` shapes the success (SPEC §7
 * shapes differ per form), `failure` the refusal (default: DESIGN.md's `{ success: false, message, errors? }`).
 */
export function leadEndpoint<S extends z.ZodType, R>(
  definition: LeadFormDefinition<S, R>,
  options: {
    answer: (result: R) => Response;
    failure?: (status: number, message: string, errors?: Record<string, string>) => Response;
  },
) {
  return async ({ request, context }: ActionArgsLike): Promise<Response> => {
    if (request.method !== "POST") return methodNotAllowed();
    try {
      const body = await readBody(request);
      return options.answer(await submitLead(definition, body, submitContext(request, context, body)));
    } catch (error) {
      const rejection = await asRejection(error);
      const response = (options.failure ?? fail)(rejection.status, rejection.message, rejection.errors);
      for (const [k, v] of Object.entries(rejection.headers ?? {})) response.headers.set(k, v);
      return response;
    }
  };
}

/** A LeadRejection, or readBody's 400 (empty or malformed body) as one; anything else is a bug and is rethrown. */
export async function asRejection(error: unknown): Promise<LeadRejection> {
  if (error instanceof LeadRejection) return error;
  if (error instanceof Response) {
    const parsed = (await error
      .clone()
      .json()
      .catch(() => null)) as { message?: string } | null;
    return new LeadRejection(error.status, parsed?.message ?? INVALID_INPUT_MESSAGE);
  }
  throw error;
}
