/**
 * What integration tests read from the running app, beside its production entry (server/app.ts):
 * built as a second entry of the server bundle (vite.config.ts, `build/server/test-hooks.js`), so
 * it shares the app's module instances (its database handle, its analytics buffer) but the
 * production entry exports none of it.
 */
import { dayOf } from "~/domain/analytics/days.server";
import { flushAnalytics } from "~/domain/analytics/record.server";
import { rollUpDay } from "~/domain/analytics/rollups.server";
import { deleteOldSalts, visitorHash } from "~/domain/analytics/salt.server";
import type { ServerBuild } from "react-router";

export const analytics = { dayOf, deleteOldSalts, flushAnalytics, rollUpDay, visitorHash };
export { createSession, sessionLookups } from "~/domain/auth/sessions.server";
export { db } from "~/db/client.server";
export * as schema from "~/db/schema";
export { runRetention } from "~/domain/retention.server";
export { inboxCountsQuery } from "~/domain/pipeline.server";
export { expireAbandonedCheckouts } from "~/domain/payments/reconciliation.server";
export { newChallenge } from "~/domain/spam/challenge.server";
/** The route tree the app serves (the same module instances), for tests that inspect routes. */
export const serverBuild = () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;
export { refreshBusyCalendar } from "~/domain/booking/busy-calendar.server";
