/**
 * /agendar/reserva/{token}: the booking's confirmation, reached after booking and from the
 * e-mail. 'Adicionar ao calendário' downloads the .ics; the Google Calendar link opens Google's
 * own form with the meeting filled in. Private (a token in the address): never cached or indexed,
 * and no Referer leaves for another site.
 */
import { data } from "react-router";
import { BookingShell, ChangeClosedNotice, Notice, upperFirst } from "~/components/booking/booking-page";
import { CalendarCheck, Download, ExternalLink } from "~/components/ui/icons";
import { meetingTitle } from "~/domain/booking/calendar.server";
import { findByToken } from "~/domain/booking/links.server";
import { PRIVATE_HEADERS } from "~/domain/booking/page.server";
import { readSettings } from "~/domain/booking/settings.server";
import { BOOKING_PATH, bookingMessages, changeClosed, formatSlot, formatTime, googleCalendarUrl, placeText } from "~/lib/booking";
import { personalPage } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/agendar.reserva.$token";

export const handle = { policy: personalPage() };

export const meta: Route.MetaFunction = () => [
  { title: `${bookingMessages.confirmedTitle} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const b = await findByToken(params.token ?? "");
  if (!b) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  const place = placeText(b.placeKind, b.placeDetail);
  const { changeCutoffHours } = await readSettings();
  return data(
    {
      token: params.token!,
      name: b.name,
      email: b.email,
      start: b.startsAt.toISOString(),
      end: b.endsAt.toISOString(),
      place,
      cancelled: b.status === "cancelled",
      pending: b.status === "pending",
      // Every reschedule raises the invitation's SEQUENCE (a cancellation too, but that reads first).
      rescheduled: b.sequence > 0,
      past: b.startsAt.getTime() <= Date.now(),
      // Inside the cut-off: WhatsApp and e-mail instead of the change links (docs/decisions/0145).
      closed: changeClosed(b.startsAt, changeCutoffHours),
      cutoffHours: changeCutoffHours,
      google: googleCalendarUrl({ title: meetingTitle(b), start: b.startsAt, end: b.endsAt, details: place }),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export default function BookingConfirmation({ loaderData: b }: Route.ComponentProps) {
  const base = BOOKING_PATH;
  return (
    <BookingShell
      title={
        b.cancelled
          ? bookingMessages.cancelledTitle
          : b.pending
            ? bookingMessages.pendingTitle
            : b.rescheduled
              ? bookingMessages.rescheduledTitle
              : bookingMessages.confirmedTitle
      }
      intro={
        <p>
          {b.cancelled
            ? bookingMessages.cancelledText
            : `Obrigado, ${b.name}! ${b.pending ? bookingMessages.pendingIntro : b.rescheduled ? bookingMessages.rescheduledIntro : bookingMessages.confirmedIntro}`}
        </p>
      }
    >
      <div className="rounded-2xl border border-border bg-card p-5 shadow-soft sm:p-8">
        {b.cancelled ? (
          <Notice tone="error" title={bookingMessages.alreadyCancelled} />
        ) : b.pending ? (
          <Notice tone="success" title={bookingMessages.pendingNotice}>
            Avisaremos no e-mail <strong>{b.email}</strong>.
          </Notice>
        ) : (
          <Notice tone="success" title="Confirmação enviada">
            O convite está no e-mail <strong>{b.email}</strong>.
          </Notice>
        )}
        <dl className="grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-6">
          <dt className="text-sm text-muted-foreground">Quando</dt>
          <dd className="font-semibold" data-testid="booking-when">
            {upperFirst(formatSlot(b.start))} até {formatTime(b.end)} (horário de Brasília)
          </dd>
          <dt className="text-sm text-muted-foreground">Onde</dt>
          <dd>{b.place}</dd>
        </dl>
        {!b.cancelled && !b.past ? (
          <>
            {/* The invitation comes with the team's confirmation (docs/decisions/0145). */}
            {b.pending ? null : (
              <div className="mt-6 flex flex-wrap gap-3">
                <a
                  href={`${base}/reserva/${b.token}/convite.ics`}
                  download="consultoria.ics"
                  className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary px-5 py-2 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                >
                  <Download className="size-4" aria-hidden />
                  {bookingMessages.addToCalendar}
                </a>
                <a
                  href={b.google}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-input bg-background px-5 py-2 text-sm font-semibold hover:bg-muted focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                >
                  <CalendarCheck className="size-4" aria-hidden />
                  {bookingMessages.googleCalendar}
                  <ExternalLink className="size-3.5" aria-hidden />
                  <span className="sr-only">(abre em nova aba)</span>
                </a>
              </div>
            )}
            {b.closed ? (
              <div className="mt-6">
                <ChangeClosedNotice start={b.start} hours={b.cutoffHours} />
              </div>
            ) : (
              <p className="mt-6 text-sm text-muted-foreground">
                Precisa mudar?{" "}
                <a href={`${base}/remarcar/${b.token}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {bookingMessages.rescheduleLink}
                </a>{" "}
                ou{" "}
                <a href={`${base}/cancelar/${b.token}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {bookingMessages.cancelLink.toLowerCase()}
                </a>
                . Os links também estão no e-mail.
              </p>
            )}
          </>
        ) : (
          <p className="mt-6">
            <a href={base} className="font-medium text-primary underline-offset-4 hover:underline">
              Agendar outro horário
            </a>
          </p>
        )}
      </div>
    </BookingShell>
  );
}
