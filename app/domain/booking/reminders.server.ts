/**
 * Reminders 24 h and 1 h before each meeting, queued through the outbox exactly once each, even
 * with several instances running the job at once: a reminder is claimed by one UPDATE that sets
 * its "sent" column only where it is still null (`… where reminder_day_sent_at is null
 * returning …`). PostgreSQL row locks make a second, concurrent UPDATE re-check that condition
 * after the first commits and find nothing, and the e-mail is queued in the same transaction as
 * the claim (docs/decisions/0084).
 *
 * A reminder whose moment passed without a run (all instances down) is not sent late: the day's
 * reminder only while the meeting is still more than an hour away, the hour's only before it starts.
 * A meeting booked less than 24 h ahead gets no day reminder (the confirmation was just sent).
 */
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { bookings } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { queueReminder, type ReminderKind } from "./emails.server";

export const REMINDER_CHECK_MS = 60_000;

const COLUMN = { day: sql.raw("reminder_day_sent_at"), hour: sql.raw("reminder_hour_sent_at") } as const;

function dueCondition(kind: ReminderKind, now: string) {
  const at = sql`${now}::timestamptz`;
  return kind === "day"
    ? sql`starts_at <= ${at} + interval '24 hours' and starts_at > ${at} + interval '1 hour' and created_at < starts_at - interval '24 hours'`
    : sql`starts_at <= ${at} + interval '1 hour' and starts_at > ${at}`;
}

/** Claims and queues the due reminders of one kind; returns how many this run queued. */
async function runKind(kind: ReminderKind, now: Date): Promise<number> {
  return db().transaction(async (tx) => {
    const claimed = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update bookings set ${COLUMN[kind]} = ${now.toISOString()}::timestamptz
         where status = 'confirmed' and ${COLUMN[kind]} is null and ${dueCondition(kind, now.toISOString())}
        returning id`),
    );
    if (!claimed.length) return 0;
    const rows = await tx
      .select()
      .from(bookings)
      .where(
        sql`${bookings.id} in (${sql.join(
          claimed.map((c) => sql`${Number(c.id)}`),
          sql`, `,
        )})`,
      );
    for (const b of rows) await queueReminder(tx, b, kind);
    return rows.length;
  });
}

export async function runBookingReminders(now = new Date()): Promise<{ day: number; hour: number }> {
  const hour = await runKind("hour", now);
  const day = await runKind("day", now);
  if (day || hour) logger.info({ reminders: { day, hour } }, "lembretes de reunião enfileirados");
  return { day, hour };
}
