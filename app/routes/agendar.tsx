/**
 * /agendar: book the free consultation (docs/decisions/0080–0084). Days, then times, then the short
 * form, then the confirmation page (/agendar/reserva/{token}). A server-rendered document
 * (docs/decisions/0058): days and times are links, the booking a plain POST to this address; a time
 * taken or expired meanwhile answers 'Horário indisponível' with the day's fresh times (409).
 * Personal and uncached: the free times change with every booking.
 */
import { data, redirect } from "react-router";
import {
  BookingForm,
  BookingShell,
  DayList,
  Notice,
  TimeList,
  type BookingFormValues,
  upperFirst,
} from "~/components/booking/booking-page";
import { BookingRejection, submitBooking } from "~/domain/booking/bookings.server";
import { pickerState } from "~/domain/booking/page.server";
import { readBody } from "~/infra/http.server";
import { throttleRead } from "~/infra/rate-limit.server";
import { BOOKING_PATH, bookingMessages, formatLongDay } from "~/lib/booking";
import { personalPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import { submitContext } from "./lead-endpoint.server";
import type { Route } from "./+types/agendar";

export const handle = { policy: personalPage({ counted: true, writeMethods: ["POST"] }) };

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: bookingMessages.pageTitle, description: bookingMessages.pageIntro, path: BOOKING_PATH });

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  // More reads of the free times from one network than a person makes (docs/decisions/0107).
  const throttled = await throttleRead("slots", context.clientIp);
  if (throttled)
    return data({ throttled: throttled.message }, { status: throttled.status, headers: { ...NO_STORE, ...throttled.headers } });
  const state = await pickerState(new URL(request.url).searchParams);
  return data({ ...state, throttled: null }, { status: state.unavailable ? 409 : 200, headers: NO_STORE });
}

type ActionReply = { errors: Record<string, string>; values: BookingFormValues; message: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  let body: Record<string, unknown> = {};
  try {
    body = await readBody(request);
    const booked = await submitBooking(body, submitContext(request, context, body, true));
    return redirect(`/agendar/reserva/${booked.token}`, { status: 303 });
  } catch (error) {
    // What the visitor typed goes back into the form (the questions' answers too, q_q1…).
    const keys = ["name", "email", "phone", "company", "message", ...Object.keys(body).filter((k) => /^q_q[1-3]$/.test(k))];
    const values = Object.fromEntries(
      keys.map((k) => [k, typeof body[k] === "string" ? String(body[k]).slice(0, 1000) : ""]),
    ) as BookingFormValues;
    if (error instanceof BookingRejection) {
      // A time no longer free: the loader (run after this) shows the day's fresh times.
      const errors = error.status === 409 ? {} : (error.errors ?? {});
      return data<ActionReply>(
        { errors, values, message: error.status === 409 ? null : error.message },
        {
          status: error.status,
          headers: { ...NO_STORE, ...error.headers },
        },
      );
    }
    if (error instanceof Response && error.status < 500) {
      return data<ActionReply>({ errors: {}, values, message: bookingMessages.spam }, { status: 400, headers: NO_STORE });
    }
    throw error;
  }
}

/** Never stored; a refusal's `Retry-After` (a booking or a read over its limit) reaches the visitor. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { ...NO_STORE, "Retry-After": retryAfter } : NO_STORE;
};

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.throttled !== null) {
    return (
      <BookingShell title={bookingMessages.pageTitle} intro={<p>{bookingMessages.pageIntro}</p>}>
        <Notice tone="error" title={bookingMessages.throttledTitle}>
          {loaderData.throttled}
        </Notice>
      </BookingShell>
    );
  }
  const { days, selectedDay, slots, chosen, unavailable, place, questions } = loaderData;
  const selectedFirst = days.find((d) => d.day === selectedDay)?.first;
  const dayHref = (day: string) => `/agendar?dia=${day}#horarios`;
  return (
    <BookingShell title={bookingMessages.pageTitle} intro={<p>{bookingMessages.pageIntro}</p>}>
      {unavailable ? (
        <Notice tone="error" title={bookingMessages.unavailable}>
          {bookingMessages.unavailableDetail}
        </Notice>
      ) : null}
      <div className="grid gap-10">
        <section aria-labelledby="dias" className="min-w-0">
          <h2 id="dias" className="mb-4 text-xl font-bold">
            {bookingMessages.daysHeading}
          </h2>
          <DayList days={days} selected={selectedDay} action="/agendar#horarios" />
        </section>
        {selectedDay && selectedFirst ? (
          <section aria-labelledby="horarios" className="min-w-0">
            <h2 id="horarios" className="mb-1 text-xl font-bold">
              {bookingMessages.timesHeading}
            </h2>
            <p className="mb-4 text-muted-foreground">{upperFirst(formatLongDay(selectedFirst))}</p>
            <TimeList slots={slots} action="/agendar#dados" day={selectedDay} selected={chosen?.start} />
          </section>
        ) : null}
        {chosen ? (
          <div id="dados">
            <BookingForm
              start={chosen.start}
              end={chosen.end}
              place={place}
              questions={questions}
              errors={actionData?.errors ?? {}}
              values={actionData?.values ?? {}}
              message={actionData?.message}
              changeHref={dayHref(selectedDay ?? "")}
            />
          </div>
        ) : null}
      </div>
    </BookingShell>
  );
}
