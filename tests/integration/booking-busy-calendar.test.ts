/**
 * The owner's own calendar as busy time (docs/decisions/0144), on the production build and a real
 * database: a local HTTP server serves an .ics (a busy event, a transparent one, a weekly series
 * with no end and one moved occurrence, an all-day event, and a weekly event in New York time
 * whose series crosses a daylight-saving change), the admin connects it on /admin/agenda, and
 * `GET /api/booking/slots` offers no time that overlaps a busy one and still offers the
 * transparent event's. Then the server answers 304 to the conditional request, and 500: the last
 * good copy is still used and the admin page says the last attempt failed.
 *
 * Dates are chosen from the slots the app offers before the calendar is connected (the test's
 * "now" is the clock's, as in booking.test.ts), so the assertions hold whatever the day.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, testHooks, withProof, type TestApp } from "../helpers/app";
import { freeSlots, postForm, startBookingApp } from "../helpers/booking";
import type { AddressInfo } from "node:net";

const SP = "America/Sao_Paulo";
const NY = "America/New_York";

let app: TestApp;
let cookie: string;
let calendarServer: Server;
let calendarUrl: string;
/** What the fake calendar answers: the file, or an error status. */
const served = { body: "", status: 200, etag: '"v1"' };
const requests: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  calendarServer = createServer((req, res) => {
    requests.push(req.headers);
    if (served.status !== 200) {
      res.writeHead(served.status, { "content-type": "text/plain" }).end("erro");
      return;
    }
    if (req.headers["if-none-match"] === served.etag) {
      res.writeHead(304, { etag: served.etag }).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/calendar; charset=utf-8", etag: served.etag }).end(served.body);
  });
  await new Promise<void>((resolve) => calendarServer.listen(0, "127.0.0.1", resolve));
  calendarUrl = `http://127.0.0.1:${(calendarServer.address() as AddressInfo).port}/privado/segredo-abc123/basic.ics`;
  ({ app, cookie } = await startBookingApp({ RATE_LIMIT_FACTOR: "20", BUSY_CALENDAR_ALLOW_PRIVATE: "1" }));
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => calendarServer?.close(resolve));
});

const dayOffset = (offset: number) => DateTime.now().setZone(SP).plus({ days: offset }).toISODate()!;

/** The starts of the free times over the whole 30-day horizon. */
const slots = async (): Promise<Set<string>> => new Set((await freeSlots(app, dayOffset(0), dayOffset(29))).map((s) => s.start));

const post = (fields: Record<string, string>) => postForm(app, "/admin/agenda", fields, cookie);

/** A Brasília wall-clock time on a day, as the API writes instants. */
const sp = (day: string, time: string) => DateTime.fromISO(`${day}T${time}`, { zone: SP }).toUTC().toISO()!;
/** iCalendar UTC form: 20261207T150000Z. */
const icsUtc = (iso: string) => DateTime.fromISO(iso, { zone: "UTC" }).toFormat("yyyyMMdd'T'HHmmss'Z'");
const icsLocal = (dt: DateTime) => dt.toFormat("yyyyMMdd'T'HHmmss");
const plusDays = (day: string, n: number) => DateTime.fromISO(day, { zone: "UTC" }).plus({ days: n }).toISODate()!;

/** The last instant before `before` at which New York's UTC offset changed (a DST change). */
function lastNewYorkChange(before: DateTime): DateTime {
  let at = before.setZone(NY).startOf("day");
  const offset = at.offset;
  for (let i = 0; i < 400; i++) {
    const earlier = at.minus({ days: 1 });
    if (earlier.offset !== offset) return at;
    at = earlier;
  }
  throw new Error("New York sem mudança de horário em 400 dias");
}

const NY_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/New_York",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "TZNAME:EDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "TZNAME:EST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

