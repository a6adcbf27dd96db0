/**
 * /agendar/cancelar/{token}: the visitor cancels (from the e-mail's private link, no login).
 * Opening it only shows the meeting; the click is a POST (mail scanners open links by themselves).
 * Works without JavaScript.
 */
import { data } from "react-router";
import { BookingShell, ChangeClosedNotice, Notice } from "~/components/booking/booking-page";
import { Button } from "~/components/ui/button";
import { BookingRejection, cancelBooking } from "~/domain/booking/bookings.server";
import { findByToken } from "~/domain/booking/links.server";
import { PRIVATE_HEADERS } from "~/domain/booking/page.server";
import { readSettings } from "~/domain/booking/settings.server";
import { BOOKING_PATH, bookingMessages, changeClosed, formatSlot } from "~/lib/booking";
import { personalPage } from "~/lib/route-policy";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/agendar.cancelar.$token";

export const handle = { policy: personalPage({ writeMethods: ["POST"] }) };

export const meta: Route.MetaFunction = () => [
  { title: `${bookingMessages.cancelTitle} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

async function view(token: string) {
  const b = await findByToken(token);
  if (!b) return null;
  const { changeCutoffHours } = await readSettings();
  return {
    start: b.startsAt.toISOString(),
    cancelled: b.status === "cancelled",
    past: b.startsAt.getTime() <= Date.now(),
    // Inside the cut-off the page offers WhatsApp and e-mail instead (docs/decisions/0145).
    closed: changeClosed(b.startsAt, changeCutoffHours),
    cutoffHours: changeCutoffHours,
  };
}

export async function loader({ params }: Route.LoaderArgs) {
  const booking = await view(params.token ?? "");
  return data({ booking, done: false, message: null as string | null }, { status: booking ? 200 : 404, headers: PRIVATE_HEADERS });
}

export async function action({ params, context }: Route.ActionArgs) {
  const b = await findByToken(params.token ?? "");
  if (!b) return data({ booking: null, done: false, message: bookingMessages.invalidLink }, { status: 404, headers: PRIVATE_HEADERS });
  try {
    await cancelBooking(b.id, { by: "visitor", ip: context.clientIp || null });
  } catch (error) {
    if (!(error instanceof BookingRejection)) throw error;
    return data(
      { booking: await view(params.token!), done: false, message: error.message },
      { status: error.status, headers: PRIVATE_HEADERS },
    );
  }
  return data({ booking: await view(params.token!), done: true, message: null }, { headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export default function CancelBooking({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const b = state.booking;
  if (!b) {
    return (
      <BookingShell title={bookingMessages.invalidLink} intro={<p>{bookingMessages.invalidLinkText}</p>}>
        <a href={BOOKING_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
          Agendar um horário
        </a>
      </BookingShell>
    );
  }
  if (state.done || b.cancelled) {
    return (
      <BookingShell title={bookingMessages.cancelledTitle} intro={<p>{bookingMessages.cancelledText}</p>}>
        <Notice tone="success" title={bookingMessages.cancelledTitle}>
          A reunião de {formatSlot(b.start)} (horário de Brasília) foi cancelada.
        </Notice>
        <a href={BOOKING_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
          Agendar outro horário
        </a>
      </BookingShell>
    );
  }
  return (
    <BookingShell
      title={bookingMessages.cancelTitle}
      intro={
        <p>
          {b.closed && !b.past
            ? `Sua reunião está marcada para ${formatSlot(b.start)} (horário de Brasília).`
            : `Deseja cancelar a reunião de ${formatSlot(b.start)} (horário de Brasília)?`}
        </p>
      }
    >
      {state.message && !(b.closed && !b.past) ? <Notice tone="error" title={state.message} /> : null}
      {b.past ? (
        <p>{bookingMessages.tooLate}</p>
      ) : b.closed ? (
        <ChangeClosedNotice start={b.start} hours={b.cutoffHours} />
      ) : (
        <form method="post" data-busy-label={bookingMessages.cancelling} className="flex flex-wrap gap-3">
          <input type="hidden" name="confirm" value="1" />
          <Button type="submit" variant="destructive" size="lg">
            {bookingMessages.cancelConfirm}
          </Button>
        </form>
      )}
    </BookingShell>
  );
}
