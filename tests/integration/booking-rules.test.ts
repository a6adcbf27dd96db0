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
import { outboxTo, postJson, withProof, type TestApp } from "../helpers/app";
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

    // Someone who asked for a consultation and then books continues that lead (no meeting lead of
    // its own): the answers are on the consultation's page, the one page of the lead that booked.
    const asked = { name: "Visitante Consulta", email: "consulta-perguntas@empresa.com.br", phone: "11987654321", company: "Empresa C" };
    const consult = await postJson(`${app.url}/api/consultations`, await withProof(app.url, { ...asked, industryArea: "Varejo" }));
    expect(consult.status).toBe(201);
    const consultId = consult.json.data.id as number;
    const before = await (await fetch(`${app.url}/admin/leads/funil/consultas/${consultId}`, { headers: { cookie } })).text();
    expect(before).not.toContain('data-testid="meeting-answers"');
    const later = (await freeSlots(app))[0]!.start;
    const linked = await postJson(`${app.url}/api/booking`, { ...asked, start: later, q_q1: "Mais de 50", q_q3: "Um CRM antigo" });
    expect(linked.status).toBe(201);
    const [own] = await app.db().select({ leadId: bookings.leadId }).from(bookings).where(eq(bookings.id, linked.json.data.id));
    const [consultLead] = await app
      .db()
      .select({ kind: app.schema.leads.kind, number: app.schema.leads.number })
      .from(app.schema.leads)
      .where(eq(app.schema.leads.id, own!.leadId));
    expect(consultLead).toEqual({ kind: "consultas", number: consultId });
    const consultPage = await (await fetch(`${app.url}/admin/leads/funil/consultas/${consultId}`, { headers: { cookie } })).text();
    const section = consultPage.slice(consultPage.indexOf('data-testid="meeting-answers"'));
    expect(consultPage).toContain('data-testid="meeting-answers"');
    expect(section).toContain(`href="/admin/agenda/${linked.json.data.id}"`);
    expect(section).toMatch(/Quantas pessoas trabalham na empresa\?<\/dt><dd[^>]*>Mais de 50<\/dd>/);
    expect(section).toMatch(/Qual ferramenta vocês usam hoje\?<\/dt><dd[^>]*>Um CRM antigo<\/dd>/);
  });
});

