/**
 * GET /api/booking/slots?from=YYYY-MM-DD&to=YYYY-MM-DD: the free meeting times on those
 * (Brasília) days, `{ success, data: { timeZone, slots: [{ start, end }] } }` in UTC ISO 8601.
 * Not cached: a booking changes it (docs/decisions/0081). Bad days are a 400 with field errors;
 * more reads from one network than a person makes, a 429 (docs/decisions/0107).
 */
import { listSlots } from "~/domain/booking/bookings.server";
import { fail, fieldErrors, INVALID_INPUT_MESSAGE, ok } from "~/infra/http.server";
import { throttledAnswer, throttleRead } from "~/infra/rate-limit.server";
import { publicEndpoint } from "~/lib/route-policy";
import { slotsQuerySchema } from "~/lib/schemas/booking";
import type { Route } from "./+types/booking.slots";

export const handle = { policy: publicEndpoint() };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = slotsQuerySchema.safeParse({ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined });
  if (!parsed.success) return fail(400, INVALID_INPUT_MESSAGE, fieldErrors(parsed.error));
  const throttled = await throttleRead("slots", context.clientIp);
  if (throttled) return throttledAnswer(throttled);
  const { timeZone, slots } = await listSlots(parsed.data.from, parsed.data.to);
  return ok(
    { timeZone, slots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
