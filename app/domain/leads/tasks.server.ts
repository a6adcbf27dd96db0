/**
 * A lead's tasks (docs/decisions/0146): the admin adds them with a due time, completes and reopens
 * them (each change audited against the lead, as its stage moves are), sees the overdue ones on the
 * dashboard and on the lead, and is reminded by e-mail 24 h and 1 h before each.
 *
 * Reminders follow the meetings' pattern (app/domain/booking/reminders.server.ts, decision 0084): a
 * run claims the due reminders of one kind with one UPDATE that sets their "sent" column only where
 * it is still null, and queues the e-mails through the outbox in that transaction. A second
 * instance's concurrent UPDATE waits for the first one's row locks, re-checks the null and claims
 * nothing, so each reminder is queued exactly once. A moment missed while every instance was down
 * is not sent late; a task added less than 24 h ahead gets no day reminder (its moment had passed).
 */
import { and, asc, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { leadTasks } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { formatDateTime } from "~/lib/dates";
import { taskKindLabel, type TaskAdd } from "~/lib/lead-tasks";
import { leadPagePath, pipelineTypeInfo, type PipelineType } from "~/lib/pipeline";
import { recordAudit } from "../audit.server";
import type { Actor } from "../pipeline.server";

export const TASK_REMINDER_CHECK_MS = 60_000;

/** One task as the lead's page shows it. */
export interface LeadTask {
  id: number;
  kind: string;
  title: string;
  /** ISO instants. */
  dueAt: string;
  doneAt: string | null;
  createdBy: string;
  createdAt: string;
}

/** The lead's tasks: open ones by due time first, then the done ones, last done first. */
export async function tasksOfLead(leadId: number, executor: Executor = db()): Promise<LeadTask[]> {
  const rows = await executor
    .select()
    .from(leadTasks)
    .where(eq(leadTasks.leadId, leadId))
    .orderBy(
      sql`${leadTasks.doneAt} is not null`,
      sql`case when ${leadTasks.doneAt} is null then ${leadTasks.dueAt} end asc`,
      desc(leadTasks.doneAt),
      asc(leadTasks.id),
    )
    .limit(200);
  return rows.map((t) => ({
    id: t.id,
    kind: t.kind,
    title: t.title,
    dueAt: t.dueAt.toISOString(),
    doneAt: t.doneAt?.toISOString() ?? null,
    createdBy: t.createdBy,
    createdAt: t.createdAt.toISOString(),
  }));
}

/** Where a task's changes are audited: the lead's own audit target (app/domain/pipeline.server.ts). */
interface TaskLead {
  leadId: number;
  target: string;
}

export async function addTask(lead: TaskLead, input: TaskAdd, actor: Actor): Promise<number> {
  return db().transaction(async (tx) => {
    const [task] = await tx
      .insert(leadTasks)
      .values({ leadId: lead.leadId, kind: input.kind, title: input.title, dueAt: input.dueAt, createdBy: actor.username })
      .returning({ id: leadTasks.id });
    await recordAudit(
      {
        actor: actor.username,
        action: "lead.task.add",
        target: lead.target,
        details: { task: task!.id, kind: input.kind, title: input.title, dueAt: input.dueAt.toISOString() },
        ip: actor.ip,
      },
      tx,
    );
    return task!.id;
  });
}

/**
 * Completes (done) or reopens a task of this lead; null when the lead has no such task, false when
 * it already was so (nothing written). A reopened task keeps the reminders it already had.
 */
export async function setTaskDone(lead: TaskLead, taskId: number, done: boolean, actor: Actor): Promise<boolean | null> {
  return db().transaction(async (tx) => {
    const [changed] = await tx
      .update(leadTasks)
      .set({ doneAt: done ? sql`now()` : null })
      .where(
        and(
          eq(leadTasks.id, taskId),
          eq(leadTasks.leadId, lead.leadId),
          done ? isNull(leadTasks.doneAt) : sql`${leadTasks.doneAt} is not null`,
        ),
      )
      .returning({ id: leadTasks.id, title: leadTasks.title });
    if (!changed) {
      const [exists] = await tx
        .select({ id: leadTasks.id })
        .from(leadTasks)
        .where(and(eq(leadTasks.id, taskId), eq(leadTasks.leadId, lead.leadId)));
      return exists ? false : null;
    }
    await recordAudit(
      {
        actor: actor.username,
        action: done ? "lead.task.done" : "lead.task.reopen",
        target: lead.target,
        details: { task: taskId, title: changed.title },
        ip: actor.ip,
      },
      tx,
    );
    return true;
  });
}

/** An open task past its due time, with the lead it belongs to (the dashboard's card). */
export interface OverdueTask {
  id: number;
  kind: string;
  title: string;
  dueAt: string;
  type: PipelineType;
  number: number;
  name: string | null;
  email: string | null;
}

/** How many open tasks are overdue, and the `limit` oldest of them. Reads the open-due index. */
export async function overdueTasks(limit = 5, now = new Date()): Promise<{ count: number; tasks: OverdueTask[] }> {
  const [counted] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(leadTasks)
    .where(and(isNull(leadTasks.doneAt), lt(leadTasks.dueAt, now)));
  const rows = rowsOf<{
    id: number;
    kind: string;
    title: string;
    due_at: Date | string;
    type: PipelineType;
    number: number;
    name: string | null;
    email: string | null;
  }>(
    await db().execute(sql`
      select t.id, t.kind, t.title, t.due_at, l.kind as type, l.number, l.name, l.email
        from lead_tasks t join leads l on l.id = t.lead_id
       where t.done_at is null and t.due_at < ${now.toISOString()}::timestamptz
       order by t.due_at asc, t.id asc
       limit ${limit}`),
  );
  return {
    count: Number(counted?.n ?? 0),
    tasks: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      title: r.title,
      dueAt: new Date(r.due_at).toISOString(),
      type: r.type,
      number: Number(r.number),
      name: r.name,
      email: r.email,
    })),
  };
}

