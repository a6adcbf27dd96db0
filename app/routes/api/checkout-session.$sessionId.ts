import { checkoutStatus } from "~/domain/payments/fulfilment.server";
import { fail, ok } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import { SESSION_ID_PATTERN } from "~/lib/schemas/payments";
import type { Route } from "./+types/checkout-session.$sessionId";

export const handle = { policy: publicEndpoint() };

/** GET /api/checkout-session/:sessionId: the order's status, polled by the checkout page. */
export async function loader({ params }: Route.LoaderArgs) {
  const notFound = () => fail(404, "Sessão de pagamento não encontrada.", undefined, { headers: { "Cache-Control": "no-store" } });
  if (!SESSION_ID_PATTERN.test(params.sessionId)) return notFound();
  const status = await checkoutStatus(params.sessionId);
  if (!status) return notFound();
  return ok({ status }, { headers: { "Cache-Control": "no-store" } });
}
