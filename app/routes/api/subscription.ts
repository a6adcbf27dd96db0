import { attributionOfRequest } from "~/domain/analytics/attribution.server";
import { startCheckout } from "~/domain/payments/checkout.server";
import { fail, fieldErrors, readBody } from "~/infra/http.server";
import { paymentMessages } from "~/lib/messages/payments";
import { publicEndpoint } from "~/lib/route-policy";
import { subscriptionSchema } from "~/lib/schemas/payments";
import type { Route } from "./+types/subscription";

export const handle = { policy: publicEndpoint() };

/** SPEC §7 POST /api/subscription {planId, successUrl, cancelUrl}: a monthly plan. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = subscriptionSchema.safeParse(await readBody(request));
  if (!parsed.success) return fail(400, paymentMessages.missingId, fieldErrors(parsed.error));
  const result = await startCheckout("plan", parsed.data.planId, context.clientIp, await attributionOfRequest(request, context.clientIp));
  if (!result.ok) return fail(result.status, result.message);
  return Response.json({ success: true, url: result.url, sessionId: result.sessionId });
}
