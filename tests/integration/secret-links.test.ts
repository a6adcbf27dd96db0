/**
 * Secret links stored as hashes and expiring (docs/decisions/0109), on the production build and a
 * real database (embedded PGlite on disk, or PostgreSQL with TEST_DATABASE_URL) that starts one
 * migration behind, holding a preview link, a calendar feed and a booking made before: the
 * migration hashes their tokens in place and they keep working. Then: no column ever holds a new
 * link's token, only its SHA-256; an expired preview link or feed answers as a revoked one; a
 * booking's links from the confirmation page, its e-mail and a reminder all open it, until a week
 * after the meeting; the admin sees until when a link works, and its address only when it is made.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { DomUtils, parseDocument } from "htmlparser2";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "~/lib/dates";
import { first } from "~/lib/first";
import { createTestDatabase, adminSession, outboxTo, startTestApp, usingPostgres, type TestApp } from "../helpers/app";
import { columnsHolding } from "../support/stored-text";

const DAY_MS = 86_400_000;
const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(24).toString("base64url");

/** Links handed out before the migration, stored in clear as they were then. */
const legacy = { preview: newToken(), feed: newToken(), booking: newToken() };
const legacyBookingStart = new Date(Math.ceil((Date.now() + 40 * DAY_MS) / 3_600_000) * 3_600_000);

let app: TestApp;
let cookie: string;
let dropLegacy: (() => Promise<void>) | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "secret-links-"));