describe("the owner's calendar as busy time", () => {
  // Days and times picked from what the app offers before any calendar is connected.
  let before: Set<string>;
  let dayA: string; // a busy event 10:00–11:00 and a transparent one 14:00–15:00
  let dayB: string; // a weekly series 16:00–17:00 (no end), moved to 09:00 the next week
  let dayC: string; // an all-day event
  let dayD: string; // 10:00 in New York, weekly since before its last DST change
  let newYorkRight: string;
  let newYorkWrong: string;

  beforeAll(async () => {
    before = await slots();
    const offered = (day: string, ...times: string[]) => times.every((t) => before.has(sp(day, t)));
    const days = Array.from({ length: 26 }, (_, i) => dayOffset(i + 2));
    // Open days with the whole range of hours the assertions use.
    const open = days.filter((d) =>
      offered(d, "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "14:00", "14:30", "16:00", "16:30"),
    );
    dayB = open.find((d) => open.includes(plusDays(d, 7)) && open.includes(plusDays(d, 14)))!;
    const others = open.filter((d) => ![dayB, plusDays(dayB, 7), plusDays(dayB, 14)].includes(d));
    dayD = others[0]!;
    // The New York series repeats on dayD's weekday: the other days are on other weekdays.
    const weekday = (d: string) => DateTime.fromISO(d).weekday;
    [dayA, dayC] = others.filter((d) => weekday(d) !== weekday(dayD)) as [string, string];
    expect([dayA, dayB, dayC, dayD].every(Boolean)).toBe(true);

    // New York: a weekly event at 10:00 local whose first occurrence is before New York's last
    // offset change, so its UTC time on dayD differs by an hour from its first one's.
    const target = DateTime.fromISO(`${dayD}T10:00`, { zone: NY });
    const change = lastNewYorkChange(DateTime.now());
    const weeksBack = Math.ceil(target.diff(change, "days").days / 7) + 1;
    const first = target.minus({ weeks: weeksBack });
    expect(first.offset).not.toBe(target.offset);
    newYorkRight = target.toUTC().toISO()!;
    // Where a parser that kept the first occurrence's offset would put it.
    newYorkWrong = DateTime.fromMillis(target.toMillis() + (target.offset - first.offset) * 60_000)
      .toUTC()
      .toISO()!;

    const moved = plusDays(dayB, 7);
    served.body = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Teste//Agenda do dono//PT",
      ...NY_VTIMEZONE,
      "BEGIN:VEVENT",
      "UID:ocupado@teste",
      "SUMMARY:Consulta médica (particular)",
      `DTSTART:${icsUtc(sp(dayA, "10:00"))}`,
      `DTEND:${icsUtc(sp(dayA, "11:00"))}`,
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:livre@teste",
      "SUMMARY:Lembrete (disponível)",
      `DTSTART:${icsUtc(sp(dayA, "14:00"))}`,
      `DTEND:${icsUtc(sp(dayA, "15:00"))}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:semanal@teste",
      "SUMMARY:Reunião semanal",
      `DTSTART;TZID=America/Sao_Paulo:${icsLocal(DateTime.fromISO(`${dayB}T16:00`, { zone: SP }))}`,
      `DTEND;TZID=America/Sao_Paulo:${icsLocal(DateTime.fromISO(`${dayB}T17:00`, { zone: SP }))}`,
      "RRULE:FREQ=WEEKLY",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:semanal@teste",
      "SUMMARY:Reunião semanal (mudou)",
      `RECURRENCE-ID;TZID=America/Sao_Paulo:${icsLocal(DateTime.fromISO(`${moved}T16:00`, { zone: SP }))}`,
      `DTSTART;TZID=America/Sao_Paulo:${icsLocal(DateTime.fromISO(`${moved}T09:00`, { zone: SP }))}`,
      `DTEND;TZID=America/Sao_Paulo:${icsLocal(DateTime.fromISO(`${moved}T10:00`, { zone: SP }))}`,
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:dia-todo@teste",
      "SUMMARY:Folga",
      `DTSTART;VALUE=DATE:${dayC.replaceAll("-", "")}`,
      `DTEND;VALUE=DATE:${plusDays(dayC, 1).replaceAll("-", "")}`,
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:nova-york@teste",
      "SUMMARY:Call com Nova York",
      `DTSTART;TZID=America/New_York:${icsLocal(first)}`,
      `DTEND;TZID=America/New_York:${icsLocal(first.plus({ minutes: 30 }))}`,
      "RRULE:FREQ=WEEKLY",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
  });

  it("refuses an address that is not http(s), storing nothing", async () => {
    const res = await post({ intent: "busy-calendar-set", icsUrl: "file:///etc/passwd" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Cole o endereço secreto no formato iCal");
    const { bookingBusyCalendar } = app.schema;
    const rows = await app.db().select().from(bookingBusyCalendar);
    expect(rows.every((r) => r.urlSecret === null)).toBe(true);
  });

  it("connects the address, keeps it secret and blocks the busy times on /api/booking/slots", async () => {
    const res = await post({ intent: "busy-calendar-set", icsUrl: calendarUrl });
    expect(res.status).toBe(200);
    const page = await (await fetch(`${app.url}/admin/agenda`, { headers: { cookie } })).text();
    // Its host only: the path is the secret.
    expect(page).toContain(new URL(calendarUrl).host);
    expect(page).not.toContain("segredo-abc123");
    expect(page).not.toContain('data-testid="busy-calendar-error"');
    const { bookingBusyCalendar, auditLog } = app.schema;
    const [row] = await app.db().select().from(bookingBusyCalendar);
    expect(row!.urlSecret).not.toContain("segredo");
    // The stored copy keeps times, not titles.
    expect(row!.calendarText).not.toContain("Consulta médica");
    expect(JSON.stringify(await app.db().select().from(auditLog))).not.toContain("segredo-abc123");

    const after = await slots();
    // A busy event: its times go, the ones around it stay.
    expect(after.has(sp(dayA, "10:00"))).toBe(false);
    expect(after.has(sp(dayA, "10:30"))).toBe(false);
    expect(after.has(sp(dayA, "09:30"))).toBe(true);
    expect(after.has(sp(dayA, "11:00"))).toBe(true);
    // A transparent event does not block.
    expect(after.has(sp(dayA, "14:00"))).toBe(true);
    expect(after.has(sp(dayA, "14:30"))).toBe(true);
    // The weekly series with no end: every week, except the occurrence moved to 09:00.
    expect(after.has(sp(dayB, "16:00"))).toBe(false);
    expect(after.has(sp(dayB, "16:30"))).toBe(false);
    expect(after.has(sp(plusDays(dayB, 7), "16:00"))).toBe(true);
    expect(after.has(sp(plusDays(dayB, 7), "09:00"))).toBe(false);
    expect(after.has(sp(plusDays(dayB, 7), "09:30"))).toBe(false);
    expect(after.has(sp(plusDays(dayB, 14), "16:00"))).toBe(false);
    expect(after.has(sp(plusDays(dayB, 14), "09:00"))).toBe(true);
    // The all-day event closes its whole day.
    const onDayC = (list: Set<string>) => [...list].filter((s) => DateTime.fromISO(s).setZone(SP).toISODate() === dayC);
    expect(onDayC(before).length).toBeGreaterThan(10);
    expect(onDayC(after)).toEqual([]);
    // New York's event is at 10:00 New York time on dayD, after the DST change, not an hour off.
    expect(before.has(newYorkRight) && before.has(newYorkWrong)).toBe(true);
    expect(after.has(newYorkRight)).toBe(false);
    expect(after.has(newYorkWrong)).toBe(true);
  });

  it("asks again conditionally, and keeps the last good copy when the server answers 500", async () => {
    const hooks = await testHooks();
    const sent = requests.length;
    const unchanged = await hooks.refreshBusyCalendar();
    expect(requests[sent]?.["if-none-match"]).toBe('"v1"');
    expect(unchanged.lastError).toBeNull();
    expect((await slots()).has(sp(dayA, "10:00"))).toBe(false);

    served.status = 500;
    const failed = await hooks.refreshBusyCalendar(new Date());
    expect(failed.lastError).toBe("O calendário respondeu com erro HTTP 500.");
    expect(failed.fetchedAt).toEqual(unchanged.fetchedAt);
    const after = await slots();
    expect(after.has(sp(dayA, "10:00"))).toBe(false);
    expect(after.has(sp(dayB, "16:00"))).toBe(false);
    expect(after.has(sp(dayA, "14:00"))).toBe(true);
    // The admin is told, in Portuguese, and that the last copy is in use.
    const page = await (await fetch(`${app.url}/admin/agenda`, { headers: { cookie } })).text();
    expect(page).toContain('data-testid="busy-calendar-error"');
    expect(page).toContain("A última tentativa de ler sua agenda falhou");
    expect(page).toContain("usamos a última cópia lida com sucesso");

    // A booking posted straight to the API at a busy time is refused, as the page would.
    const refused = await postJson(
      `${app.url}/api/booking`,
      await withProof(app.url, {
        name: "Visitante",
        email: "visitante@empresa.com.br",
        phone: "11987654321",
        company: "Empresa",
        start: sp(dayA, "10:00"),
      }),
    );
    expect(refused.status).toBe(409);
    const accepted = await postJson(
      `${app.url}/api/booking`,
      await withProof(app.url, {
        name: "Visitante",
        email: "visitante@empresa.com.br",
        phone: "11987654321",
        company: "Empresa",
        start: sp(dayA, "14:00"),
      }),
    );
    expect(accepted.status).toBe(201);

    served.status = 200;
    const back = await hooks.refreshBusyCalendar();
    expect(back.lastError).toBeNull();
  });

  it("frees the times again when the calendar is disconnected", async () => {
    const res = await post({ intent: "busy-calendar-remove" });
    expect(res.status).toBe(200);
    const after = await slots();
    expect(after.has(sp(dayA, "10:00"))).toBe(true);
    expect(after.has(newYorkRight)).toBe(true);
  });
});
