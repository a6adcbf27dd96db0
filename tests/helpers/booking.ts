/**
 * What the booking tests share (booking.test.ts, booking-rules.test.ts, booking-busy-calendar.test.ts):
 * the app with an admin session, the days and free times the API offers, a booking, and the
 * admin's form posts, the availability form among them as the admin saves it.
 */
import { expect } from "vitest";
import { adminSession, postJson, startTestApp, type TestApp } from "./app";

/** The app with `env` and an admin's session cookie. */
export async function startBookingApp(env: Record<string, string | undefined>): Promise<{ app: TestApp; cookie: string }> {
  const app = await startTestApp(env);
  return { app, cookie: await adminSession(app) };
}

/** The day `offset` days from now (UTC), as the slots API reads it: `2026-12-07`. */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The free times `GET /api/booking/slots` offers from `from` to `to` (a 200, or the test fails). */
export async function freeSlots(app: TestApp, from = day(0), to = day(14)): Promise<Array<{ start: string; end: string }>> {
  const res = await fetch(`${app.url}/api/booking/slots?from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { slots: Array<{ start: string; end: string }> } };
  return body.data.slots;
}

/** A visitor's details for the booking API, unique by `n`. */
export const person = (n: number | string) => ({
  name: `Visitante ${n}`,
  email: `visitante${n}@empresa.com.br`,
  phone: "11987654321",
  company: `Empresa ${n}`,
});

/** Books the first free time for `Visitante {who}` <{who}@empresa.com.br>; answers its id and private token. */
export async function book(app: TestApp, who: string): Promise<{ id: number; token: string }> {
  const [slot] = await freeSlots(app);
  const made = await postJson(`${app.url}/api/booking`, {
    start: slot!.start,
    name: `Visitante ${who}`,
    email: `${who}@empresa.com.br`,
    phone: "11987654321",
    company: "Empresa",
  });
  expect(made.status).toBe(201);
  return { id: made.json.data.id, token: /reserva\/([^/]+)\//.exec(made.json.data.icsUrl)![1]! };
}

/** A form post as the browser sends it (same origin; `cookie` for the admin), redirects not followed. */
export const postForm = (app: TestApp, path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

/** The availability form (/admin/agenda, intent=settings) with the defaults, `fields` over them. */
export const availabilityForm = (fields: Record<string, string> = {}): Record<string, string> => ({
  intent: "settings",
  // Monday to Friday, 09:00 to 18:00.
  ...Object.fromEntries(
    [1, 2, 3, 4, 5].flatMap((d) => [
      [`open${d}`, "1"],
      [`start${d}`, "09:00"],
      [`end${d}`, "18:00"],
    ]),
  ),
  durationMinutes: "30",
  bufferBeforeMinutes: "0",
  bufferAfterMinutes: "0",
  minNoticeHours: "24",
  horizonDays: "30",
  changeCutoffHours: "12",
  confirmBelowHours: "",
  maxPerDay: "",
  placeKind: "link-later",
  placeDetail: "",
  ...fields,
});
