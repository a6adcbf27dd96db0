/** /agendar/reserva/{token}/convite.ics: the meeting as an iCalendar file (METHOD:PUBLISH, the same UID as the e-mails'). */
import { bookingIcs, ICS_CONTENT_TYPE } from "~/domain/booking/calendar.server";
import { findByToken } from "~/domain/booking/links.server";
import { fail } from "~/infra/http.server";
import { personalPage } from "~/lib/route-policy";
import type { Route } from "./+types/agendar.reserva.$token.convite[.]ics";

export const handle = { policy: personalPage() };

export async function loader({ params }: Route.LoaderArgs) {
  const b = await findByToken(params.token ?? "");
  if (!b) return fail(404, "Reunião não encontrada.");
  return new Response(bookingIcs(b, b.status === "cancelled" ? "CANCEL" : "PUBLISH"), {
    headers: {
      "Content-Type": ICS_CONTENT_TYPE,
      "Content-Disposition": 'attachment; filename="consultoria.ics"',
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
