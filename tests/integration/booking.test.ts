/**
 * Booking a meeting (docs/decisions/0080–0084) on the production build and a real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): the slots API, the booking API's contract, the
 * database's guard against double booking under 30 concurrent posts, the e-mails' iCalendar
 * invitations (parsed with ical.js), reschedule and cancel, and reminders claimed once by two
 * concurrent runs.
 */
import { and, count, eq, like } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { outboxTo, postJson, withProof, type TestApp } from "../helpers/app";
import { availabilityForm, day, freeSlots, person, postForm, startBookingApp } from "../helpers/booking";
import { type FakeSmtp, startFakeSmtp } from "../mocks/smtp";

let app: TestApp;
let cookie: string;
let smtp: FakeSmtp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  ({ app, cookie } = await startBookingApp({ RATE_LIMIT_FACTOR: "5", SMTP_URL: smtp.url }));
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const slots = (from?: string, to?: string) => freeSlots(app, from, to);

/** The iCalendar text of an outbox row's attachment, parsed. */
function parseIcs(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  const event = component.getFirstSubcomponent("vevent")!;
  return { component, event, method: component.getFirstPropertyValue("method"), text };
}

describe("GET /api/booking/slots", () => {
  it("answers free times in UTC ISO instants, in Brasília's zone, never within the notice", async () => {
    const res = await fetch(`${app.url}/api/booking/slots?from=${day(0)}&to=${day(10)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const body = (await res.json()) as any;
    expect(body.success).toBe(true);
    expect(body.data.timeZone).toBe("America/Sao_Paulo");
    expect(body.data.slots.length).toBeGreaterThan(10);
    for (const s of body.data.slots) {
      expect(s.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
      expect(Date.parse(s.start)).toBeGreaterThanOrEqual(Date.now() + 24 * 3_600_000 - 60_000);
      expect(Date.parse(s.end) - Date.parse(s.start)).toBe(30 * 60_000);
    }
  });

  it.each([
    ["", "from"],
    ["from=2026-02-30&to=2026-03-01", "from"],
    ["from=amanhã&to=2026-03-01", "from"],
    ["from=2026-03-02&to=2026-03-01", "to"],
    ["from=2026-01-01&to=2026-12-31", "to"],
  ])("refuses %j with a 400 naming the field", async (query, field) => {
    const res = await fetch(`${app.url}/api/booking/slots?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    expect(body.success).toBe(false);
    expect(body.errors[field]).toBeTruthy();
  });

  it("has no slot beyond the 30-day horizon over a 60-day sweep", async () => {
    const all = await slots(day(0), day(60));
    expect(all.every((s) => Date.parse(s.start) <= Date.now() + 30 * 86_400_000 + 60_000)).toBe(true);
  });
});

describe("POST /api/booking", () => {
  it("books a free time: 201 with id, start, end and the .ics address", async () => {
    const [slot] = await slots();
    const res = await postJson(`${app.url}/api/booking`, { start: slot!.start, ...person(1), message: "Automação de atendimento" });
    expect(res.status).toBe(201);
    expect(res.json.success).toBe(true);
    expect(res.json.data).toMatchObject({ start: slot!.start, end: slot!.end });
    expect(res.json.data.icsUrl).toMatch(/\/agendar\/reserva\/[A-Za-z0-9_-]+\/convite\.ics$/);
    // The time is gone from the slots.
    expect((await slots()).some((s) => s.start === slot!.start)).toBe(false);
    // The .ics download is a parseable invitation.
    const ics = await fetch(`${app.url}${new URL(res.json.data.icsUrl).pathname}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    const parsed = parseIcs(await ics.text());
    expect(parsed.event.getFirstPropertyValue("dtstart")!.toString()).toBe(slot!.start.replace(".000Z", "Z"));
  });

  it("answers 400 with field errors and stores nothing for bad input; never a 5xx", async () => {
    const { bookings } = app.schema;
    const before = first(await app.db().select({ n: count() }).from(bookings)).n;
    const cases: unknown[] = [
      {},
      { start: "amanhã", ...person(2) },
      { start: "2026-12-01T12:00:00Z", name: "A", email: "x", phone: "1", company: "" },
      { start: 123, name: [], email: {}, phone: null, company: 5 },
      "[]",
      "{not json",
    ];
    for (const body of cases) {
      const res = await postJson(`${app.url}/api/booking`, body);
      expect(res.status).toBe(400);
      expect(res.json.success).toBe(false);
    }
    const res = await postJson(`${app.url}/api/booking`, { start: "2026-12-01T12:00:00Z", name: "A", email: "x", phone: "1", company: "" });
    expect(Object.keys(res.json.errors).sort()).toEqual(["company", "email", "name", "phone"]);
    expect(first(await app.db().select({ n: count() }).from(bookings)).n).toBe(before);
  });

  it("answers 409 'Horário indisponível' for a time outside the hours, in the past or in the notice period", async () => {
    for (const start of [
      new Date(Date.now() - 86_400_000).toISOString(),
      new Date(Date.now() + 2 * 3_600_000).toISOString(),
      `${day(5)}T05:17:00.000Z`,
    ]) {
      const res = await postJson(`${app.url}/api/booking`, { start, ...person(3) });
      expect(res.status).toBe(409);
      expect(res.json).toMatchObject({ success: false, message: "Horário indisponível" });
    }
  });

  it("refuses the honeypot", async () => {
    const [slot] = await slots();
    const res = await postJson(`${app.url}/api/booking`, { start: slot!.start, ...person(4), website: "http://spam" });
    expect(res.status).toBe(400);
  });

  it("30 concurrent posts for one time: exactly one 201, 29 × 409, one row, no 5xx", async () => {
    const all = await slots();
    const slot = all[3]!;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postJson(`${app.url}/api/booking`, { start: slot.start, ...person(`c${i}`) })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    expect(statuses.some((s) => s >= 500)).toBe(false);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.json.message).toBe("Horário indisponível");
    const { bookings } = app.schema;
    const rows = await app
      .db()
      .select()
      .from(bookings)
      .where(eq(bookings.startsAt, new Date(slot.start)));
    expect(rows).toHaveLength(1);
  });

  it("the database itself refuses an overlapping live booking (exclusion constraint), and frees a cancelled one's time", async () => {
    const { bookings } = app.schema;
    const [row] = await app.db().select().from(bookings).limit(1);
    const values = (token: string, status = "confirmed") => ({
      ...row!,
      id: undefined,
      uid: `${token}@t`,
      status,
      occupied: `[${new Date(row!.startsAt.getTime() + 10 * 60_000).toISOString()},${new Date(row!.endsAt.getTime() + 10 * 60_000).toISOString()})`,
      startsAt: new Date(row!.startsAt.getTime() + 10 * 60_000),
      endsAt: new Date(row!.endsAt.getTime() + 10 * 60_000),
    });
    const error = await app
      .db()
      .insert(bookings)
      .values(values("overlap-token-aaaaaaaaaaaa"))
      .then(
        () => null,
        (e: any) => e,
      );
    expect(error?.code ?? error?.cause?.code).toBe("23P01");
    await app.db().insert(bookings).values(values("cancelled-token-aaaaaaaaaa", "cancelled"));
  });
});

describe("calendar invitations, reschedule and cancel", () => {
  let booking: { id: number; start: string; token: string; email: string };

  beforeAll(async () => {
    const all = await slots();
    const slot = all[6]!;
    const who = person("ics");
    const res = await postJson(`${app.url}/api/booking`, { start: slot.start, ...who });
    expect(res.status).toBe(201);
    const token = /reserva\/([^/]+)\//.exec(res.json.data.icsUrl)![1]!;
    booking = { id: res.json.data.id, start: slot.start, token, email: who.email };
  });

  it("the visitor's confirmation and the team's notice carry METHOD:REQUEST with UID, UTC times, ORGANIZER and ATTENDEE", async () => {
    const [mail] = await outboxTo(app, booking.email, "booking.confirmation");
    expect(mail).toBeTruthy();
    expect(mail!.html).toContain("Sua reunião está confirmada");
    // The e-mail's links carry a token of its own (only hashes are stored, docs/decisions/0109), opening this booking.
    const mailToken = /\/agendar\/cancelar\/([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    expect(mailToken).toBeTruthy();
    expect(mail!.body).toContain(`/agendar/remarcar/${mailToken}`);
    const opened = await fetch(`${app.url}/agendar/reserva/${mailToken}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(booking.email);
    const [attachment] = mail!.attachments as Array<{ filename: string; contentType: string; content: string }>;
    expect(attachment!.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
    const ics = parseIcs(attachment!.content);
    expect(ics.method).toBe("REQUEST");
    expect(ics.event.getFirstPropertyValue("uid")).toMatch(/@agendar$/);
    expect(ics.text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(ics.text).toMatch(/DTEND:\d{8}T\d{6}Z/);
    expect(ics.event.getFirstPropertyValue("dtstart")!.toString()).toBe(booking.start.replace(".000Z", "Z"));
    expect(String(ics.event.getFirstPropertyValue("organizer"))).toMatch(/^mailto:/i);
    expect(String(ics.event.getFirstPropertyValue("attendee")).toLowerCase()).toBe(`mailto:${booking.email}`);
    const { outbox } = app.schema;
    const notices = await app
      .db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "booking.notice"), like(outbox.body, `%${booking.email}%`)));
    expect(notices).toHaveLength(1);
    expect(parseIcs((notices[0]!.attachments as any[])[0].content).event.getFirstPropertyValue("uid")).toBe(
      ics.event.getFirstPropertyValue("uid"),
    );
  });

  it("is sent through SMTP with the invitation attached", async () => {
    const raw = await smtp.message(
      (m) => m.includes(booking.email) && m.includes("Reuni=C3=A3o confirmada") === false && /method=REQUEST/i.test(m),
    );
    expect(raw).toMatch(/Content-Type: text\/calendar/i);
  });

  it("rescheduling keeps the UID with a higher SEQUENCE; cancelling sends METHOD:CANCEL; the pages work without JavaScript", async () => {
    // The visitor's reschedule page: a plain form post.
    const page = await fetch(`${app.url}/agendar/remarcar/${booking.token}`);
    expect(page.status).toBe(200);
    const free = await slots();
    const target = free.find((s) => s.start !== booking.start)!;
    const moved = await postForm(app, `/agendar/remarcar/${booking.token}`, { start: target.start });
    expect([200, 303]).toContain(moved.status);
    const [first1, second] = [
      (await outboxTo(app, booking.email, "booking.confirmation"))[0]!,
      (await outboxTo(app, booking.email, "booking.rescheduled"))[0]!,
    ];
    const a = parseIcs((first1.attachments as any[])[0].content);
    const b = parseIcs((second.attachments as any[])[0].content);
    expect(b.method).toBe("REQUEST");
    expect(b.event.getFirstPropertyValue("uid")).toBe(a.event.getFirstPropertyValue("uid"));
    expect(Number(b.event.getFirstPropertyValue("sequence"))).toBeGreaterThan(Number(a.event.getFirstPropertyValue("sequence") ?? 0));
    expect(b.event.getFirstPropertyValue("dtstart")!.toString()).toBe(target.start.replace(".000Z", "Z"));

    const cancelled = await postForm(app, `/agendar/cancelar/${booking.token}`, { confirm: "1" });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain("Reunião cancelada");
    const [cancelMail] = await outboxTo(app, booking.email, "booking.cancelled");
    const c = parseIcs((cancelMail!.attachments as any[])[0].content);
    expect(c.method).toBe("CANCEL");
    expect(c.event.getFirstPropertyValue("uid")).toBe(a.event.getFirstPropertyValue("uid"));
    expect(Number(c.event.getFirstPropertyValue("sequence"))).toBeGreaterThan(Number(b.event.getFirstPropertyValue("sequence")));
    // Its time is offered again.
    expect((await slots()).some((s) => s.start === target.start)).toBe(true);
  });
});

describe("reminders", () => {
  it("two concurrent runs queue each reminder exactly once, and SMTP sends it once", async () => {
    const { runBookingReminders } = await import("~/domain/booking/reminders.server");
    const all = await slots();
    const slot = all[9]!;
    const who = person("lembrete");
    const res = await postJson(`${app.url}/api/booking`, { start: slot.start, ...who });
    expect(res.status).toBe(201);
    const start = Date.parse(slot.start);
    // 23 h before: the day's reminder is due; two instances run the job at the same moment.
    const dayRuns = await Promise.all([
      runBookingReminders(new Date(start - 23 * 3_600_000)),
      runBookingReminders(new Date(start - 23 * 3_600_000)),
    ]);
    expect(dayRuns.reduce((n, r) => n + r.day, 0)).toBeGreaterThanOrEqual(1);
    const hourRuns = await Promise.all([
      runBookingReminders(new Date(start - 50 * 60_000)),
      runBookingReminders(new Date(start - 50 * 60_000)),
    ]);
    expect(hourRuns.reduce((n, r) => n + r.hour, 0)).toBeGreaterThanOrEqual(1);
    // And later runs find nothing more to do.
    await runBookingReminders(new Date(start - 30 * 60_000));
    expect(await outboxTo(app, who.email, "booking.reminder.day")).toHaveLength(1);
    expect(await outboxTo(app, who.email, "booking.reminder.hour")).toHaveLength(1);
    const raw = await smtp.message((m) => m.includes(who.email) && m.includes("Lembrete"));
    expect(raw).toBeTruthy();
    const { outbox } = app.schema;
    await expect
      .poll(
        async () => (await app.db().select().from(outbox).where(eq(outbox.recipient, who.email))).filter((r) => r.status === "sent").length,
        {
          timeout: 20_000,
        },
      )
      .toBe(3);
    expect(
      smtp.received.filter((m) => m.includes(`To: ${who.email}`) && /Subject: .*Lembrete|Subject: =\?UTF-8/i.test(m)).length,
    ).toBeLessThanOrEqual(3);
  });
});

describe("/admin/agenda", () => {
  const post = (path: string, fields: Record<string, string>) => postForm(app, path, fields, cookie);

  it("saves the availability with one schema, refusing bad hours with field errors", async () => {
    const bad = await post("/admin/agenda", {
      intent: "settings",
      open1: "1",
      start1: "18:00",
      end1: "09:00",
      durationMinutes: "45",
      bufferBeforeMinutes: "0",
      bufferAfterMinutes: "0",
      minNoticeHours: "24",
      horizonDays: "30",
      maxPerDay: "",
      placeKind: "video",
      placeDetail: "",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("O fim deve ser depois do início.");
    expect(html).toContain("Informe o link da sala");
    const good = await post(
      "/admin/agenda",
      availabilityForm({
        durationMinutes: "60",
        bufferAfterMinutes: "15",
        maxPerDay: "6",
        placeKind: "video",
        placeDetail: "https://meet.example.com/agile",
      }),
    );
    expect(good.status).toBe(200);
    const all = await slots();
    expect(all.every((s) => Date.parse(s.end) - Date.parse(s.start) === 60 * 60_000)).toBe(true);
  });

  it("creates, serves and revokes the private calendar feed", async () => {
    // The address is in the answer that makes it, and only there (docs/decisions/0109).
    const made = await post("/admin/agenda", { intent: "renew-feed" });
    const url = /(\/agenda\/feed\/[A-Za-z0-9_-]+\.ics)/.exec(await made.text())![1]!;
    const feed = await fetch(`${app.url}${url}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    expect(calendar.getAllSubcomponents("vevent").length).toBeGreaterThan(0);
    await post("/admin/agenda", { intent: "revoke-feed" });
    expect((await fetch(`${app.url}${url}`)).status).toBe(404);
  });

  it("cancels a meeting from its page with a message to the visitor", async () => {
    const { bookings } = app.schema;
    const [live] = await app.db().select().from(bookings).where(eq(bookings.status, "confirmed")).limit(1);
    const detail = await fetch(`${app.url}/admin/agenda/${live!.id}`, { headers: { cookie } });
    expect(detail.status).toBe(200);
    // The page speaks to the admin: contacts are links, the invitation's version is a sentence.
    const page = await detail.text();
    expect(page).toContain(`href="mailto:${live!.email}"`);
    expect(page).toContain(`href="tel:${live!.phone.replace(/[^\d+]/g, "")}"`);
    expect(page).not.toContain("SEQUENCE");
    expect(page).toMatch(/O original, sem alterações|Atualizado \d+ vez/);
    const res = await post(`/admin/agenda/${live!.id}`, { intent: "cancel", note: "Surgiu um imprevisto, podemos remarcar?" });
    expect(res.status).toBe(200);
    const [mail] = await outboxTo(app, live!.email, "booking.cancelled");
    expect(mail!.body).toContain("Surgiu um imprevisto");
  });
});

describe("one lead, one story", () => {
  it("a booking with no earlier lead is a lead of its own in the pipeline, with the visit's attribution", async () => {
    const free = await slots();
    const who = person("direto");
    // The visit: a campaign landing page, then the booking sent from /agendar.
    const ua = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
    const res = await postJson(
      `${app.url}/api/booking`,
      { start: free[12]!.start, ...who },
      { "user-agent": ua, referer: `${app.url}/agendar?utm_source=linkedin&utm_medium=social&utm_campaign=consultoria` },
    );
    expect(res.status).toBe(201);
    const { bookings, leads } = app.schema;
    const row = first(await app.db().select().from(bookings).where(eq(bookings.id, res.json.data.id)));
    // A lead of its own, numbered by the booking (docs/decisions/0140).
    const own = first(await app.db().select().from(leads).where(eq(leads.id, row.leadId)));
    expect(own).toMatchObject({ kind: "reunioes", number: row.id });
    expect(row.utmCampaign).toBe("consultoria");
    const inbox = await fetch(`${app.url}/admin/leads?tipo=reunioes`, { headers: { cookie } });
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain(who.email);
    const lead = await fetch(`${app.url}/admin/leads/funil/reunioes/${row.id}`, { headers: { cookie } });
    expect(lead.status).toBe(200);
  });

  it("a booking by someone who asked for a consultation continues that lead: linked, now 'em contato', not a second lead", async () => {
    const who = person("consulta");
    const consult = await postJson(`${app.url}/api/consultations`, await withProof(app.url, { ...who, industryArea: "Varejo" }));
    expect(consult.status).toBe(201);
    const free = await slots();
    const res = await postJson(`${app.url}/api/booking`, { start: free[14]!.start, ...who, email: who.email.toUpperCase() });
    expect(res.status).toBe(201);
    const { bookings, leads, auditLog } = app.schema;
    const row = first(await app.db().select().from(bookings).where(eq(bookings.id, res.json.data.id)));
    const c = first(await app.db().select().from(leads).where(eq(leads.id, row.leadId)));
    // The consultation's lead, its status ('contacted') being its stage (docs/decisions/0088).
    expect(c).toMatchObject({ kind: "consultas", number: consult.json.data.id, stage: "em-contato" });
    const inbox = await (await fetch(`${app.url}/admin/leads?tipo=reunioes`, { headers: { cookie } })).text();
    expect(inbox).not.toContain(who.email.toUpperCase());
    const audit = await app
      .db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `booking:${row.id}`));
    expect(audit.map((a) => a.action)).toContain("booking.create");
    expect(JSON.stringify(audit)).not.toContain(who.email);
  });

  it("Análises' funnel ends with 'Reunião agendada', and the dashboard counts the leads", async () => {
    const page = await (await fetch(`${app.url}/admin/analises`, { headers: { cookie } })).text();
    expect(page).toContain("Reunião agendada");
    const dashboard = await fetch(`${app.url}/admin/dashboard`, { headers: { cookie } });
    expect(dashboard.status).toBe(200);
  });

  it("privacy: the export holds the person's bookings, erasure deletes them and frees their times", async () => {
    const who = person("titular");
    const free = await slots();
    const res = await postJson(`${app.url}/api/booking`, { start: free[16]!.start, ...who });
    expect(res.status).toBe(201);
    const exported = await fetch(`${app.url}/admin/privacidade/exportar`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ email: who.email, format: "json" }),
    });
    expect(exported.status).toBe(200);
    const doc = (await exported.json()) as { tabelas: Record<string, unknown[]> };
    expect(doc.tabelas.bookings).toHaveLength(1);
    const { eraseSubject } = await import("~/domain/privacy/erasure.server");
    const report = await eraseSubject(who.email, { username: "admin" });
    expect(report.deleted.bookings).toBe(1);
    const { bookings } = app.schema;
    expect(await app.db().select().from(bookings).where(eq(bookings.email, who.email))).toHaveLength(0);
    expect((await slots()).some((s) => s.start === free[16]!.start)).toBe(true);
  });

  it("retention deletes bookings whose meeting ended more than the period ago", async () => {
    const { runRetention } = await import("~/domain/retention.server");
    const { bookings } = app.schema;
    const before = first(await app.db().select({ n: count() }).from(bookings)).n;
    const kept = await runRetention({ trigger: "manual", periods: { bookings: { amount: 24, unit: "months" } } });
    expect(kept.status === "done" && kept.counts.bookings).toBe(0);
    const far = new Date(Date.now() + 3 * 365 * 86_400_000);
    const gone = await runRetention({ trigger: "manual", now: far });
    expect(gone.status === "done" && gone.counts.bookings).toBe(before);
  });
});

// Last: it uses up this address's budget (the test client has one address; no proxy is trusted).
describe("rate limit", () => {
  it("counts posts against the per-address rate limit: 429 with Retry-After", async () => {
    let last = 0;
    let retry: string | null = null;
    for (let i = 0; i < 60 && last !== 429; i++) {
      const res = await postJson(`${app.url}/api/booking`, {});
      last = res.status;
      retry = res.headers.get("retry-after");
    }
    expect(last).toBe(429);
    expect(Number(retry)).toBeGreaterThan(0);
  });
});
