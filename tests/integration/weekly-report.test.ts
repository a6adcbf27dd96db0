/**
 * The weekly report to the owner (docs/decisions/0086) on the production bundle and its database:
 * off without SMTP, only on Mondays from 8h Brasília, sent once however many instances run it at
 * once (counted at the local SMTP server), in pt-BR, plain text and HTML, with last week's figures,
 * the change from the week before and a link to Análises.
 */
import { writeFileSync } from "node:fs";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { startTestApp, type TestApp } from "../helpers/app";
import { type FakeSmtp, startFakeSmtp } from "../mocks/smtp";
import { insertLead } from "../support/leads";

let smtp: FakeSmtp;
let app: TestApp;

/** A Monday and the week before it, in Brasília days. */
const MONDAY = "2026-11-23";
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00-03:00`);

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url, SITE_URL: "http://127.0.0.1:4321" });
  const { pageViews, orders } = app.schema;
  const db = app.db();
  // Last week (16–22 Nov): 3 visitors, 2 contacts (one from a campaign), 1 consultation without a counted visit, 1 paid order.
  // The week before (9–15 Nov): 1 visitor, 1 contact.
  const view = (day: string, visitorHash: string, extra: Partial<typeof pageViews.$inferInsert> = {}) =>
    db.insert(pageViews).values({ day, path: "/", entry: true, device: "desktop", visitorHash, createdAt: at(day, 10), ...extra });
  await view("2026-11-17", "a".repeat(22), { utmSource: "google", utmMedium: "cpc", path: "/agentes" });
  await view("2026-11-18", "b".repeat(22));
  await view("2026-11-20", "c".repeat(22), { referrerHost: "linkedin.com" });
  await view("2026-11-10", "d".repeat(22));
  const contact = (day: string, extra: Record<string, unknown> = {}) =>
    insertLead(db, app.schema, "contacts", {
      name: "Pessoa",
      company: "Empresa",
      email: "p@example.com",
      message: "Olá",
      createdAt: at(day, 11),
      visitCounted: true,
      ...extra,
    });
  await contact("2026-11-17", { utmSource: "google", utmMedium: "cpc", landingPath: "/agentes" });
  await contact("2026-11-20", { referrerHost: "linkedin.com", landingPath: "/" });
  await contact("2026-11-10", { landingPath: "/" });
  await insertLead(db, app.schema, "consultations", {
    name: "Sem Contador",
    email: "s@example.com",
    phone: "11999999999",
    company: "Empresa <b>",
    industryArea: "Varejo",
    createdAt: at("2026-11-19", 15),
    visitCounted: false,
  });
  await db.insert(orders).values({
    kind: "product",
    itemId: "x",
    itemName: "Pedido",
    amountCents: 100,
    status: "paid",
    provider: "demo",
    createdAt: at("2026-11-21", 9),
    paidAt: at("2026-11-21", 9),
  });
  // Older days are rolled up on demand (the report rebuilds pending days once per process).
}, 90_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** A message at the fake SMTP server is the weekly report (its text part, quoted-printable, soft breaks undone). */
const isWeekly = (raw: string) => raw.replace(/=\r?\n/g, "").includes("Relat=C3=B3rio semanal do site");

const weeklyRows = async () => {
  const { outbox } = app.schema;
  return app.db().select().from(outbox).where(eq(outbox.kind, "analytics.weekly"));
};

describe("weekly report", () => {
  it("is off without SMTP, on other days and before 8h on Monday", async () => {
    const { runWeeklyReport } = await import("~/domain/analytics/weekly-report.server");
    expect(await runWeeklyReport({ now: at(MONDAY, 9), smtp: false })).toEqual({ status: "skipped", reason: "no-smtp" });
    expect(await runWeeklyReport({ now: at("2026-11-24", 9) })).toEqual({ status: "skipped", reason: "not-monday" });
    expect(await runWeeklyReport({ now: at(MONDAY, 7) })).toEqual({ status: "skipped", reason: "too-early" });
    expect(await weeklyRows()).toHaveLength(0);
  });

  it("two instances at once send it once; later runs that Monday send nothing", async () => {
    const { runWeeklyReport } = await import("~/domain/analytics/weekly-report.server");
    const { processOutbox } = await import("~/infra/mail.server");
    const results = await Promise.all([runWeeklyReport({ now: at(MONDAY, 8) }), runWeeklyReport({ now: at(MONDAY, 8) })]);
    expect(results.filter((r) => r.status === "sent")).toHaveLength(1);
    expect(results.find((r) => r.status !== "sent")).toMatchObject({ status: "skipped" });
    expect(await runWeeklyReport({ now: at(MONDAY, 15) })).toEqual({ status: "skipped", reason: "done" });
    expect(await weeklyRows()).toHaveLength(1);
    const audit = await app
      .db()
      .select({ value: count() })
      .from(app.schema.auditLog)
      .where(eq(app.schema.auditLog.action, "analytics.weekly"))
      .then(first);
    expect(audit.value).toBe(1);

    // Sent by this run or by the app's own outbox worker, whichever comes first: once.
    await processOutbox();
    await smtp.message(isWeekly);
    await processOutbox();
    const weekly = smtp.received.filter(isWeekly);
    expect(weekly).toHaveLength(1);
    expect(weekly[0]).toMatch(/To: contato@agileia\.com\.br/);
    expect(weekly[0]).toContain("Content-Type: text/plain");
    expect(weekly[0]).toContain("Content-Type: text/html");
  });

  it("gives visitors, leads by type and source, conversion, the change from last week and a link to Análises", async () => {
    const [row] = await weeklyRows();
    const text = row!.body;
    expect(row!.subject).toBe("Relatório semanal de 16/11 a 22/11: 3 visitantes, 3 leads");
    expect(text).toContain("16/11/2026 a 22/11/2026");
    expect(text).toContain("- Visitantes: 3 (+2 · +200%)");
    expect(text).toContain("- Leads: 3 (+2 · +200%)");
    // Two leads with a counted visit out of three visits; the week before, one of one.
    expect(text).toContain("- Conversão (leads por visita): 66,7% (−33,3 p.p.)");
    expect(text).toContain("- Pedidos pagos: 1 (+1)");
    expect(text).toContain("1 lead chegou sem visita contada");
    expect(text).toContain("- Contatos: 2 (+1 · +100%)");
    expect(text).toContain("- Solicitações de consultoria: 1 (+1)");
    expect(text).toMatch(/- google: 1 \(1 visita · 100%\)/);
    expect(text).toMatch(/- linkedin\.com: 1 \(1 visita · 100%\)/);
    expect(text).toContain("- Sem visita contada: 1");
    expect(text).toContain("Ver em Análises: http://127.0.0.1:4321/admin/analises?periodo=personalizado&de=2026-11-16&ate=2026-11-22");
    const html = row!.html!;
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('href="http://127.0.0.1:4321/admin/analises?periodo=personalizado&amp;de=2026-11-16&amp;ate=2026-11-22"');
    expect(html).toContain("Leads por fonte");
    expect(html).not.toContain("<b>"); // nothing a visitor typed or sent reaches the HTML unescaped
    // To look at it (the e-mail at 600 px and on a phone): WEEKLY_HTML_OUT=.tmp/semanal.html
    if (process.env.WEEKLY_HTML_OUT) writeFileSync(process.env.WEEKLY_HTML_OUT, html);
  });
});
