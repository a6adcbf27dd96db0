/**
 * A lead's tasks (docs/decisions/0146) on the production bundle and a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): the lead page's add, complete and reopen forms (303 back,
 * 400 with Portuguese messages and nothing stored, 404 for another lead's task), each change
 * audited; the overdue mark on the lead and the card on the dashboard; reminders 24 h and 1 h
 * before, claimed once by two concurrent runs and sent once through a local SMTP server; and, on
 * PostgreSQL, two app instances on one database whose jobs race to remind the same tasks.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, createTestDatabase, startTestApp, TEST_SESSION_SECRET, type TestApp, usingPostgres } from "../helpers/app";
import { type FakeSmtp, startFakeSmtp } from "../mocks/smtp";
import { insertLead } from "../support/leads";
import { type ServerProcess, startServerProcess } from "../support/server-process";

let app: TestApp;
let smtp: FakeSmtp;
let cookie: string;
let ana: { id: number; leadId: number };
let bruno: { id: number; leadId: number };
const TEAM = "contato@agileia.com.br";

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url });
  cookie = await adminSession(app);
  ana = await insertLead(app.db(), app.schema, "contacts", {
    name: "Ana Tarefas",
    company: "Logística Horizonte",
    email: "ana.tarefas@horizonte.com.br",
    phone: "(11) 98765-4321",
    message: "Queremos um piloto.",
  });
  bruno = await insertLead(app.db(), app.schema, "contacts", {
    name: "Bruno Outro",
    company: "Outra",
    email: "bruno@outra.com.br",
    phone: "(11) 91234-5678",
    message: "Outro lead.",
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** Brasília wall time (UTC−3) as the datetime-local field takes it. */
const brasiliaLocal = (at: Date) => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 16);
const HOUR = 3_600_000;
const page = (id = ana.id) => `/admin/leads/funil/contatos/${id}`;

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/** A page's document, read with small finders (an element by attribute, its text). */
function dom(text: string) {
  const root = parseDocument(text);
  const matches = (name: string, value?: string) => (el: { attribs: Record<string, string> }) =>
    value === undefined ? name in el.attribs : el.attribs[name] === value;
  return {
    one: (name: string, value?: string) => DomUtils.findOne(matches(name, value), root.children) ?? null,
    all: (name: string, value?: string) => DomUtils.findAll(matches(name, value), root.children),
    text: (name: string, value?: string) => {
      const el = DomUtils.findOne(matches(name, value), root.children);
      return el ? DomUtils.textContent(el) : null;
    },
  };
}

async function html(path: string) {
  const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return dom(await res.text());
}

const tasksOf = (leadId: number) => {
  const { leadTasks } = app.schema;
  return app.db().select().from(leadTasks).where(eq(leadTasks.leadId, leadId)).orderBy(asc(leadTasks.id));
};
const audits = (action: string) => {
  const { auditLog } = app.schema;
  return app.db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
};

