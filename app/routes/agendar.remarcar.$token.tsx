/**
 * /agendar/remarcar/{token}: the visitor moves the meeting to another free time (from the
 * e-mail's private link, no login): the days and times of /agendar, then one button, a plain
 * POST. A time taken meanwhile answers 'Horário indisponível' with fresh times.
 */
import { data, redirect } from "react-router";
import { BookingShell, ChangeClosedNotice, DayList, Notice, TimeList, upperFirst } from "~/components/booking/booking-page";
import { Button } from "~/components/ui/button";
import { BookingRejection, rescheduleBooking } from "~/domain/booking/bookings.server";
import { findByToken } from "~/domain/booking/links.server";
import { PRIVATE_HEADERS, pickerState } from "~/domain/booking/page.server";
import { readSettings } from "~/domain/booking/settings.server";
import { readBody } from "~/infra/http.server";
import { BOOKING_PATH, bookingMessages, changeClosed, formatLongDay, formatSlot, formatTime } from "~/lib/booking";
import { personalPage } from "~/lib/route-policy";
import { instantSchema } from "~/lib/schemas/booking";
import { SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/agendar.remarcar.$token";

export const handle = { policy: personalPage({ writeMethods: ["POST"] }) };

export const meta: Route.MetaFunction = () => [
  { title: `${bookingMessages.rescheduleTitle} | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request }: Route.LoaderArgs) {
  const b = await findByToken(params.token ?? "");
  if (!b) return data({ booking: null, picker: null }, { status: 404, headers: PRIVATE_HEADERS });
  const { changeCutoffHours } = await readSettings();
  const booking = {
    start: b.startsAt.toISOString(),
    cancelled: b.status === "cancelled",
    past: b.startsAt.getTime() <= Date.now(),
    // Inside the cut-off the page offers WhatsApp and e-mail instead of times (docs/decisions/0145).
    closed: changeClosed(b.startsAt, changeCutoffHours),
    cutoffHours: changeCutoffHours,
  };
  const picker = booking.cancelled || booking.past || booking.closed ? null : await pickerState(new URL(request.url).searchParams);
  return data({ booking, picker }, { status: picker?.unavailable ? 409 : 200, headers: PRIVATE_HEADERS });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const b = await findByToken(params.token ?? "");
  if (!b) return data({ message: bookingMessages.invalidLink }, { status: 404, headers: PRIVATE_HEADERS });
  const body = await readBody(request);
  const start = instantSchema.safeParse(body.start);
  if (!start.success) return data({ message: bookingMessages.unavailable }, { status: 400, headers: PRIVATE_HEADERS });
  try {
    await rescheduleBooking(b.id, start.data, { by: "visitor", ip: context.clientIp || null });
  } catch (error) {
    if (!(error instanceof BookingRejection)) throw error;
    return data({ message: error.message }, { status: error.status, headers: PRIVATE_HEADERS });
  }
  return redirect(`/agendar/reserva/${params.token}`, { status: 303, headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export default function RescheduleBooking({ loaderData, actionData, params }: Route.ComponentProps) {
  const { booking, picker } = loaderData;
  if (!booking) {
    return (
      <BookingShell title={bookingMessages.invalidLink} intro={<p>{bookingMessages.invalidLinkText}</p>}>
        <a href={BOOKING_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
          Agendar um horário
        </a>
      </BookingShell>
    );
  }
  // A cancelled or past meeting cannot move: say so, and offer a new booking instead of a picker.
  if (booking.cancelled || booking.past) {
    return (
      <BookingShell
        title={booking.cancelled ? bookingMessages.cancelledTitle : bookingMessages.rescheduleTitle}
        intro={<p>{booking.cancelled ? bookingMessages.cancelledRescheduleText : bookingMessages.pastRescheduleText}</p>}
      >
        <Button asChild size="lg">
          <a href={BOOKING_PATH}>{bookingMessages.bookAgain}</a>
        </Button>
      </BookingShell>
    );
  }
  if (booking.closed) {
    return (
      <BookingShell
        title={bookingMessages.rescheduleTitle}
        intro={<p>Sua reunião está marcada para {formatSlot(booking.start)} (horário de Brasília).</p>}
      >
        <ChangeClosedNotice start={booking.start} hours={booking.cutoffHours} />
      </BookingShell>
    );
  }
  const self = `/agendar/remarcar/${params.token}`;
  const selectedFirst = picker?.days.find((d) => d.day === picker.selectedDay)?.first;
  return (
    <BookingShell
      title={bookingMessages.rescheduleTitle}
      intro={<p>Sua reunião está marcada para {formatSlot(booking.start)} (horário de Brasília). Escolha o novo horário.</p>}
    >
      {actionData?.message ? (
        <Notice tone="error" title={actionData.message}>
          {bookingMessages.unavailableDetail}
        </Notice>
      ) : null}
      {picker?.unavailable && !actionData ? (
        <Notice tone="error" title={bookingMessages.unavailable}>
          {bookingMessages.unavailableDetail}
        </Notice>
      ) : null}
      {picker ? (
        <div className="grid gap-10">
          <section aria-labelledby="dias" className="min-w-0">
            <h2 id="dias" className="mb-4 text-xl font-bold">
              {bookingMessages.daysHeading}
            </h2>
            <DayList days={picker.days} selected={picker.selectedDay} action={`${self}#horarios`} />
          </section>
          {picker.selectedDay && selectedFirst ? (
            <section aria-labelledby="horarios" className="min-w-0">
              <h2 id="horarios" className="mb-1 text-xl font-bold">
                {bookingMessages.timesHeading}
              </h2>
              <p className="mb-4 text-muted-foreground">{upperFirst(formatLongDay(selectedFirst))}</p>
              <TimeList slots={picker.slots} action={`${self}#confirmar`} day={picker.selectedDay} selected={picker.chosen?.start} />
            </section>
          ) : null}
          {picker.chosen ? (
            <form
              id="confirmar"
              method="post"
              data-busy-label={bookingMessages.rescheduling}
              className="rounded-2xl border border-border bg-card p-5 shadow-soft sm:p-8"
            >
              <input type="hidden" name="start" value={picker.chosen.start} />
              <p className="font-semibold">
                Novo horário: {formatSlot(picker.chosen.start)} até {formatTime(picker.chosen.end)} (horário de Brasília)
              </p>
              <Button type="submit" size="lg" className="mt-4">
                {bookingMessages.rescheduleSubmit}
              </Button>
            </form>
          ) : null}
        </div>
      ) : null}
    </BookingShell>
  );
}