describe("a visitor's reschedule (docs/decisions/0151)", () => {
  it("never confirms: a pending meeting stays pending, a confirmed one moved into the window waits again", async () => {
    // No questions now (the test above left a required one).
    const cleared = await form(
      "/admin/agenda",
      Object.fromEntries(
        [1, 2, 3]
          .flatMap((n) => [
            [`label${n}`, ""],
            [`kind${n}`, "text"],
            [`options${n}`, ""],
          ])
          .concat([["intent", "questions"]]),
      ),
      cookie,
    );
    expect(cleared.status).toBe(200);
    const { bookings } = app.schema;
    const free = async (except: string) => (await freeSlots(app)).find((s) => s.start !== except)!.start;
    const startOf = async (id: number) =>
      (await app.db().select({ startsAt: bookings.startsAt }).from(bookings).where(eq(bookings.id, id)))[0]!.startsAt.toISOString();

    // Pending, moved by the visitor: still pending, told in the new booking's words, no invitation.
    expect((await saveSettings({ confirmBelowHours: "720" })).status).toBe(200);
    const held = await book("pendente-remarca");
    const heldEmail = "pendente-remarca@empresa.com.br";
    expect(await status(held.id)).toBe("pending");
    const to = await free(await startOf(held.id));
    const moved = await form(`/agendar/remarcar/${held.token}`, { start: to });
    expect(moved.status).toBe(303);
    expect(await status(held.id)).toBe("pending");
    expect(await startOf(held.id)).toBe(to);
    const told = await outboxTo(app, heldEmail, "booking.pending");
    expect(told).toHaveLength(2);
    expect(told[1]!.subject).toContain("Pedido de reunião recebido");
    for (const words of [
      "Recebemos seu pedido de reunião",
      "O horário abaixo está reservado para você.",
      "Como ele é próximo, a equipe confirma a reunião",
    ]) {
      expect(told[0]!.body).toContain(words);
      expect(told[1]!.body).toContain(words);
    }
    expect(told[1]!.attachments ?? []).toEqual([]);
    expect(await outboxTo(app, heldEmail, "booking.rescheduled")).toEqual([]);
    expect(await outboxTo(app, heldEmail, "booking.confirmation")).toEqual([]);
    const page = await (await fetch(`${app.url}/agendar/reserva/${held.token}`)).text();
    expect(page).toContain("Pedido de reunião recebido");
    expect(page).toContain("Aguardando confirmação da equipe");
    // The team is asked to confirm the new time, with the invitation that moves its own event.
    const { outbox } = app.schema;
    const notices = await app.db().select().from(outbox).where(eq(outbox.kind, "booking.notice"));
    const ask = notices.find((n) => n.subject.startsWith("Confirme a reunião remarcada: Visitante pendente-remarca"));
    expect(ask).toBeTruthy();
    expect((ask!.attachments as Array<{ contentType: string }>)[0]!.contentType).toContain("method=REQUEST");

    // Moved by the team, still pending: the visitor is told the new time, with no invitation yet.
    const teamTo = await free(await startOf(held.id));
    const teamMove = await form(`/admin/agenda/${held.id}`, { intent: "reschedule", start: teamTo }, cookie);
    expect(teamMove.status).toBe(200);
    expect(await teamMove.text()).toContain("Ela ainda aguarda sua confirmação");
    expect(await status(held.id)).toBe("pending");
    const [newTime] = await outboxTo(app, heldEmail, "booking.rescheduled");
    expect(newTime!.subject).toContain("Pedido de reunião remarcado");
    expect(newTime!.body).toContain("Mudamos o horário do seu pedido de reunião");
    expect(newTime!.body).toContain("assim que a reunião for confirmada");
    expect(newTime!.attachments ?? []).toEqual([]);

    // Confirmed, then moved by the visitor into the short-notice window: pending again, the same words.
    expect((await saveSettings({ confirmBelowHours: "" })).status).toBe(200);
    const sure = await book("confirmada-remarca");
    const sureEmail = "confirmada-remarca@empresa.com.br";
    expect(await status(sure.id)).toBe("confirmed");
    expect((await saveSettings({ confirmBelowHours: "720" })).status).toBe(200);
    const again = await form(`/agendar/remarcar/${sure.token}`, { start: await free(await startOf(sure.id)) });
    expect(again.status).toBe(303);
    expect(await status(sure.id)).toBe("pending");
    const [waiting] = await outboxTo(app, sureEmail, "booking.pending");
    expect(waiting!.subject).toContain("Pedido de reunião recebido");
    expect(waiting!.body).toContain("Recebemos seu pedido de reunião");
    expect(waiting!.attachments ?? []).toEqual([]);
    expect(await outboxTo(app, sureEmail, "booking.rescheduled")).toEqual([]);
    // The admin's button sends the invitation with the new time.
    expect((await form(`/admin/agenda/${sure.id}`, { intent: "confirm" }, cookie)).status).toBe(200);
    expect(await status(sure.id)).toBe("confirmed");
    const confirmations = await outboxTo(app, sureEmail, "booking.confirmation");
    expect(confirmations).toHaveLength(2);
    expect(confirmations[1]!.body).toContain("Sua reunião está confirmada");

    // Outside the window a confirmed meeting moved by the visitor stays confirmed.
    expect((await saveSettings({ confirmBelowHours: "" })).status).toBe(200);
    const plain = await book("sem-janela-remarca");
    expect((await form(`/agendar/remarcar/${plain.token}`, { start: await free(await startOf(plain.id)) })).status).toBe(303);
    expect(await status(plain.id)).toBe("confirmed");
    expect(await outboxTo(app, "sem-janela-remarca@empresa.com.br", "booking.rescheduled")).toHaveLength(1);
  });
});
