/**
 * Newsletter with double opt-in (docs/decisions/0011): every subscription request gets the same
 * answer, whatever the address's state, and never a row id; a confirmation e-mail with a signed
 * link goes through the outbox; the consent is recorded, and the address counted, only when the
 * link is clicked; an unsubscribed address comes back only through that link.
 */
import { createHmac, hkdfSync } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "~/lib/first";
import { formStampFor, adminSession, postJson, proofOfWork, startTestApp, withProof, type TestApp } from "../helpers/app";

let app: TestApp;
let ipCounter = 0;
const newIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const tag = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1" });
});
afterAll(() => app?.close());

/** As the footer form sends it: with a solved proof of work (docs/decisions/0090). */
const subscribe = async (email: string) =>
  postJson(`${app.url}/api/newsletter`, await withProof(app.url, { email }), { "x-forwarded-for": newIp() });

async function subscriber(email: string) {
  const { newsletterSubscribers } = app.schema;
  const row = await app.db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).then(first);
  return row;
}

async function mailsTo(email: string) {
  const { outbox } = app.schema;
  return app.db().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);
}

async function consents(email: string) {
  const { consentRecords } = app.schema;
  return app.db().select().from(consentRecords).where(eq(consentRecords.email, email)).orderBy(consentRecords.id);
}

/** The confirmation link of the last e-mail sent to the address. */
async function confirmationLink(email: string): Promise<{ path: string; token: string }> {
  const mails = await mailsTo(email);
  const [, path, token] = /(\/newsletter\/confirmar\?token=([^\s]+))/.exec(mails.at(-1)?.body ?? "") ?? [];
  if (!path || !token) throw new Error(`Nenhum link de confirmação no último e-mail para ${email}.`);
  return { path, token: decodeURIComponent(token) };
}

function clickConfirm(token: string, ip = newIp()) {
  return fetch(`${app.url}/newsletter/confirmar`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
    body: new URLSearchParams({ token }),
  });
}

async function unsubscribe(email: string) {
  const row = await subscriber(email);
  const res = await fetch(`${app.url}/descadastrar`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: row.unsubscribeToken }),
  });
  expect(res.status).toBe(200);
}

