/**
 * What integration tests read from the running app, beside its production entry (server/app.ts):
 * built as a second entry of the server bundle (vite.config.ts, `build/server/test-hooks.js`), so
 * it shares the app's module instances (its database handle, its analytics buffer) but the
 * production entry exports none of it.
 */
import * as sharedSchema from "~/db/schema";
import { dayOf } from "~/domain/analytics/days.server";
import { flushAnalytics } from "~/domain/analytics/record.server";
import { rollUpDay } from "~/domain/analytics/rollups.server";
import { deleteOldSalts, visitorHash } from "~/domain/analytics/salt.server";
import type * as CareersTables from "~/forms/careers/table";
import type * as ConsultationTables from "~/forms/consultation/table";
import type * as ContactTables from "~/forms/contact/table";
import { registerLeadForms } from "~/forms/index.server";
import type * as QuestionnaireTables from "~/forms/questionnaire/table";
import { FORM_TABLES } from "~/forms/tables.server";
import type { ServerBuild } from "react-router";

export const analytics = { dayOf, deleteOldSalts, flushAnalytics, rollUpDay, visitorHash };
export { createSession, sessionLookups } from "~/domain/auth/sessions.server";
export { db } from "~/db/client.server";
/**
 * The schema with each form's tables (app/forms/{form}/table.ts), found by folder as the app finds
 * them (app/forms/tables.server.ts); typed for the app's forms, which the tests name.
 */
export const schema = { ...sharedSchema, ...FORM_TABLES } as typeof sharedSchema &
  typeof CareersTables &
  typeof ConsultationTables &
  typeof ContactTables &
  typeof QuestionnaireTables;
export { runRetention } from "~/domain/retention.server";
export { inboxCountsQuery, listInbox } from "~/domain/pipeline.server";
export { submitLead } from "~/domain/lead-submissions.server";
export { leadFormServer } from "~/forms/index.server";
export { pipelineTotals } from "~/domain/deals.server";
export { expireAbandonedCheckouts } from "~/domain/payments/reconciliation.server";
export { newChallenge } from "~/domain/spam/challenge.server";
/** The route tree the app serves (the same module instances), for tests that inspect routes. */
export const serverBuild = () => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>;
export { refreshBusyCalendar } from "~/domain/booking/busy-calendar.server";

/**
 * The tests' own lead form folders (tests/support/forms/{form}/, laid out as app/forms/{form}/):
 * bundled here, registered only when a test asks, the way the app registers its folders
 * (app/forms/index.server.ts); their tables, for the test to create (no migration does).
 */
const TEST_FORMS = import.meta.glob(["./forms/*/store.server.ts", "./forms/*/privacy.server.ts"], { eager: true });
export const registerTestForms = () => registerLeadForms(TEST_FORMS);
export const testFormTables = import.meta.glob<Record<string, unknown>>("./forms/*/table.ts", { eager: true });
