/**
 * The HTTP side of the lead forms: a request becomes a submission (address, browser, idempotency
 * key), and a refusal becomes an answer. The rules live in app/domain/lead-submissions.server.ts;
 * this is shared by the JSON API routes (`leadEndpoint`) and the no-JavaScript posts (./enviar.tsx).
 */
import { LeadRejection, submitLead, type LeadFormDefinition, type SubmitContext } from "~/domain/lead-submissions.server";
import { fail, INVALID_INPUT_MESSAGE, methodNotAllowed, readBody } from "~/infra/http.server";
import { IDEMPOTENCY_FIELD } from "~/lib/early-script";
import { IDEMPOTENCY_HEADER } from "~/lib/native-forms";
import type { AppLoadContext } from "react-router";
import type { z } from "zod";

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