/** Lets the next request send a new confirmation e-mail (one per address every 10 minutes). */
async function pretendTimePassed(email: string) {
  const { newsletterSubscribers } = app.schema;
  await app
    .db()
    .update(newsletterSubscribers)
    .set({ confirmationSentAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(newsletterSubscribers.email, email));
}

describe("newsletter subscription", () => {
  it("answers the same status and body for a new, a waiting, a subscribed and an unsubscribed address, never with an id", async () => {
    const email = `mesma-resposta-${tag()}@example.com`;
    const answers: Array<{ status: number; text: string }> = [];
    const record = async () => {
      const res = await subscribe(email);
      answers.push({ status: res.status, text: res.text });
    };
    await record(); // new
    await record(); // waiting for the click
    const { token } = await confirmationLink(email);
    expect((await clickConfirm(token)).status).toBe(200);
    await record(); // subscribed
    await unsubscribe(email);
    await record(); // unsubscribed
    expect(answers).toHaveLength(4);
    for (const answer of answers) expect(answer).toEqual({ status: 200, text: JSON.stringify({ success: true }) });
    // Upper case is the same person.
    const upper = await subscribe(email.toUpperCase());
    expect({ status: upper.status, text: upper.text }).toEqual(answers[0]);
  });

  it("queues a confirmation e-mail with a signed link; nothing is consented or counted before the click", async () => {
    const email = `confirma-${tag()}@example.com`;
    const admin = await adminSession(app);
    const countsBefore = await adminCounts(admin);

    await subscribe(email);
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: "pending", consentedAt: null, source: "rodape" });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "newsletter.confirmation", subject: "Confirme sua inscrição na newsletter da Agile IA" });
    expect(first(mails).body).not.toContain(row.unsubscribeToken);
    expect(first(mails).body).not.toContain(email); // the link names the row, not the person
    expect(await consents(email)).toHaveLength(0);
    expect(await teamNotifications(email)).toHaveLength(0);
    expect(await adminCounts(admin)).toEqual(countsBefore);

    // Opening the link changes nothing: mail scanners open links by themselves.
    const { path, token } = await confirmationLink(email);
    const opened = await fetch(`${app.url}${path}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toContain("no-store");
    const page = await opened.text();
    expect(page).toContain("Confirmar inscrição");
    expect(page).not.toContain(email); // masked
    expect((await subscriber(email)).status).toBe("pending");

    const clicked = await clickConfirm(token, "10.7.250.9");
    expect(clicked.status).toBe(200);
    const html = await clicked.text();
    expect(html).toContain("Inscrição confirmada");
    expect(html).toContain("Você receberá nossas novidades sobre IA e atualizações da empresa.");
    const confirmed = await subscriber(email);
    expect(confirmed.status).toBe("active");
    expect(confirmed.consentedAt).not.toBeNull();
    const granted = await consents(email);
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ action: "granted", purpose: "newsletter", source: "newsletter:rodape", ip: "10.7.250.9" });
    expect(await teamNotifications(email)).toHaveLength(1);
    const after = await adminCounts(admin);
    expect(after.listed).toBe(countsBefore.listed + 1);
    expect(after.csvLines).toBe(countsBefore.csvLines + 1);
    expect(after.dashboard).toBe(countsBefore.dashboard + 1);

    // A second click records nothing more.
    expect((await clickConfirm(token)).status).toBe(200);
    expect(await consents(email)).toHaveLength(1);
  });

  it("sends at most one confirmation e-mail per address every 10 minutes, whoever asks", async () => {
    const email = `uma-vez-${tag()}@example.com`;
    await subscribe(email);
    await subscribe(email);
    await subscribe(email);
    expect(await mailsTo(email)).toHaveLength(1);
    await pretendTimePassed(email);
    await subscribe(email);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("an unsubscribed address comes back only through the link", async () => {
    const email = `volta-${tag()}@example.com`;
    await subscribe(email);
    await clickConfirm((await confirmationLink(email)).token);
    await unsubscribe(email);
    expect((await subscriber(email)).status).toBe("unsubscribed");

    await pretendTimePassed(email);
    const res = await subscribe(email);
    expect(res.status).toBe(200);
    expect((await subscriber(email)).status).toBe("unsubscribed"); // an anonymous POST re-subscribes no one
    expect(await mailsTo(email)).toHaveLength(2);

    await clickConfirm((await confirmationLink(email)).token);
    expect((await subscriber(email)).status).toBe("active");
    expect((await consents(email)).map((c) => c.action)).toEqual(["granted", "withdrawn", "granted"]);
  });

  it("refuses a forged, altered or expired link with 404, changing nothing", async () => {
    const email = `forjado-${tag()}@example.com`;
    await subscribe(email);
    const { token } = await confirmationLink(email);
    const [id, issued, mac] = token.split(".");
    const forged = [
      `${id}.${issued}.${"A".repeat(43)}`,
      `${Number(id) + 1}.${issued}.${mac}`,
      `${id}.${Number(issued) + 1}.${mac}`,
      "nada",
      "",
    ];
    for (const bad of forged) expect((await clickConfirm(bad)).status).toBe(404);
    expect((await fetch(`${app.url}/newsletter/confirmar?token=${encodeURIComponent(first(forged))}`)).status).toBe(404);

    // Correctly signed, but eight days old (links last seven).
    const { appSettings } = app.schema;
    const secret = await app.db().select().from(appSettings).where(eq(appSettings.key, "session_secret")).then(first);
    const key = Buffer.from(hkdfSync("sha256", secret.value, "", "newsletter-confirmation", 32));
    const old = Math.floor(Date.now() / 1000) - 8 * 24 * 60 * 60;
    const expired = `${id}.${old}.${createHmac("sha256", key).update(`${id}.${old}.${email}`).digest("base64url")}`;
    const fresh = `${id}.${issued}.${createHmac("sha256", key).update(`${id}.${issued}.${email}`).digest("base64url")}`;
    expect(fresh).toBe(token); // the test signs as the server does, so the expiry is what refuses
    expect((await clickConfirm(expired)).status).toBe(404);

    expect((await subscriber(email)).status).toBe("pending");
    expect(await consents(email)).toHaveLength(0);
  });

  it("without JavaScript: /enviar/newsletter shows the spec's success texts; without the proof of work it sends no link and says so", async () => {
    // The secret the server generated (no SESSION_SECRET here), to sign the form's stamp as it does.
    await fetch(`${app.url}/enviar/newsletter`);
    const { appSettings } = app.schema;
    const secret = await app.db().select().from(appSettings).where(eq(appSettings.key, "session_secret")).then(first);
    const send = async (email: string, extra: Record<string, string> = {}) => {
      const res = await fetch(`${app.url}/enviar/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, "x-forwarded-for": newIp() },
        // The form was rendered a while ago (its signed stamp: docs/decisions/0090).
        body: new URLSearchParams({ email, source: "rodape", formStamp: formStampFor(20, secret.value), ...extra }),
        redirect: "manual",
      });
      expect(res.status).toBe(303);
      return (await fetch(`${app.url}${res.headers.get("location")}`)).text();
    };

    // Scripts blocked: no proof of work, so no e-mail to the address it names (docs/decisions/0106).
    const blocked = `sem-js-${tag()}@example.com`;
    const page = await send(blocked);
    expect(page).toContain("Obrigado por se inscrever!");
    expect(page).toContain("Você receberá nossas novidades sobre IA e atualizações da empresa.");
    expect(page).toContain("não enviamos o e-mail de confirmação");
    expect(page).not.toContain("enviaremos um link para confirmar a inscrição");
    expect((await subscriber(blocked)).status).toBe("pending");
    expect(await mailsTo(blocked)).toHaveLength(0);

    // Posted natively but with the island's proof (the form was sent before its script took it).
    const proved = `com-prova-${tag()}@example.com`;
    const withProofPage = await send(proved, { altcha: await proofOfWork(app.url) });
    expect(withProofPage).toContain("enviaremos um link para confirmar a inscrição");
    expect(await mailsTo(proved)).toHaveLength(1);
    // The same address from the site's own form later gets its link.
    expect(
      (await postJson(`${app.url}/api/newsletter`, await withProof(app.url, { email: blocked, source: "rodape" }))).status,
    ).toBeLessThan(300);
    expect(await mailsTo(blocked)).toHaveLength(1);
  });
});

