import { handleStripeWebhook } from "~/domain/payments/webhook.server";
import { fail, ok } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import type { Route } from "./+types/stripe.webhook";

export const handle = { policy: publicEndpoint() };

/**
 * POST /api/stripe/webhook. The host buffers the body unchanged, so the signature is checked over
 * the exact bytes Stripe sent.
 */
export async function action({ request }: Route.ActionArgs) {
  const raw = Buffer.from(await request.arrayBuffer());
  const result = await handleStripeWebhook(raw, request.headers.get("stripe-signature"));
  if (result.status !== 200) return fail(result.status, result.message ?? "Evento rejeitado.");
  return ok({ received: true, duplicate: result.duplicate ?? false });
}
