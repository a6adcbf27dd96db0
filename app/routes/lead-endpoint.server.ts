/**
 * The HTTP side of the lead forms: a request becomes a submission (address, browser, idempotency
 * key), and a refusal becomes an answer. The rules live in app/domain/lead-submissions.server.ts;
 * the forms in app/forms/ (docs/decisions/0071). Shared by the JSON endpoints (`leadFormAction`)
 * and the posts made without JavaScript (./enviar.tsx).
 */
import { LeadRejection, submitLead, type SubmitContext } from "~/domain/lead-submissions.server";
import { leadFormServer } from "~/forms/index.server";
import { INVALID_INPUT_MESSAGE, methodNotAllowed, readBody } from "~/infra/http.server";
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_HEADER } from "~/shell/early/idempotency-key";
import type { AppLoadContext } from "react-router";

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
 * The JSON endpoint of the lead form named `name` (SPEC §7): its answer to an accepted submission
 * and to a refused one (default: `{ success: false, message, errors? }`, app/infra/http.server.ts) are the form's.
 */
export async function leadFormAction(name: string, { request, context }: ActionArgsLike): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  const server = leadFormServer(name);
  try {
    const body = await readBody(request, { files: Boolean(server.definition.file) });
    return server.answer((await submitLead(server, body, submitContext(request, context, body))).result);
  } catch (error) {
    const rejection = await asRejection(error);
    const response = server.failure(rejection.status, rejection.message, rejection.errors);
    for (const [k, v] of Object.entries(rejection.headers ?? {})) response.headers.set(k, v);
    return response;
  }
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