/** The app's migrations up to the one before this change (its journal cut there). */
function migrationsBeforeHashing(): string {
  const source = path.resolve("app/db/migrations");
  const folder = path.join(tmp, "migrations");
  fs.cpSync(source, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag.endsWith("_access_token_hashes"));
  expect(at).toBeGreaterThan(0);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/** A database one migration behind, with links made before it. */
async function legacyDatabase(): Promise<Record<string, string>> {
  const migrationsFolder = migrationsBeforeHashing();
  if (usingPostgres) {
    const created = await createTestDatabase({ empty: true });
    dropLegacy = created.drop;
    const pool = new pg.Pool({ connectionString: created.url });
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const db = drizzle(pool);
    await migrate(db, { migrationsFolder });
    for (const statement of legacyRows()) await db.execute(statement);
    await pool.end();
    return { DATABASE_URL: created.url };
  }
  const dataDir = path.join(tmp, "data");
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(path.join(dataDir, "pgdata"));
  const db = drizzle(client);
  await migrate(db, { migrationsFolder });
  for (const statement of legacyRows()) await db.execute(statement);
  await client.close();
  return { DATA_DIR: dataDir };
}

/** What a database held before the migration: a draft with its preview link, the feed, a booking and its replayable answer. */
function legacyRows() {
  const end = new Date(legacyBookingStart.getTime() + 30 * 60_000);
  const hours = JSON.stringify(Object.fromEntries([1, 2, 3, 4, 5].map((d) => [d, [["09:00", "18:00"]]])));
  return [
    sql`insert into blog_posts (title, slug, summary, content, published, preview_token)
        values ('Rascunho de antes', 'rascunho-de-antes', 'Um rascunho feito antes da migração.', ${`<p>${"Texto antigo. ".repeat(6)}</p>`}, false, ${legacy.preview})`,
    sql`insert into booking_settings (id, weekly_hours, feed_token) values (1, ${hours}::jsonb, ${legacy.feed})`,
    sql`insert into bookings (uid, starts_at, ends_at, occupied, name, email, phone, company, place_kind, manage_token)
        values ('antiga@agendar', ${legacyBookingStart.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz,
                ${`[${legacyBookingStart.toISOString()},${end.toISOString()})`}::tstzrange,
                'Visitante Antiga', 'antiga@empresa.com.br', '11987654321', 'Empresa Antiga', 'link-later', ${legacy.booking})`,
    sql`insert into submission_keys (key, form, result)
        values ('booking:k:antiga-0123456789abcdef', 'booking',
                ${JSON.stringify({ id: 1, token: legacy.booking, start: legacyBookingStart.toISOString() })}::jsonb)`,
  ];
}

beforeAll(async () => {
  const database = await legacyDatabase();
  app = await startTestApp({ RATE_LIMIT_FACTOR: "5", ...database });
  cookie = await adminSession(app);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await dropLegacy?.();
  fs.rmSync(tmp, { recursive: true, force: true });
});

// ---------------------------------------------------------------- helpers
type Doc = ReturnType<typeof parseDocument>;
const textOf = (doc: Doc) => DomUtils.textContent(doc).replace(/\s+/g, " ");
const h1Of = (doc: Doc) => textOf({ children: DomUtils.getElementsByTagName("h1", doc) } as unknown as Doc).trim();

async function get(pathname: string, withSession = false) {
  const res = await fetch(`${app.url}${pathname}`, { headers: withSession ? { cookie } : {}, redirect: "manual" });
  const body = await res.text();
  return { status: res.status, headers: res.headers, body, doc: parseDocument(body) };
}

/** A native form post, as the pages send without JavaScript (with the session unless told otherwise). */
async function postForm(pathname: string, fields: Record<string, string>, withSession = true) {
  const res = await fetch(`${app.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, ...(withSession ? { cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  const body = await res.text();
  return { status: res.status, headers: res.headers, body, doc: parseDocument(body) };
}

async function apiJson(method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${app.url}${pathname}`, {
    method,
    headers: { "content-type": "application/json", cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

let posts = 0;
async function createDraft(): Promise<number> {
  posts += 1;
  const res = await apiJson("POST", "/api/blog/posts", {
    title: `Rascunho com link ${posts}`,
    slug: `rascunho-com-link-${posts}-${Date.now().toString(36)}`,
    summary: "Um resumo com mais de dez caracteres.",
    content: `<p>${"Texto do rascunho. ".repeat(5)}</p>`,
  });
  expect(res.status).toBe(201);
  return res.json.data.id as number;
}

const tokenIn = (text: string, prefix: RegExp) => new RegExp(`${prefix.source}([A-Za-z0-9_-]{20,100})`).exec(text)?.[1];

async function postRow(id: number) {
  const { blogPosts } = app.schema;
  return app.db().select().from(blogPosts).where(eq(blogPosts.id, id)).then(first);
}
async function settingsRow() {
  return app.db().select().from(app.schema.bookingSettings).then(first);
}
async function bookingHashes(bookingId: number): Promise<string[]> {
  const { bookingAccessTokens } = app.schema;
  const rows = await app.db().select().from(bookingAccessTokens).where(eq(bookingAccessTokens.bookingId, bookingId));
  return rows.map((r) => r.tokenHash);
}

async function freeSlot(n: number): Promise<string> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 14 * DAY_MS).toISOString().slice(0, 10);
  const body = (await (await fetch(`${app.url}/api/booking/slots?from=${from}&to=${to}`)).json()) as {
    data: { slots: Array<{ start: string }> };
  };
  return body.data.slots[n]!.start;
}

/** Books with the /agendar page's own form (no JavaScript) and returns the token of the page it leads to. */
async function bookByForm(start: string, who: string) {
  const fields = { start, name: `Visitante ${who}`, email: `${who}@empresa.com.br`, phone: "11987654321", company: `Empresa ${who}` };
  const res = await postForm("/agendar", fields, false);
  expect(res.status, res.body.slice(0, 300)).toBe(303);
  const token = tokenIn(res.headers.get("location") ?? "", /^\/agendar\/reserva\//);
  expect(token).toBeTruthy();
  return { token: token!, fields };
}

async function bookingOf(email: string) {
  const { bookings } = app.schema;
  return app.db().select().from(bookings).where(eq(bookings.email, email)).then(first);
}

/** Moves a booking so that its meeting ended `days` ago (the links' clock runs from the end). */
async function endedDaysAgo(id: number, days: number) {
  const end = new Date(Math.floor((Date.now() - days * DAY_MS) / 60_000) * 60_000);
  const start = new Date(end.getTime() - 30 * 60_000);
  await app
    .db()
    .update(app.schema.bookings)
    .set({ startsAt: start, endsAt: end, occupied: `[${start.toISOString()},${end.toISOString()})` })
    .where(eq(app.schema.bookings.id, id));
}

// ---------------------------------------------------------------- tests
describe("the migration", () => {
  it("hashed the links made before it in place: they keep working, and no column holds their tokens any more", async () => {
    const preview = await get(`/previa/${legacy.preview}`);
    expect(preview.status).toBe(200);
    expect(textOf(preview.doc)).toContain("Rascunho de antes");
    const feed = await get(`/agenda/feed/${legacy.feed}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(feed.body).toContain("antiga@agendar");
    const booking = await get(`/agendar/reserva/${legacy.booking}`);
    expect(booking.status).toBe(200);
    expect(textOf(booking.doc)).toContain("antiga@empresa.com.br");

    for (const token of Object.values(legacy)) expect(await columnsHolding(app, token)).toEqual([]);
    const post = await app.db().select().from(app.schema.blogPosts).where(eq(app.schema.blogPosts.slug, "rascunho-de-antes")).then(first);
    expect(post.previewTokenHash).toBe(sha256(legacy.preview));
    // Their lifetimes start with the migration: 30 days for the preview, a year for the feed.
    expect(post.previewExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * DAY_MS);
    expect(post.previewExpiresAt!.getTime() - Date.now()).toBeLessThan(30 * DAY_MS + 60_000);
    const settings = await settingsRow();
    expect(settings.feedTokenHash).toBe(sha256(legacy.feed));
    expect(settings.feedExpiresAt!.getTime() - Date.now()).toBeGreaterThan(364 * DAY_MS);
    const old = await bookingOf("antiga@empresa.com.br");
    expect(await bookingHashes(old.id)).toEqual([sha256(legacy.booking)]);
    // The answer replayed to a repeated submission kept the token: not any more.
    const [replay] = await app.db().select().from(app.schema.submissionKeys).where(eq(app.schema.submissionKeys.form, "booking"));
    expect(replay!.result).toEqual({ id: 1, start: legacyBookingStart.toISOString() });
  });
});

describe("the database never holds a link's token", () => {
  it("a preview link made on the post's page: its SHA-256 is stored, the token nowhere", async () => {
    const id = await createDraft();
    const made = await postForm(`/admin/posts/${id}`, { intent: "criar-link" });
    expect(made.status).toBe(200);
    const token = tokenIn(made.body, /\/previa\//)!;
    expect(token).toBeTruthy();
    expect((await postRow(id)).previewTokenHash).toBe(sha256(token));
    expect(await columnsHolding(app, token)).toEqual([]);
    expect((await get(`/previa/${token}`)).status).toBe(200);
  });

  it("the calendar feed: its SHA-256 is stored, the token nowhere", async () => {
    const made = await postForm("/admin/agenda", { intent: "renew-feed" });
    expect(made.status).toBe(200);
    const token = tokenIn(made.body, /\/agenda\/feed\//)!;
    expect(token).toBeTruthy();
    expect((await settingsRow()).feedTokenHash).toBe(sha256(token));
    expect(await columnsHolding(app, token)).toEqual([]);
    expect((await get(`/agenda/feed/${token}.ics`)).status).toBe(200);
    expect((await get(`/agenda/feed/${legacy.feed}.ics`)).status).toBe(404); // the new address replaced it
  });

  it("a booking: the page's token is nowhere, even after a repeated submission; the e-mail's only in the e-mail", async () => {
    const { token, fields } = await bookByForm(await freeSlot(3), "hash");
    const booking = await bookingOf(fields.email);
    const [mail] = await outboxTo(app, fields.email, "booking.confirmation");
    const mailToken = tokenIn(mail!.body, /\/agendar\/cancelar\//)!;
    expect(mailToken).not.toBe(token);
    expect(await columnsHolding(app, token)).toEqual([]);
    // The e-mail waits in the outbox with its link (and is deleted with it, RETENTION.outbox).
    expect((await columnsHolding(app, mailToken)).every((column) => column.startsWith("outbox."))).toBe(true);
    expect((await bookingHashes(booking.id)).sort()).toEqual([sha256(token), sha256(mailToken)].sort());

    // The same form sent again is the same booking, answered with a link of its own (the first one's token was never kept).
    const again = await postForm("/agendar", fields, false);
    expect(again.status).toBe(303);
    const second = tokenIn(again.headers.get("location") ?? "", /^\/agendar\/reserva\//)!;
    expect(second).not.toBe(token);
    expect(await columnsHolding(app, second)).toEqual([]);
    for (const t of [token, second]) expect(textOf((await get(`/agendar/reserva/${t}`)).doc)).toContain(fields.email);
    expect(await app.db().select().from(app.schema.bookings).where(eq(app.schema.bookings.email, fields.email))).toHaveLength(1);
  });
});

describe("expired links answer as revoked ones do", () => {
  it("a preview link: 404 and the 'Post não encontrado' page, as revoked or unknown", async () => {
    const id = await createDraft();
    const made = await apiJson("POST", `/api/blog/posts/${id}/preview-link`);
    const token = tokenIn(made.json.data.previewUrl, /\/previa\//)!;
    expect((await get(`/previa/${token}`)).status).toBe(200);
    await app
      .db()
      .update(app.schema.blogPosts)
      .set({ previewExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(app.schema.blogPosts.id, id));
    const expired = await get(`/previa/${token}`);
    const unknown = await get(`/previa/${newToken()}`);
    const revokedId = await createDraft();
    const revokedUrl = (await apiJson("POST", `/api/blog/posts/${revokedId}/preview-link`)).json.data.previewUrl as string;
    await apiJson("DELETE", `/api/blog/posts/${revokedId}/preview-link`);
    const revoked = await get(new URL(revokedUrl).pathname);
    for (const answer of [expired, revoked, unknown]) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(h1Of(answer.doc)).toBe("Post não encontrado");
    }
    // The admin reads that it expired.
    expect((await apiJson("GET", `/api/blog/posts/${id}`)).json.data.previewLink).toMatchObject({ expired: true });
    const page = await get(`/admin/posts/${id}`, true);
    expect(textOf(page.doc)).toContain(`O link expirou em ${formatDate((await postRow(id)).previewExpiresAt)}`);
  });

  it("the calendar feed: 404 'Calendário não encontrado.', as revoked or unknown", async () => {
    const made = await postForm("/admin/agenda", { intent: "renew-feed" });
    const token = tokenIn(made.body, /\/agenda\/feed\//)!;
    expect((await get(`/agenda/feed/${token}.ics`)).status).toBe(200);
    await app
      .db()
      .update(app.schema.bookingSettings)
      .set({ feedExpiresAt: sql`now() - interval '1 minute'` });
    const expired = await get(`/agenda/feed/${token}.ics`);
    const unknown = await get(`/agenda/feed/${newToken()}.ics`);
    expect(expired.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(expired.body)).toEqual({ success: false, message: "Calendário não encontrado." });
    expect(expired.body).toBe(unknown.body);
    const page = await get("/admin/agenda", true);
    expect(textOf(page.doc)).toContain(`O endereço expirou em ${formatDate((await settingsRow()).feedExpiresAt)}`);
    await postForm("/admin/agenda", { intent: "revoke-feed" });
    expect((await get(`/agenda/feed/${token}.ics`)).body).toBe(unknown.body);
  });
});

describe("a booking's links", () => {
  it("from the confirmation page, its e-mail and a reminder all open it, until a week after the meeting", async () => {
    const { runBookingReminders } = await import("~/domain/booking/reminders.server");
    const start = await freeSlot(6);
    const { token: pageToken, fields } = await bookByForm(start, "lembrete");
    const booking = await bookingOf(fields.email);
    await runBookingReminders(new Date(Date.parse(start) - 23 * 3_600_000));
    const [confirmation] = await outboxTo(app, fields.email, "booking.confirmation");
    const [reminder] = await outboxTo(app, fields.email, "booking.reminder.day");
    expect(reminder).toBeTruthy();
    const mailToken = tokenIn(confirmation!.body, /\/agendar\/remarcar\//)!;
    const reminderToken = tokenIn(reminder!.body, /\/agendar\/cancelar\//)!;
    expect(new Set([pageToken, mailToken, reminderToken]).size).toBe(3);
    for (const token of [pageToken, mailToken, reminderToken]) {
      const page = await get(`/agendar/reserva/${token}`);
      expect(page.status, token).toBe(200);
      expect(textOf(page.doc)).toContain(fields.email);
      expect((await get(`/agendar/cancelar/${token}`)).status).toBe(200);
      expect((await get(`/agendar/remarcar/${token}`)).status).toBe(200);
      expect((await get(`/agendar/reserva/${token}/convite.ics`)).status).toBe(200);
    }

    // Six days after the meeting the page still recalls it; eight days after, the link answers as an unknown one.
    await endedDaysAgo(booking.id, 6);
    expect((await get(`/agendar/reserva/${reminderToken}`)).status).toBe(200);
    await endedDaysAgo(booking.id, 8);
    const unknownCancel = await get(`/agendar/cancelar/${newToken()}`);
    expect(unknownCancel.status).toBe(404);
    for (const token of [pageToken, mailToken, reminderToken]) {
      expect((await get(`/agendar/reserva/${token}`)).status).toBe(404);
      expect((await get(`/agendar/reserva/${token}/convite.ics`)).status).toBe(404);
      const cancel = await get(`/agendar/cancelar/${token}`);
      expect(cancel.status).toBe(404);
      expect(h1Of(cancel.doc)).toBe(h1Of(unknownCancel.doc));
    }
  });
});

describe("the admin", () => {
  it("sees a new preview link once, with its expiry in Brasília dates; afterwards only until when it works", async () => {
    const id = await createDraft();
    expect(textOf((await get(`/admin/posts/${id}`, true)).doc)).toContain("Nenhum link ativo.");
    const made = await postForm(`/admin/posts/${id}`, { intent: "criar-link" });
    const expiresAt = (await postRow(id)).previewExpiresAt!;
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * DAY_MS);
    const shown = textOf(made.doc);
    expect(shown).toContain(`Válido até ${formatDate(expiresAt)}`);
    expect(shown).toContain("Copie o link agora: por segurança, ele só aparece desta vez.");
    expect(formatDate(expiresAt)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    const later = await get(`/admin/posts/${id}`, true);
    expect(later.body).not.toMatch(/\/previa\//);
    expect(textOf(later.doc)).toContain(`Válido até ${formatDate(expiresAt)}`);
    expect(textOf(later.doc)).toContain("Há um link ativo.");
    expect((await apiJson("GET", `/api/blog/posts/${id}`)).json.data.previewLink).toEqual({
      expiresAt: expiresAt.toISOString(),
      expired: false,
    });
  });

  it("sees a new feed address once, with its expiry a year ahead; afterwards only until when it works", async () => {
    const made = await postForm("/admin/agenda", { intent: "renew-feed" });
    const expiresAt = (await settingsRow()).feedExpiresAt!;
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(364 * DAY_MS);
    expect(textOf(made.doc)).toContain(`Válido até ${formatDate(expiresAt)}`);
    expect(textOf(made.doc)).toContain("Copie o endereço agora: por segurança, ele só aparece desta vez.");
    const later = await get("/admin/agenda", true);
    expect(later.body).not.toMatch(/\/agenda\/feed\//);
    expect(textOf(later.doc)).toContain(`Válido até ${formatDate(expiresAt)}`);
  });
});
