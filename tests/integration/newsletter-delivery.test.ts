/**
 * Newsletter delivery (docs/decisions/0128) against a local SMTP server that keeps every attempt:
 * each confirmed subscriber gets an edition once, with two workers at once; the throttle spaces
 * the messages; a hard bounce stops sends to that address; unsubscribed addresses are skipped;
 * pause, resume and cancel; a recipient left mid-send by a dead instance is sent again, one left
 * while its message was being handed over is not. Workers are `processNewsletter` runs; no app
 * is started, so no job of its own takes part. On PostgreSQL when TEST_DATABASE_URL is set, else
 * embedded.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openModuleDatabase, type ModuleDatabase } from "../helpers/module-database";
import { type FakeSmtp, HARD_BOUNCE_MARKER } from "../mocks/smtp";

const RATE = 20;
const ADMIN = { username: "admin", ip: "127.0.0.1" };

let opened: ModuleDatabase | undefined;
let smtp: FakeSmtp;
let client: typeof import("~/db/client.server");
let schema: typeof import("~/db/schema");
let delivery: typeof import("~/domain/newsletter/delivery.server");
let editions: typeof import("~/domain/newsletter/editions.server");

beforeAll(async () => {
  opened = await openModuleDatabase({
    SESSION_SECRET: "segredo-de-teste-com-mais-de-32-caracteres-0123456789",
    NEWSLETTER_RATE_PER_SECOND: String(RATE),
    NEWSLETTER_SEND_TIMEOUT_MS: "10000",
  });
  ({ smtp, client } = opened);
  schema = await import("~/db/schema");
  delivery = await import("~/domain/newsletter/delivery.server");
  editions = await import("~/domain/newsletter/editions.server");
}, 60_000);

afterAll(async () => {
  await delivery?.closeNewsletterTransport();
  await opened?.close();
});

/** Confirmed subscribers (and, with `status`, others) with fresh addresses; their addresses. */
async function subscribers(count: number, tag: string, status = "active", prefix = "leitor"): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${tag}-${i}@exemplo.com.br`);
  await client
    .db()
    .insert(schema.newsletterSubscribers)
    .values(emails.map((email) => ({ email, status, unsubscribeToken: randomBytes(24).toString("base64url"), consentedAt: new Date() })));
  return emails;
}

async function post(tag: string): Promise<number> {
  const [row] = await client
    .db()
    .insert(schema.blogPosts)
    .values({
      title: `Edição de teste ${tag}`,
      slug: `edicao-${tag}`,
      summary: "Resumo da edição.",
      content: `<p>Marca ${tag}: conteúdo da edição.</p>`,
      published: true,
    })
    .returning({ id: schema.blogPosts.id });
  return row!.id;
}

/** Only this scenario's subscribers count: every scenario's edition goes to everyone confirmed. */
async function retireOthers(keep: string[]) {
  await client
    .db()
    .update(schema.newsletterSubscribers)
    .set({ status: "unsubscribed" })
    .where(sql`${schema.newsletterSubscribers.email} <> all(${`{${keep.join(",")}}`}::text[])`);
}

const acceptedFor = (tag: string) => smtp.attempts.filter((a) => a.result === "accepted" && a.raw.includes(`Marca ${tag}`));
const toOf = (raw: string) => /^To: *(.+)$/im.exec(raw)?.[1]?.trim() ?? "";

async function recipients(postId: number) {
  const [edition] = await client.db().select().from(schema.newsletterEditions).where(eq(schema.newsletterEditions.postId, postId));
  return client
    .db()
    .select()
    .from(schema.newsletterEditionRecipients)
    .where(eq(schema.newsletterEditionRecipients.editionId, edition!.id))
    .orderBy(schema.newsletterEditionRecipients.id);
}

describe("newsletter delivery", () => {
  it("sends each confirmed subscriber the edition once with two workers at once, throttled, never to a bounced or unsubscribed address", async () => {
    const tag = randomUUID().slice(0, 8);
    const readers = await subscribers(24, tag);
    const [bounced] = await subscribers(1, tag, "active", HARD_BOUNCE_MARKER);
    const [gone] = await subscribers(1, tag, "active", "desistiu");
    await subscribers(1, tag, "pending", "pendente");
    await retireOthers([...readers, bounced!, gone!]);
    const postId = await post(tag);

    await editions.sendPostNow(postId, ADMIN);
    // Unsubscribed after the edition started: skipped when its turn comes.
    await client
      .db()
      .update(schema.newsletterSubscribers)
      .set({ status: "unsubscribed" })
      .where(eq(schema.newsletterSubscribers.email, gone!));
    const workersStarted = Date.now();
    await Promise.all([delivery.processNewsletter(15_000), delivery.processNewsletter(15_000)]);

    const accepted = acceptedFor(tag);
    const to = accepted.map((a) => toOf(a.raw)).sort();
    expect(to).toEqual([...readers].sort()); // each once: no one missing, no one twice
    const rows = await recipients(postId);
    expect(rows).toHaveLength(26); // the pending address was never a recipient
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(24);
    const bounce = rows.find((r) => r.email === bounced)!;
    expect([bounce.status, bounce.lastErrorCode]).toEqual(["failed", 550]);
    expect(rows.find((r) => r.email === gone)!.status).toBe("skipped");
    const [bouncedRow] = await client
      .db()
      .select()
      .from(schema.newsletterSubscribers)
      .where(eq(schema.newsletterSubscribers.email, bounced!));
    expect(bouncedRow!.bouncedAt).not.toBeNull();

    // The throttle: the workers claim `claimSize` recipients at a time, each claim 1/RATE per
    // recipient after the one before, so the 25 messages (24 and the bounce) take at least the
    // claims' spacing from the moment the workers start, whatever their number.
    const tried = smtp.attempts.filter((a) => a.raw.includes(`Marca ${tag}`));
    expect(tried).toHaveLength(25);
    const batch = delivery.claimSize(RATE);
    const claims = Math.ceil(tried.length / batch);
    expect(tried.at(-1)!.startedAt - workersStarted).toBeGreaterThanOrEqual(((claims - 1) * batch * 1000) / RATE - 20);

    // The progress the admin sees.
    const seen = await editions.getPostNewsletter(postId);
    expect(seen.edition?.status).toBe("sent");
    expect(seen.progress).toMatchObject({ total: 26, sent: 24, failed: 1, skipped: 1, pending: 0 });

    // A later edition leaves the bounced address out from the start.
    const next = await post(`${tag}b`);
    await editions.sendPostNow(next, ADMIN);
    expect((await recipients(next)).map((r) => r.email)).not.toContain(bounced);
    await editions.changeEdition(next, "cancel", ADMIN);
  }, 120_000);

  it("carries both parts, the one-click unsubscribe headers, a stable Message-ID and no tracking pixel", async () => {
    const tag = randomUUID().slice(0, 8);
    const readers = await subscribers(1, tag);
    await retireOthers(readers);
    const postId = await post(tag);
    await editions.sendPostNow(postId, ADMIN);
    await delivery.processNewsletter(5_000);
    const [message] = acceptedFor(tag);
    const raw = message!.raw.replace(/\r\n[ \t]+/g, " "); // unfold headers
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:\d+\/descadastrar\?token=[\w-]{43}>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(raw).toMatch(/^Message-ID: <newsletter-\d+-\d+-\d+@agileia\.com\.br>$/m);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    // Its unsubscribe link is stored only as a hash.
    const token = /descadastrar\?token=([\w-]{43})/.exec(raw)![1]!;
    const [row] = await recipients(postId);
    expect(row!.unsubscribeTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    // No pixel: the only images are the post's (none here).
    expect(raw).not.toMatch(/<img/i);
  }, 30_000);

  it("pauses, resumes and cancels: nothing leaves while paused, nothing after a cancel", async () => {
    const tag = randomUUID().slice(0, 8);
    const readers = await subscribers(40, tag);
    await retireOthers(readers);
    const postId = await post(tag);
    await editions.sendPostNow(postId, ADMIN);
    await delivery.processNewsletter(150); // one claim at 20 a second
    await editions.changeEdition(postId, "pause", ADMIN);
    const beforePause = acceptedFor(tag).length;
    expect(beforePause).toBeGreaterThan(0);
    expect(beforePause).toBeLessThan(40);
    await delivery.processNewsletter(400);
    expect(acceptedFor(tag).length).toBe(beforePause);
    await expect(editions.changeEdition(postId, "pause", ADMIN)).rejects.toBeInstanceOf(Response);

    await editions.changeEdition(postId, "resume", ADMIN);
    await delivery.processNewsletter(500); // a few claims more, far from all 40
    const beforeCancel = acceptedFor(tag).length;
    expect(beforeCancel).toBeGreaterThan(beforePause);
    await editions.changeEdition(postId, "cancel", ADMIN);
    await delivery.processNewsletter(400);
    expect(acceptedFor(tag).length).toBe(beforeCancel);
    const progress = (await editions.getPostNewsletter(postId)).progress;
    expect(progress.sent + progress.cancelled).toBe(40);
    expect(progress.cancelled).toBe(40 - beforeCancel);
    // Sent once: the post cannot be sent again.
    await expect(editions.sendPostNow(postId, ADMIN)).rejects.toBeInstanceOf(Response);
  }, 30_000);

  it("marks a recipient 'delivering' only once its text goes to the server, and has committed that when the server holds its end (docs/decisions/0150)", async () => {
    const tag = randomUUID().slice(0, 8);
    const [reader] = await subscribers(1, tag);
    await retireOthers([reader!]);
    const postId = await post(tag);
    await editions.sendPostNow(postId, ADMIN);
    // The server has yet to take its address: a crash now must leave the row to be sent again.
    const held = smtp.holdRecipient(reader!);
    smtp.stall(`Marca ${tag}`);
    const run = delivery.processNewsletter(5_000);
    await held;
    expect((await recipients(postId)).map((r) => r.status)).toEqual(["sending"]);
    // The server holds its end, unanswered: the hand-over was committed before the dot was written.
    smtp.releaseRecipient(reader!);
    await expect.poll(() => smtp.attempts.filter((a) => a.raw.includes(`Marca ${tag}`) && a.result === "waiting").length).toBe(1);
    expect((await recipients(postId)).map((r) => r.status)).toEqual(["delivering"]);
    smtp.release(`Marca ${tag}`);
    await run;
    expect(acceptedFor(tag).map((a) => toOf(a.raw))).toEqual([reader]);
    expect((await recipients(postId)).map((r) => r.status)).toEqual(["sent"]);
  }, 30_000);

  it("after a crash, sends again a recipient whose message never finished, and not one whose message was being handed over", async () => {
    const tag = randomUUID().slice(0, 8);
    const readers = await subscribers(3, tag);
    await retireOthers(readers);
    const postId = await post(tag);
    await editions.sendPostNow(postId, ADMIN);
    const [unfinished, handedOver] = await recipients(postId);
    // What a worker killed mid-send leaves: its claims, under leases that have ended.
    const { newsletterEditionRecipients: r } = schema;
    await client
      .db()
      .update(r)
      .set({ status: "sending", attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(r.id, unfinished!.id));
    await client
      .db()
      .update(r)
      .set({ status: "delivering", attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(r.id, handedOver!.id));
    await delivery.processNewsletter(5_000);
    const to = acceptedFor(tag).map((a) => toOf(a.raw));
    expect(to.sort()).toEqual([unfinished!.email, readers[2]!].sort());
    const rows = await client
      .db()
      .select()
      .from(r)
      .where(inArray(r.id, [unfinished!.id, handedOver!.id]));
    expect(rows.map((x) => x.status)).toEqual(["sent", "sent"]);
    expect(rows.find((x) => x.id === unfinished!.id)!.attempts).toBe(2);
  }, 30_000);
});
