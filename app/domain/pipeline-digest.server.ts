/**
 * The daily pipeline e-mail to the team: follow-ups due (today or late) and the leads of the last
 * 24 hours, queued through the outbox. Off without SMTP_URL (nobody would read it: the outbox
 * only logs). Like retention, the job checks hourly, works once per Brasília day from 8h, and
 * one instance at a time (advisory lock); the run is remembered in the audit log, which every
 * instance shares, so a restart never sends it twice.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { env } from "~/config.server";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { auditLog } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { formatDateTime } from "~/lib/dates";
import { brasiliaDay, formatDay, leadPagePath, pipelineTypeInfo, stageLabel } from "~/lib/pipeline";
import { recordAudit } from "./audit.server";
import { dueFollowUps, leadsSince, type InboxLead } from "./pipeline.server";

/** Arbitrary constant (distinct from the migration and retention locks). */
const DIGEST_LOCK_ID = 724_518;
const SEND_FROM_HOUR = 8;
export const CHECK_EVERY_MS = 60 * 60_000;

export type DigestResult =
  | { status: "sent" | "empty"; day: string; due: number; fresh: number }
  | { status: "skipped"; reason: "no-smtp" | "too-early" | "done-today" | "locked" };

function brasiliaHour(at: Date): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: "America/Sao_Paulo", hour: "2-digit", hourCycle: "h23" }).format(at));
}

function line(lead: InboxLead, withFollowUp: boolean): string {
  const who = [lead.name, lead.email].filter(Boolean).join(" · ") || `#${lead.id}`;
  const parts = [`- [${pipelineTypeInfo(lead.type).label}] ${who}`];
  if (lead.company) parts.push(lead.company);
  parts.push(`etapa: ${stageLabel(lead.stage)}`);
  parts.push(withFollowUp ? `retorno: ${formatDay(lead.followUpOn)}` : `recebido em ${formatDateTime(lead.createdAt)}`);
  return `${parts.join(" · ")}\n  ${env.SITE_URL}${leadPagePath(lead.type, lead.id)}`;
}

export function digestBody(day: string, due: InboxLead[], fresh: InboxLead[]): string {
  return [
    `Resumo do funil de leads de ${formatDay(day)}.`,
    "",
    `Retornos para hoje ou atrasados (${due.length}):`,
    ...(due.length ? due.map((l) => line(l, true)) : ["Nenhum."]),
    "",
    `Novos leads nas últimas 24 horas (${fresh.length}):`,
    ...(fresh.length ? fresh.map((l) => line(l, false)) : ["Nenhum."]),
    "",
    `Abrir o funil: ${env.SITE_URL}/admin/leads`,
  ].join("\n");
}

export interface DigestOptions {
  now?: Date;
  /** Tests: pretend SMTP is (not) configured; defaults to SMTP_URL being set. */
  smtp?: boolean;
}

export async function runDailyDigest(options: DigestOptions = {}): Promise<DigestResult> {
  const now = options.now ?? new Date();
  if (!(options.smtp ?? Boolean(env.SMTP_URL))) return { status: "skipped", reason: "no-smtp" };
  if (brasiliaHour(now) < SEND_FROM_HOUR) return { status: "skipped", reason: "too-early" };
  const day = brasiliaDay(now);
  const result = await db().transaction(async (tx): Promise<DigestResult> => {
    const lock = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${DIGEST_LOCK_ID}) as locked`));
    if (!lock[0]?.locked) return { status: "skipped", reason: "locked" };
    const [last] = await tx
      .select({ target: auditLog.target })
      .from(auditLog)
      .where(and(eq(auditLog.action, "pipeline.digest"), eq(auditLog.target, `dia:${day}`)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    if (last) return { status: "skipped", reason: "done-today" };
    const due = await dueFollowUps(now, tx);
    const fresh = await leadsSince(new Date(now.getTime() - 86_400_000), tx);
    const status = due.length || fresh.length ? "sent" : "empty";
    if (status === "sent") {
      await enqueueEmail(tx, {
        kind: "pipeline.digest",
        subject: `Funil de leads: ${due.length} ${due.length === 1 ? "retorno" : "retornos"} para hoje, ${fresh.length} ${fresh.length === 1 ? "lead novo" : "leads novos"}`,
        body: digestBody(day, due, fresh),
      });
    }
    await recordAudit(
      {
        actor: "sistema",
        action: "pipeline.digest",
        target: `dia:${day}`,
        details: { due: due.length, fresh: fresh.length, queued: status === "sent" },
      },
      tx,
    );
    return { status, day, due: due.length, fresh: fresh.length };
  });
  if (result.status !== "skipped") logger.info({ digest: result }, "resumo diário do funil processado");
  return result;
}

// Registered once per process (module reloads in development must not add it twice).
