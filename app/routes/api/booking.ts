/**
 * POST /api/booking `{ start, name, email, phone, company, message? }` → 201
 * `{ success, data: { id, start, end, status, icsUrl } }` (status 'pending' when the team confirms a
 * short-notice time first, docs/decisions/0145); 409 'Horário indisponível' when the time is
 * taken or no longer offered; 400 with field errors; 429 over the rate limit. The same rules as
 * the /agendar page (app/domain/booking/bookings.server.ts).
 */
import { BookingRejection, submitBooking } from "~/domain/booking/bookings.server";
import { bookingLinks } from "~/domain/booking/links.server";
import { fail, methodNotAllowed, ok, readBody } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import { submitContext } from "../lead-endpoint.server";
import type { Route } from "./+types/booking";

export const handle = { policy: publicEndpoint() };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  try {
    const body = await readBody(request);
    const booked = await submitBooking(body, submitContext(request, context, body));
    return ok(
      { id: booked.id, start: booked.start, end: booked.end, status: booked.status ?? "confirmed", icsUrl: bookingLinks(booked.token).ics },
      { status: 201 },
    );
  } catch (error) {
    if (error instanceof Response) return error; // readBody's 400
    if (!(error instanceof BookingRejection)) throw error;
    const response = fail(error.status, error.message, error.errors);
    for (const [k, v] of Object.entries(error.headers ?? {})) response.headers.set(k, v);
    return response;
  }
}
