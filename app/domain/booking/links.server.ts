/**
 * A booking's private links (docs/decisions/0083, 0109): the confirmation (/agendar/reserva/{token}),
 * its .ics, the cancel and the reschedule pages. Each link handed out (the page the visitor lands
 * on after booking, each e-mail) has a token of its own, stored only as its hash; every one opens
 * the same booking until a week after its meeting ends (a reschedule moves that with it).
 */
import { and, eq, gt } from "drizzle-orm";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { bookingAccessTokens, bookings } from "~/db/schema";
import { bookingLinksEndedAfter, hashAccessToken, isAccessTokenShaped, newAccessToken } from "../access-tokens.server";
import type { Booking } from "./bookings.server";

/** A new token opening this booking (for one page or one e-mail); only its hash is stored. */
export async function issueBookingLink(executor: Executor, bookingId: number): Promise<string> {
  const { token, hash } = newAccessToken();
  await executor.insert(bookingAccessTokens).values({ bookingId, tokenHash: hash });
  return token;
}

/** The booking a link opens: null for an unknown token, or once its meeting ended over a week ago. */
export async function findByToken(token: string, now = new Date()): Promise<Booking | null> {
  if (!isAccessTokenShaped(token)) return null;
  const [row] = await db()
    .select({ booking: bookings })
    .from(bookingAccessTokens)
    .innerJoin(bookings, eq(bookings.id, bookingAccessTokens.bookingId))
    .where(and(eq(bookingAccessTokens.tokenHash, hashAccessToken(token)), gt(bookings.endsAt, bookingLinksEndedAfter(now))));
  return row?.booking ?? null;
}

/** The addresses one token opens. */
export const bookingLinks = (token: string) => ({
  confirmation: `${env.SITE_URL}/agendar/reserva/${token}`,
  ics: `${env.SITE_URL}/agendar/reserva/${token}/convite.ics`,
  cancel: `${env.SITE_URL}/agendar/cancelar/${token}`,
  reschedule: `${env.SITE_URL}/agendar/remarcar/${token}`,
});
