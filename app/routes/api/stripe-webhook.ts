import { handleStripeWebhook } from "~/domain/payments/webhook.server";
import { fail, methodNotAllowed, ok } from "~/infra/http.server";
import type { Route } from "./+types/stripe-webhook";

/**
 * POST /api/stripe/webhook. The host buffers the body unchanged, so the signature is checked over
 * the exact bytes Stripe sent.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const raw = Buffer.from(await request.arrayBuffer());
  const result = await handleStripeWebhook(raw, request.headers.get("stripe-signature"));
  if (result.status !== 200) return fail(result.status, result.message ?? "Evento rejeitado.");
  return ok({ received: true, duplicate: result.duplicate ?? false });
}

export const loader = () => methodNotAllowed();
