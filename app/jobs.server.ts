/**
 * Every periodic job of an app instance, in one list, started by the server (server/app.ts).
 * Importing a module never starts anything.
 */
import { env } from "~/config.server";
import { flushAnalytics } from "~/domain/analytics/record.server";
import { rollUpPending, startAnalytics } from "~/domain/analytics/rollups.server";
import { deleteOldSalts } from "~/domain/analytics/salt.server";
import { CHECK_EVERY_MS as WEEKLY_CHECK_EVERY_MS, runWeeklyReport } from "~/domain/analytics/weekly-report.server";
import { pruneExpiredSessions } from "~/domain/auth/sessions.server";
import { runScheduledPublishing } from "~/domain/blog/scheduling.server";
import { BUSY_CALENDAR_REFRESH_MS, refreshBusyCalendar } from "~/domain/booking/busy-calendar.server";
import { REMINDER_CHECK_MS, runBookingReminders } from "~/domain/booking/reminders.server";
import { runTaskReminders, TASK_REMINDER_CHECK_MS } from "~/domain/leads/tasks.server";
import { closeNewsletterTransport, NEWSLETTER_WORKER_INTERVAL_MS, processNewsletter } from "~/domain/newsletter/delivery.server";
import { expireAbandonedCheckouts, reconcileStripe } from "~/domain/payments/reconciliation.server";
import { CHECK_EVERY_MS as DIGEST_CHECK_EVERY_MS, runDailyDigest } from "~/domain/pipeline-digest.server";
import { CHECK_EVERY_MS as RETENTION_CHECK_EVERY_MS, runRetention } from "~/domain/retention.server";
import { pruneSpamChecks } from "~/domain/spam/housekeeping.server";
import type { Job } from "~/infra/jobs.server";
import { MAIL_WORKER_INTERVAL_MS, processOutbox } from "~/infra/mail.server";
import { pruneRateLimits } from "~/infra/rate-limit.server";

const MINUTE = 60_000;

export function backgroundJobs(): Job[] {
  return [
    { name: "limpeza-sessoes", everyMs: 10 * MINUTE, run: pruneExpiredSessions },
    { name: "limpeza-limites", everyMs: 10 * MINUTE, run: pruneRateLimits },
    // Spent proof-of-work challenges once expired, auto-reply marks once their hour is over (docs/decisions/0090, 0091).
    { name: "limpeza-antispam", everyMs: 10 * MINUTE, run: pruneSpamChecks },
    // Lead notifications and other e-mails queued in the outbox.
    { name: "envio-emails", everyMs: MAIL_WORKER_INTERVAL_MS, run: processOutbox },
    // Newsletter editions, throttled and shared by every instance (docs/decisions/0128).
    { name: "envio-newsletter", everyMs: NEWSLETTER_WORKER_INTERVAL_MS, run: () => processNewsletter(), final: closeNewsletterTransport },
    // LGPD retention, at most once a day across instances.
    { name: "retencao-dados", everyMs: RETENTION_CHECK_EVERY_MS, run: () => runRetention({ trigger: "agendada" }) },
    // The daily pipeline e-mail (does nothing without SMTP_URL).
    { name: "resumo-funil", everyMs: DIGEST_CHECK_EVERY_MS, run: () => runDailyDigest() },
    // The weekly report to the owner, Mondays from 8h, once across instances (does nothing without SMTP_URL).
    { name: "relatorio-semanal", everyMs: WEEKLY_CHECK_EVERY_MS, run: () => runWeeklyReport() },
    // Page views are written every second, and once more when the server stops.
    { name: "analises-gravacao", everyMs: 1_000, run: flushAnalytics, final: flushAnalytics },
    // Days that ended are closed once; today's running totals read the new rows (docs/decisions/0112).
    {
      name: "analises-resumos",
      everyMs: MINUTE,
      atStart: true,
      run: async () => {
        await startAnalytics();
        await rollUpPending();
        await deleteOldSalts();
      },
    },
    // Meeting reminders 24 h and 1 h before, each claimed once across instances (docs/decisions/0084).
    { name: "lembretes-reunioes", everyMs: REMINDER_CHECK_MS, atStart: true, run: () => runBookingReminders() },
    // Lead task reminders to the team 24 h and 1 h before, each claimed once across instances (docs/decisions/0146).
    { name: "lembretes-tarefas", everyMs: TASK_REMINDER_CHECK_MS, atStart: true, run: () => runTaskReminders() },
    // The owner's own calendar as busy time, fetched conditionally; a failure keeps the last copy (docs/decisions/0144).
    { name: "agenda-externa", everyMs: BUSY_CALENDAR_REFRESH_MS, atStart: true, run: () => refreshBusyCalendar() },
    // Scheduled posts go live within a check of their minute, and at start if they fell due while
    // every instance was down (docs/decisions/0060).
    { name: "publicacao-agendada", everyMs: env.SCHEDULE_CHECK_MS, atStart: true, run: runScheduledPublishing },
    // Checkouts nobody finished expire after a day, as Stripe's sessions do.
    { name: "expiracao-checkouts", everyMs: 10 * MINUTE, atStart: true, run: () => expireAbandonedCheckouts() },
    ...(env.STRIPE_SECRET_KEY ? [{ name: "reconciliacao-pagamentos", everyMs: 10 * MINUTE, run: reconcileStripe }] : []),
  ];
}