describe("the lead page's task forms", () => {
  it("adds a task (303 back to the tasks, audited) and shows it; bad input is a 400 in Portuguese and stores nothing", async () => {
    const due = new Date(Date.now() + 2 * 24 * HOUR);
    const res = await post(page(), {
      intent: "tarefa-adicionar",
      taskKind: "proposta",
      taskTitle: "  Mandar a proposta   do piloto ",
      taskDueAt: brasiliaLocal(due),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${page()}?tarefa=adicionada#tarefas`);
    const [task] = await tasksOf(ana.leadId);
    expect(task).toMatchObject({ kind: "proposta", title: "Mandar a proposta do piloto", doneAt: null, createdBy: "admin" });
    expect(task!.dueAt.toISOString().slice(0, 16)).toBe(due.toISOString().slice(0, 16));
    const [audit] = await audits("lead.task.add");
    expect(audit).toMatchObject({ actor: "admin", target: `contact:${ana.id}` });
    expect(audit!.details).toMatchObject({ task: task!.id, kind: "proposta" });

    const doc = await html(`${page()}?tarefa=adicionada`);
    expect(doc.text("data-testid", "task-saved")).toBe("Tarefa adicionada.");
    const item = doc.one("data-task-id", String(task!.id));
    expect(item?.attribs["data-state"]).toBe("open");
    expect(doc.text("data-task-id", String(task!.id))).toContain("Mandar a proposta do piloto");
    expect(doc.text("data-task-id", String(task!.id))).toContain("Enviar proposta");
    expect(doc.one("data-testid", "overdue-mark")).toBeNull();

    // An empty title takes the kind's label.
    expect(
      (await post(page(), { intent: "tarefa-adicionar", taskKind: "ligar", taskTitle: "", taskDueAt: brasiliaLocal(due) })).status,
    ).toBe(303);
    expect((await tasksOf(ana.leadId)).map((t) => t.title)).toEqual(["Mandar a proposta do piloto", "Ligar"]);

    const bad = await post(page(), { intent: "tarefa-adicionar", taskKind: "almoçar", taskTitle: "x".repeat(201), taskDueAt: "amanhã" });
    expect(bad.status).toBe(400);
    const refused = dom(await bad.text());
    expect(refused.text("id", "taskKind-error")).toBe("Selecione um tipo de tarefa válido.");
    expect(refused.text("id", "taskTitle-error")).toBe("A descrição pode ter no máximo 200 caracteres.");
    expect(refused.text("id", "taskDueAt-error")).toBe("Informe data e hora válidas para o prazo.");
    const far = await post(page(), {
      intent: "tarefa-adicionar",
      taskKind: "ligar",
      taskDueAt: brasiliaLocal(new Date(Date.now() + 800 * 24 * HOUR)),
    });
    expect(far.status).toBe(400);
    expect(dom(await far.text()).text("id", "taskDueAt-error")).toBe("O prazo deve estar entre hoje menos um ano e daqui a dois anos.");
    expect(await tasksOf(ana.leadId)).toHaveLength(2);
    expect(await audits("lead.task.add")).toHaveLength(2);
    // The stage form still works beside them.
    expect((await post(page(), { stage: "em-contato", followUpOn: "", note: "" })).status).toBe(303);
  });

  it("completes and reopens a task (audited once each), and refuses another lead's task with a 404", async () => {
    const [task] = await tasksOf(ana.leadId);
    const done = await post(page(), { intent: "tarefa-concluir", taskId: String(task!.id) });
    expect(done.headers.get("location")).toBe(`${page()}?tarefa=concluida#tarefas`);
    expect((await tasksOf(ana.leadId))[0]!.doneAt).not.toBeNull();
    const again = await post(page(), { intent: "tarefa-concluir", taskId: String(task!.id) });
    expect(again.headers.get("location")).toBe(`${page()}?tarefa=igual#tarefas`);
    expect(await audits("lead.task.done")).toHaveLength(1);
    const doc = await html(page());
    expect(doc.one("data-task-id", String(task!.id))?.attribs["data-state"]).toBe("done");
    expect(doc.text("data-task-id", String(task!.id))).toContain("Reabrir");

    expect((await post(page(bruno.id), { intent: "tarefa-concluir", taskId: String(task!.id) })).status).toBe(404);
    expect((await post(page(), { intent: "tarefa-reabrir", taskId: "abc" })).status).toBe(404);
    expect((await post(page(), { intent: "tarefa-reabrir", taskId: String(task!.id) })).headers.get("location")).toBe(
      `${page()}?tarefa=reaberta#tarefas`,
    );
    expect((await tasksOf(ana.leadId))[0]!.doneAt).toBeNull();
    expect((await audits("lead.task.reopen")).map((a) => a.target)).toEqual([`contact:${ana.id}`]);
  });

  it("without a session, the forms store nothing", async () => {
    const res = await fetch(`${app.url}${page()}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ intent: "tarefa-adicionar", taskKind: "ligar", taskDueAt: brasiliaLocal(new Date(Date.now() + HOUR)) }),
      redirect: "manual",
    });
    expect([302, 303, 401]).toContain(res.status);
    expect(await tasksOf(ana.leadId)).toHaveLength(2);
  });
});

describe("overdue tasks", () => {
  it("mark the lead and fill the dashboard's card, oldest first, linked to the lead; done ones leave it", async () => {
    const { leadTasks } = app.schema;
    const [late] = await app
      .db()
      .insert(leadTasks)
      .values([
        { leadId: bruno.leadId, kind: "ligar", title: "Ligar para o Bruno", dueAt: new Date(Date.now() - 2 * HOUR), createdBy: "admin" },
        { leadId: bruno.leadId, kind: "email", title: "Responder o Bruno", dueAt: new Date(Date.now() - 26 * HOUR), createdBy: "admin" },
        {
          leadId: bruno.leadId,
          kind: "outro",
          title: "Já feito",
          dueAt: new Date(Date.now() - 30 * HOUR),
          doneAt: new Date(),
          createdBy: "admin",
        },
      ])
      .returning();
    const lead = await html(page(bruno.id));
    expect(lead.text("data-testid", "overdue-mark")).toContain("2 tarefas atrasadas");
    expect(lead.all("data-state", "overdue")).toHaveLength(2);
    expect(lead.one("data-testid", "overdue-mark")?.attribs.href).toBe("#tarefas");

    let dash = await html("/admin/dashboard");
    expect(dash.text("data-testid", "overdue-count")).toBe("2");
    const card = dash.one("data-testid", "overdue-tasks")!;
    const links = DomUtils.findAll((el) => el.name === "a", [card]);
    expect(links.map((a) => DomUtils.textContent(a))).toEqual(["Responder o Bruno", "Ligar para o Bruno"]);
    expect(links[0]!.attribs.href).toBe(`${page(bruno.id)}#tarefas`);

    expect((await post(page(bruno.id), { intent: "tarefa-concluir", taskId: String(late!.id) })).status).toBe(303);
    dash = await html("/admin/dashboard");
    expect(dash.text("data-testid", "overdue-count")).toBe("1");
    expect((await html(page(bruno.id))).text("data-testid", "overdue-mark")).toContain("1 tarefa atrasada");
  });
});

/** A raw message's text with quoted-printable soft line breaks joined (the marker is ASCII). */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, "");

describe("reminders", () => {
  it("two concurrent runs queue each reminder exactly once, to the team, and SMTP sends it once", async () => {
    const { runTaskReminders, taskReminderMail } = await import("~/domain/leads/tasks.server");
    const { leadTasks, outbox } = app.schema;
    const base = Date.now() + 10 * 24 * HOUR; // clear of the other tests' tasks
    const [task] = await app
      .db()
      .insert(leadTasks)
      .values({ leadId: ana.leadId, kind: "ligar", title: "MARCA-LEMBRETE-1", dueAt: new Date(base), createdBy: "admin" })
      .returning();
    // Added two days ahead, so both reminders are due in their turn.
    await app
      .db()
      .update(leadTasks)
      .set({ createdAt: new Date(base - 48 * HOUR) })
      .where(eq(leadTasks.id, task!.id));

    const at = (ms: number) => new Date(base - ms);
    const dayRuns = await Promise.all([runTaskReminders(at(23 * HOUR)), runTaskReminders(at(23 * HOUR))]);
    expect(dayRuns.reduce((n, r) => n + r.day, 0)).toBe(1);
    const hourRuns = await Promise.all([runTaskReminders(at(50 * 60_000)), runTaskReminders(at(50 * 60_000))]);
    expect(hourRuns.reduce((n, r) => n + r.hour, 0)).toBe(1);
    expect(await runTaskReminders(at(30 * 60_000))).toEqual({ day: 0, hour: 0 });

    const queued = await app
      .db()
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} like 'lead.task.reminder.%' and ${outbox.subject} like '%MARCA-LEMBRETE-1%'`)
      .orderBy(asc(outbox.id));
    expect(queued.map((m) => [m.kind, m.recipient])).toEqual([
      ["lead.task.reminder.day", TEAM],
      ["lead.task.reminder.hour", TEAM],
    ]);
    expect(queued[0]!.body).toContain(`/admin/leads/funil/contatos/${ana.id}`);
    expect(queued[0]!.subject).toBe(
      taskReminderMail(
        { ...task!, due_at: task!.dueAt, type: "contatos", number: ana.id, name: "Ana Tarefas", email: null, company: null },
        "day",
      ).subject,
    );
    await expect
      .poll(
        async () =>
          (await app.db().select().from(outbox).where(eq(outbox.kind, "lead.task.reminder.hour"))).every((m) => m.status === "sent"),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await smtp.message((m) => unfolded(m).includes("MARCA-LEMBRETE-1") && m.includes("=?UTF-8") && unfolded(m).includes("1 hora"));
    expect(smtp.received.filter((m) => unfolded(m).includes("MARCA-LEMBRETE-1"))).toHaveLength(2);
  });

  it("skips done tasks, a day reminder whose moment passed before the task existed, and moments already gone", async () => {
    const { runTaskReminders } = await import("~/domain/leads/tasks.server");
    const { leadTasks } = app.schema;
    const base = Date.now() + 20 * 24 * HOUR;
    const rows = await app
      .db()
      .insert(leadTasks)
      .values([
        { leadId: ana.leadId, kind: "ligar", title: "feita", dueAt: new Date(base), doneAt: new Date(), createdBy: "admin" },
        { leadId: ana.leadId, kind: "ligar", title: "recente", dueAt: new Date(base + 60_000), createdBy: "admin" },
      ])
      .returning();
    await app
      .db()
      .update(leadTasks)
      .set({ createdAt: new Date(base - 48 * HOUR) })
      .where(eq(leadTasks.id, rows[0]!.id));
    await app
      .db()
      .update(leadTasks)
      .set({ createdAt: new Date(base - 10 * HOUR) })
      .where(eq(leadTasks.id, rows[1]!.id));
    expect(await runTaskReminders(new Date(base - 5 * HOUR))).toEqual({ day: 0, hour: 0 });
    expect(await runTaskReminders(new Date(base - 30 * 60_000))).toEqual({ day: 0, hour: 1 });
    const [recent] = await app
      .db()
      .select()
      .from(leadTasks)
      .where(and(eq(leadTasks.id, rows[1]!.id)));
    expect(recent!.reminderDaySentAt).toBeNull();
    expect(recent!.reminderHourSentAt).not.toBeNull();
  });
});

describe.skipIf(!usingPostgres)("two app instances on one PostgreSQL database", () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it("remind each of 20 tasks exactly once per moment through the local SMTP server", async () => {
    const mail = await startFakeSmtp();
    cleanup.push(() => mail.close());
    const database = await createTestDatabase();
    cleanup.push(database.drop);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanup.push(() => client.end());
    // A lead and 20 tasks: 10 a day away (added two days ago), 10 within the hour.
    const [lead] = (
      await client.query(
        `insert into leads (kind, number, name, email, stage) values ('contatos', 900001, 'Lead das Instâncias', 'instancias@empresa.com.br', 'novo') returning id`,
      )
    ).rows;
    await client.query(
      `insert into lead_tasks (lead_id, kind, title, due_at, created_by, created_at)
         select $1::int, 'ligar', 'MARCA-DIA-' || i || '-FIM', now() + interval '20 hours', 'admin', now() - interval '2 days' from generate_series(1, 10) i
       union all
         select $1::int, 'email', 'MARCA-HORA-' || i || '-FIM', now() + interval '40 minutes', 'admin', now() - interval '2 days' from generate_series(1, 10) i`,
      [lead.id],
    );
    const env = { DATABASE_URL: database.url, SMTP_URL: mail.url, SESSION_SECRET: TEST_SESSION_SECRET };
    // Both start at once, and each runs the reminders' job at start.
    const servers: ServerProcess[] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    for (const s of servers) cleanup.push(() => s.stop());

    const markers = Array.from({ length: 10 }, (_, i) => [`MARCA-DIA-${i + 1}-FIM`, `MARCA-HORA-${i + 1}-FIM`]).flat();
    await expect
      .poll(
        async () =>
          (await client.query(`select count(*)::int as n from outbox where kind like 'lead.task.reminder.%' and status = 'sent'`)).rows[0]
            .n,
        { timeout: 60_000, interval: 250 },
      )
      .toBe(20);
    const counts = Object.fromEntries(markers.map((m) => [m, mail.received.filter((raw) => unfolded(raw).includes(m)).length]));
    expect(counts).toEqual(Object.fromEntries(markers.map((m) => [m, 1])));
    const claimed = (
      await client.query(`select count(reminder_day_sent_at)::int as day, count(reminder_hour_sent_at)::int as hour from lead_tasks`)
    ).rows[0];
    expect(claimed).toEqual({ day: 10, hour: 10 });
    expect((await client.query(`select count(*)::int as n from outbox where kind like 'lead.task.reminder.%'`)).rows[0].n).toBe(20);
  });
});