// ---------------------------------------------------------------- reminders
type ReminderKind = "day" | "hour";
const COLUMN = { day: sql.raw("reminder_day_sent_at"), hour: sql.raw("reminder_hour_sent_at") } as const;

function dueCondition(kind: ReminderKind, now: string) {
  const at = sql`${now}::timestamptz`;
  return kind === "day"
    ? sql`due_at <= ${at} + interval '24 hours' and due_at > ${at} + interval '1 hour' and created_at < due_at - interval '24 hours'`
    : sql`due_at <= ${at} + interval '1 hour' and due_at > ${at}`;
}

interface ReminderRow {
  id: number;
  kind: string;
  title: string;
  due_at: Date | string;
  type: PipelineType;
  number: number;
  name: string | null;
  email: string | null;
  company: string | null;
}

export function taskReminderMail(task: ReminderRow, kind: ReminderKind) {
  const due = formatDateTime(new Date(task.due_at));
  const who = task.name || task.email || `${pipelineTypeInfo(task.type).label} nº ${task.number}`;
  const when = kind === "day" ? "em 1 dia" : "em 1 hora";
  return {
    kind: `lead.task.reminder.${kind}`,
    subject: `Lembrete: ${task.title} · ${who} (${when}, ${due})`,
    body: [
      `Lembrete de tarefa do funil de leads: vence ${when}.`,
      "",
      `Tarefa: ${task.title} (${taskKindLabel(task.kind)})`,
      `Prazo: ${due} (horário de Brasília)`,
      `Lead: ${[who, task.company].filter(Boolean).join(" · ")}`,
      ...(task.email && task.email !== who ? [`E-mail: ${task.email}`] : []),
      "",
      `Abrir o lead: ${env.SITE_URL}${leadPagePath(task.type, task.number)}`,
    ].join("\n"),
  };
}

/** Claims and queues the due reminders of one kind; returns how many this run queued. */
async function runKind(kind: ReminderKind, now: Date): Promise<number> {
  return db().transaction(async (tx) => {
    const claimed = rowsOf<{ id: number }>(
      await tx.execute(sql`
        update lead_tasks set ${COLUMN[kind]} = ${now.toISOString()}::timestamptz
         where done_at is null and ${COLUMN[kind]} is null and ${dueCondition(kind, now.toISOString())}
        returning id`),
    );
    if (!claimed.length) return 0;
    const rows = rowsOf<ReminderRow>(
      await tx.execute(sql`
        select t.id, t.kind, t.title, t.due_at, l.kind as type, l.number, l.name, l.email, l.company
          from lead_tasks t join leads l on l.id = t.lead_id
         where t.id in (${sql.join(
           claimed.map((c) => sql`${Number(c.id)}`),
           sql`, `,
         )})
         order by t.due_at, t.id`),
    );
    // To the team's address (CONTACT_EMAIL), as every notice to the admin.
    for (const task of rows) await enqueueEmail(tx, taskReminderMail(task, kind));
    return rows.length;
  });
}

export async function runTaskReminders(now = new Date()): Promise<{ day: number; hour: number }> {
  const hour = await runKind("hour", now);
  const day = await runKind("day", now);
  if (day || hour) logger.info({ taskReminders: { day, hour } }, "lembretes de tarefas enfileirados");
  return { day, hour };
}
