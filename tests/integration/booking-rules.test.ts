/**
 * The booking's change cut-off (docs/decisions/0145) on the production build and a real database:
 * inside it the visitor's reschedule and cancel pages offer WhatsApp and e-mail instead, and a
 * POST to either is refused (409) with nothing changed; the admin's setting moves the cut-off.
 * Short notice: a booking inside the admin's confirmation window is 'pending' (it holds its time)
 * until the admin confirms it, and the visitor is told both times. WhatsApp: the reminder e-mail's prefilled chat with the team, and the admin's 'Lembrar por
 * WhatsApp' link to the visitor.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxTo, postJson, type TestApp } from "../helpers/app";
import { availabilityForm, book as bookFor, freeSlots, postForm, startBookingApp } from "../helpers/booking";

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  ({ app, cookie } = await startBookingApp({
    RATE_LIMIT_FACTOR: "20",
    CONTACT_WHATSAPP: "5511988887777",
    CONTACT_EMAIL: "contato@exemplo.com.br",
  }));
});
afterAll(async () => {
  await app?.close();
});

/** Books the first free time for `who` (tests/helpers/booking.ts). */
const book = (who: string) => bookFor(app, who);

/** Moves a booking to start `hours` from now (as if time had passed). */
async function startsIn(id: number, hours: number) {
  const start = new Date(Date.now() + hours * 3_600_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  await app.db().execute(sql`
    update bookings set starts_at = ${start.toISOString()}::timestamptz, ends_at = ${end.toISOString()}::timestamptz,
      occupied = tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')
     where id = ${id}`);
}

/** A form post; with `session`, the admin's. */
const form = (path: string, fields: Record<string, string>, session?: string) => postForm(app, path, fields, session);

/** The availability form as the admin posts it, with `fields` over the defaults. */
const saveSettings = (fields: Record<string, string>) => form("/admin/agenda", availabilityForm(fields), cookie);

async function status(id: number): Promise<string> {
  const { bookings } = app.schema;
  const [row] = await app.db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  return row!.status;
}

describe("the change cut-off", () => {
  it("inside 12 hours (the default) the pages offer WhatsApp and e-mail, and the POSTs are refused", async () => {
    const { id, token } = await book("corte");
    await startsIn(id, 6);

    for (const path of [`/agendar/cancelar/${token}`, `/agendar/remarcar/${token}`, `/agendar/reserva/${token}`]) {
      const page = await (await fetch(`${app.url}${path}`)).text();
      expect(page).toContain("Não é mais possível remarcar ou cancelar por aqui");
      expect(page).toContain("Remarcações e cancelamentos pelo site vão até 12 horas antes da reunião.");
      expect(page).toMatch(/href="https:\/\/wa\.me\/5511988887777\?text=Ol%C3%A1!%20Preciso%20remarcar%20ou%20cancelar/);
      expect(page).toContain('href="mailto:contato@exemplo.com.br?subject=');
    }
    // Not the change controls.
    expect(await (await fetch(`${app.url}/agendar/cancelar/${token}`)).text()).not.toContain("Confirmar cancelamento");

    const cancel = await form(`/agendar/cancelar/${token}`, { confirm: "1" });
    expect(cancel.status).toBe(409);
    const moved = await form(`/agendar/remarcar/${token}`, { start: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    expect(moved.status).toBe(409);
    expect(await status(id)).toBe("confirmed");
  });

  it("outside the cut-off the visitor still cancels online; the admin's setting moves it", async () => {
    const { id, token } = await book("fora");
    await startsIn(id, 13);
    expect(await (await fetch(`${app.url}/agendar/cancelar/${token}`)).text()).toContain("Confirmar cancelamento");

    // The admin asks for 24 hours: the same meeting is now inside it.
    const settings = await saveSettings({ changeCutoffHours: "24" });
    expect(settings.status).toBe(200);
    expect(await (await fetch(`${app.url}/agendar/cancelar/${token}`)).text()).toContain("vão até 24 horas antes");
    expect((await form(`/agendar/cancelar/${token}`, { confirm: "1" })).status).toBe(409);

    // Out of range: a 400, nothing stored.
    const bad = await form("/admin/agenda", { intent: "settings", changeCutoffHours: "999" }, cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Use de 0 a 168 horas.");

    // And back to 2 hours: the visitor cancels online.
    const back = await saveSettings({ changeCutoffHours: "2" });
    expect(back.status).toBe(200);
    const cancel = await form(`/agendar/cancelar/${token}`, { confirm: "1" });
    expect(cancel.status).toBe(200);
    expect(await status(id)).toBe("cancelled");
  });
});

describe("WhatsApp", () => {
  it("the reminder e-mail carries a prefilled chat with the team; the admin's meeting page a prefilled chat with the visitor", async () => {
    const { runBookingReminders } = await import("~/domain/booking/reminders.server");
    const { id } = await book("zap");
    await startsIn(id, 5);
    await runBookingReminders(new Date(Date.now() + 4.5 * 3_600_000));
    const [reminder] = await outboxTo(app, "zap@empresa.com.br", "booking.reminder.hour");
    expect(reminder).toBeTruthy();
    expect(reminder!.body).toMatch(
      /Falar pelo WhatsApp: https:\/\/wa\.me\/5511988887777\?text=Ol%C3%A1!%20Sobre%20a%20minha%20reuni%C3%A3o%20de%20/,
    );
    expect(reminder!.html).toContain('href="https://wa.me/5511988887777?text=');

    const page = await (await fetch(`${app.url}/admin/agenda/${id}`, { headers: { cookie } })).text();
    expect(page).toContain('data-testid="meeting-whatsapp"');
    const link = /href="(https:\/\/wa\.me\/5511987654321\?text=[^"]+)"/.exec(page)?.[1];
    expect(link).toBeTruthy();
    const text = new URL(link!.replaceAll("&amp;", "&")).searchParams.get("text") ?? "";
    expect(text).toMatch(/^Olá, Visitante! Aqui é da .+\. Passando para lembrar da nossa reunião de .+ \(horário de Brasília\)\./);
    expect(page).toContain("Lembrar por WhatsApp");
  });
});

describe("short-notice confirmation", () => {
  it("a time inside the window is held as pending until the admin confirms it; the visitor is told both times", async () => {
    expect((await saveSettings({ confirmBelowHours: "0" })).status).toBe(400);
    expect((await saveSettings({ confirmBelowHours: "720" })).status).toBe(200);
    const start = (await freeSlots(app))[0]!.start;
    const made = await postJson(`${app.url}/api/booking`, {
      start,
      name: "Visitante Pendente",
      email: "pendente@empresa.com.br",
      phone: "11987654321",
      company: "Empresa",
    });
    expect(made.status).toBe(201);
    expect(made.json.data.status).toBe("pending");
    const id = made.json.data.id as number;
    const token = /reserva\/([^/]+)\//.exec(made.json.data.icsUrl)![1]!;
    expect(await status(id)).toBe("pending");
    // The visitor is told it is held, without an invitation yet; no confirmation went out.
    const [held] = await outboxTo(app, "pendente@empresa.com.br", "booking.pending");
    expect(held!.subject).toContain("Pedido de reunião recebido");
    expect(held!.attachments ?? []).toEqual([]);
    expect(await outboxTo(app, "pendente@empresa.com.br", "booking.confirmation")).toEqual([]);
    expect(await (await fetch(`${app.url}/agendar/reserva/${token}`)).text()).toContain("Aguardando confirmação da equipe");
    // A pending booking holds its time.
    expect((await freeSlots(app)).some((s) => s.start === start)).toBe(false);

    const page = await (await fetch(`${app.url}/admin/agenda/${id}`, { headers: { cookie } })).text();
    expect(page).toContain('data-testid="meeting-pending"');
    expect(await (await fetch(`${app.url}/admin/agenda`, { headers: { cookie } })).text()).toContain("Aguardando confirmação");

    const confirmed = await form(`/admin/agenda/${id}`, { intent: "confirm" }, cookie);
    expect(confirmed.status).toBe(200);
    expect(await status(id)).toBe("confirmed");
    const [mail] = await outboxTo(app, "pendente@empresa.com.br", "booking.confirmation");
    expect(mail!.subject).toContain("Reunião confirmada");
    expect((mail!.attachments as Array<{ contentType: string }>)[0]!.contentType).toContain("method=REQUEST");
    expect((await form(`/admin/agenda/${id}`, { intent: "confirm" }, cookie)).status).toBe(409);

    // Off again: a booking is confirmed at once.
    expect((await saveSettings({ confirmBelowHours: "" })).status).toBe(200);
    const { id: next } = await book("sem-confirmacao");
    expect(await status(next)).toBe("confirmed");
  });
});

describe("custom questions", () => {
  it("up to three questions (text, choice) are asked on the form, checked on the server and shown on the meeting and the lead", async () => {
    const bad = await form("/admin/agenda", { intent: "questions", label1: "Tamanho?", kind1: "choice", options1: "Só uma" }, cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Escreva de 2 a 8 opções, uma por linha.");
    const saved = await form(
      "/admin/agenda",
      {
        intent: "questions",
        label1: "Quantas pessoas trabalham na empresa?",
        kind1: "choice",
        options1: "1 a 10\n11 a 50\nMais de 50",
        required1: "1",
        label2: "",
        kind2: "text",
        options2: "",
        label3: "Qual ferramenta vocês usam hoje?",
        kind3: "text",
        options3: "",
      },
      cookie,
    );
    expect(saved.status).toBe(200);

    const start = (await freeSlots(app))[0]!.start;
    const page = await (await fetch(`${app.url}/agendar?inicio=${encodeURIComponent(start)}`)).text();
    expect(page).toContain("Quantas pessoas trabalham na empresa?");
    expect(page).toMatch(/<input type="radio"[^>]* name="q_q1" value="11 a 50"/);
    expect(page).toContain("Qual ferramenta vocês usam hoje? (opcional)");

    const who = { start, name: "Visitante Perguntas", email: "perguntas@empresa.com.br", phone: "11987654321", company: "Empresa" };
    const missing = await postJson(`${app.url}/api/booking`, who);
    expect(missing.status).toBe(400);
    expect(missing.json.errors.q_q1).toBe("Responda esta pergunta.");
    const wrong = await postJson(`${app.url}/api/booking`, { ...who, q_q1: "Nenhuma" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.q_q1).toBe("Escolha uma das opções.");
    const made = await postJson(`${app.url}/api/booking`, { ...who, q_q1: "11 a 50", q_q3: "Planilhas" });
    expect(made.status).toBe(201);
    const id = made.json.data.id as number;
    const { bookings } = app.schema;
    const [row] = await app.db().select({ answers: bookings.answers }).from(bookings).where(eq(bookings.id, id));
    expect(row!.answers).toEqual([
      { question: "Quantas pessoas trabalham na empresa?", answer: "11 a 50" },
      { question: "Qual ferramenta vocês usam hoje?", answer: "Planilhas" },
    ]);

    const meeting = await (await fetch(`${app.url}/admin/agenda/${id}`, { headers: { cookie } })).text();
    expect(meeting).toContain("Quantas pessoas trabalham na empresa?");
    expect(meeting).toContain("11 a 50");
    const lead = await fetch(`${app.url}/admin/leads/funil/reunioes/${id}`, { headers: { cookie } });
    expect(lead.status).toBe(200);
    const leadPage = await lead.text();
    expect(leadPage).toContain("Qual ferramenta vocês usam hoje?");
    expect(leadPage).toContain("Planilhas");
  });
});