async function teamNotifications(email: string) {
  const { outbox } = app.schema;
  const rows = await app
    .db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "lead.newsletter")))
    .orderBy(desc(outbox.id));
  return rows.filter((r) => r.body.includes(email));
}

/** What the admin sees: the list's total, the CSV's lines and the dashboard's count. */
async function adminCounts(cookie: string) {
  const page = await (await fetch(`${app.url}/admin/leads/newsletter`, { headers: { cookie } })).text();
  // Pending sign-ups are shown apart, below the subscribers, and never in their list or the CSV.
  const [list = "", pendingSection = ""] = page.split('data-testid="pending-subscribers"');
  const csv = await (await fetch(`${app.url}/api/leads/newsletter/export`, { headers: { cookie } })).text();
  const { newsletterSubscribers } = app.schema;
  const dashboard = await (await fetch(`${app.url}/admin/dashboard`, { headers: { cookie } })).text();
  const pending = await app.db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "pending"));
  for (const row of pending) {
    expect(list).not.toContain(row.email);
    expect(csv).not.toContain(row.email);
  }
  expect(pendingSection).toContain(`Aguardando confirmação (<!-- -->${pending.length}<!-- -->)`);
  for (const row of pending.slice(0, 50)) expect(pendingSection).toContain(row.email);
  return {
    listed: Number(/data-testid="lead-total"[^>]*>(\d+)/.exec(list)?.[1] ?? NaN),
    csvLines: csv.trim().split("\n").length,
    dashboard: Number(/(\d+) inscritos? ativos?/.exec(dashboard)?.[1] ?? NaN),
  };
}
