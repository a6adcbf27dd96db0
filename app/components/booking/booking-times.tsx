/**
 * The free times of one day, each a submit button of a GET form (`inicio=<instant>`): one tap, no
 * JavaScript needed, and no link a crawler would multiply by every time of every day. Each
 * button's accessible name is the whole date and hour. Server-rendered in
 * Brasília time; as an eager island (docs/decisions/0058), once the page's script runs it shows
 * each time in the visitor's own zone with Brasília's beside it, when they differ.
 */
import { useSyncExternalStore } from "react";
import { Clock } from "~/components/ui/icons";
import { BOOKING_TIME_ZONE, bookingMessages, browserTimeZone, dayKey, formatLongDay, formatTime, sameClock } from "~/lib/booking";

/** The zone does not change while the page is open. */
const subscribeNever = () => () => {};

export interface BookingTimesProps {
  slots: Array<{ start: string; end: string }>;
  /** Where the form goes (the page itself, with the form's fragment). */
  action: string;
  /** The chosen day, sent along. */
  day: string;
  /** The time already chosen (marked as current). */
  selected?: string | null;
}

export function BookingTimes({ slots, action, day, selected }: BookingTimesProps) {
  // The server (and hydration) render Brasília; the browser's own zone right after, when it differs.
  const zone = useSyncExternalStore(
    subscribeNever,
    () => {
      const local = browserTimeZone();
      return local &&
        local !== BOOKING_TIME_ZONE &&
        !sameClock(
          local,
          slots.map((s) => s.start),
        )
        ? local
        : null;
    },
    () => null,
  );

  return (
    <div>
      <p className="mb-3 flex items-center gap-2 text-sm text-muted-foreground" data-testid="booking-zone-note">
        <Clock className="size-4" aria-hidden />
        {zone ? bookingMessages.localNote(zone) : bookingMessages.brasiliaNote}
      </p>
      <form method="get" action={action}>
        <input type="hidden" name="dia" value={day} />
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6" data-testid="booking-times">
          {slots.map((s) => {
            const current = selected === s.start;
            const brasilia = formatTime(s.start);
            const local = zone ? formatTime(s.start, zone) : null;
            const otherDay = zone && dayKey(s.start, zone) !== dayKey(s.start) ? formatLongDay(s.start, zone) : null;
            return (
              <li key={s.start}>
                <button
                  type="submit"
                  name="inicio"
                  value={s.start}
                  aria-current={current ? "true" : undefined}
                  data-start={s.start}
                  className={
                    "flex min-h-11 w-full cursor-pointer flex-col items-center justify-center rounded-lg border px-3 py-2 text-center font-semibold tabular-nums transition-colors " +
                    "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 " +
                    (current
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-input bg-background text-foreground hover:border-primary hover:bg-secondary")
                  }
                >
                  {/* The name: the whole date, then the visible hour(s) as written (WCAG 2.5.3). */}
                  <span>
                    <span className="sr-only">{formatLongDay(s.start, zone ?? BOOKING_TIME_ZONE)}, às </span>
                    {local ?? brasilia}
                    <span className="sr-only">{zone ? " no seu horário," : ", horário de Brasília"}</span>
                  </span>
                  {zone ? (
                    <span className={"text-xs font-normal " + (current ? "" : "text-muted-foreground")}>
                      {otherDay ? `${otherDay} · ` : ""}
                      {brasilia} em Brasília
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      </form>
    </div>
  );
}
