/**
 * /agenda/feed/{token}.ics: the admin's private calendar feed (text/calendar), for Google Calendar
 * or Outlook to subscribe to. The token is created, replaced and revoked at /admin/agenda and works
 * for a year (docs/decisions/0109); a wrong, revoked or expired one is a 404. Calendar apps fetch
 * without a session, hence public access.
 */
import { feedBookings } from "~/domain/booking/bookings.server";
import { feedIcs, ICS_CONTENT_TYPE } from "~/domain/booking/calendar.server";
import { feedTokenWorks } from "~/domain/booking/settings.server";
import { fail } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import type { Route } from "./+types/agenda.feed.$file";

export const handle = { policy: publicEndpoint() };

export async function loader({ params }: Route.LoaderArgs) {
  const token = (params.file ?? "").replace(/\.ics$/, "");
  if (!(await feedTokenWorks(token))) return fail(404, "Calendário não encontrado.");
  return new Response(feedIcs(await feedBookings()), {
    headers: { "Content-Type": ICS_CONTENT_TYPE, "Cache-Control": "private, max-age=300", "Referrer-Policy": "no-referrer" },
  });
}
