/**
 * Click counting without personal data (docs/decisions/0131): when an edition starts, the links of
 * its HTML part go through /n/c/{edition}/{link}, which counts one click for that edition and link
 * and answers 302 to the address the e-mail had there: only to an address of that edition (never
 * an open redirect), with no subscriber in the address and no cookie. The card shows the counts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addSubscribers, startNewsletterApp } from "../helpers/newsletter";
import type { TestApp } from "../helpers/app";
import type { FakeSmtp } from "../mocks/smtp";

let app: TestApp;
let smtp: FakeSmtp;
let cookie: string;
let postId: number;
let editionId: number;
const readers = ["leitora.cliques@exemplo.com.br", "leitor.cliques@exemplo.com.br"];
const EVENT = "https://eventos.exemplo.com.br/webinar?turma=2&origem=news";

beforeAll(async () => {
  ({ app, smtp, cookie } = await startNewsletterApp());
  const s = app.schema;
  await addSubscribers(app, readers, "token-cliques");
  const [post] = await app
    .db()
    .insert(s.blogPosts)
    .values({
      title: "Cliques sem dados pessoais",
      slug: "cliques-sem-dados-pessoais",
      summary: "Contamos cliques por link, não por pessoa.",
      content: `<p>Inscreva-se no <a href="${EVENT.replace(/&/g, "&amp;")}">webinar</a>, veja <a href="/agentes">os agentes</a>, de novo <a href="${EVENT.replace(/&/g, "&amp;")}">o webinar</a>, ou escreva para <a href="mailto:contato@agileia.com.br">nós</a>.</p>`,
    })
    .returning({ id: s.blogPosts.id });
  postId = post!.id;
  const res = await fetch(`${app.url}/admin/posts/${postId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
    body: new URLSearchParams({ intent: "newsletter-enviar" }),
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  const [edition] = await app.db().select().from(s.newsletterEditions).where(eq(s.newsletterEditions.postId, postId));
  editionId = edition!.id;
}, 90_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function links() {
  const s = app.schema;
  return app.db().select().from(s.newsletterLinks).where(eq(s.newsletterLinks.editionId, editionId)).orderBy(s.newsletterLinks.linkIndex);
}

/** One part of a multipart message, its quoted-printable soft breaks and `=3D` undone (enough for its addresses). */
function part(raw: string, type: "text/plain" | "text/html"): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const found = raw.split(`--${boundary}`).find((p) => new RegExp(`^\\s*Content-Type: ${type}`, "i").test(p)) ?? "";
  return found
    .replace(/^[^]*?\r?\n\r?\n/, "")
    .replace(/=\r?\n/g, "")
    .replace(/=3D/g, "=");
}

const click = (edition: number | string, link: number | string, init: RequestInit = {}) =>
  fetch(`${app.url}/n/c/${edition}/${link}`, { redirect: "manual", ...init });

describe("newsletter click counting", () => {
  it("sends the HTML part's web links through our redirect, one number per address, nothing about the reader", async () => {
    const stored = await links();
    const urls = stored.map((l) => l.url);
    expect(urls).toContain(EVENT);
    expect(urls.filter((u) => u === EVENT)).toHaveLength(1);
    expect(urls.some((u) => u.endsWith("/agentes"))).toBe(true);
    expect(urls.some((u) => u.startsWith("mailto:"))).toBe(false);
    expect(stored.every((l) => l.clicks === 0)).toBe(true);

    const raw = await smtp.message((m) => m.includes(`To: ${readers[0]}`) && m.includes("Cliques sem dados pessoais"));
    const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const hrefs = [...decoded.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    const counted = hrefs.filter((h) => h.includes("/n/c/"));
    expect(counted.length).toBeGreaterThanOrEqual(3);
    for (const href of counted) expect(new URL(href.replace(/&amp;/g, "&")).pathname).toMatch(new RegExp(`^/n/c/${editionId}/\\d+$`));
    // The original addresses are not linked directly in the HTML part; the mailto and unsubscribe links are.
    expect(hrefs).not.toContain(EVENT.replace(/&/g, "&amp;"));
    expect(hrefs.some((h) => h.startsWith("mailto:"))).toBe(true);
    expect(hrefs.some((h) => h.includes("/descadastrar?token="))).toBe(true);
  }, 30_000);

  it("sends the plain-text part's web links through the same redirect, with the HTML part's numbers", async () => {
    const raw = await smtp.message((m) => m.includes(`To: ${readers[0]}`) && m.includes("Cliques sem dados pessoais"));
    const text = part(raw, "text/plain");
    const html = part(raw, "text/html");
    expect(text).toContain("webinar (");
    const textUrls = [...text.matchAll(/https?:\/\/[^\s()]+/g)].map((m) => m[0]);
    const htmlUrls = [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    // Every web address of the text part is one of the HTML part's counted ones, but the
    // recipient's own unsubscribe and topics links, which are never redirected.
    const own = (url: string) => /\/(descadastrar|newsletter\/temas)\?token=/.test(url);
    const counted = textUrls.filter((u) => !own(u));
    expect(counted.length).toBeGreaterThanOrEqual(3);
    for (const url of counted) {
      expect(new URL(url).pathname).toMatch(new RegExp(`^/n/c/${editionId}/\\d+$`));
      expect(htmlUrls).toContain(url);
    }
    expect(textUrls.filter(own)).toHaveLength(2);
    expect(text).not.toContain(EVENT);
    const index = (await links()).find((l) => l.url === EVENT)!.linkIndex;
    expect(text).toContain(`webinar (${new URL(counted.find((u) => u.endsWith(`/n/c/${editionId}/${index}`))!).href})`);
    // The same text for every reader: nothing in it names one (but the unsubscribe and topics links).
    const other = await smtp.message((m) => m.includes(`To: ${readers[1]}`) && m.includes("Cliques sem dados pessoais"));
    const otherText = part(other, "text/plain");
    const withoutOwn = (t: string) => t.replace(/https?:\/\/\S+\?token=\S+/g, "");
    expect(withoutOwn(otherText)).toBe(withoutOwn(text));
  }, 30_000);

  it("answers 302 to the stored address and counts one click per request, with no cookie; a HEAD is not counted", async () => {
    const index = (await links()).find((l) => l.url === EVENT)!.linkIndex;
    const first = await click(editionId, index);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(EVENT);
    expect(first.headers.get("set-cookie")).toBeNull();
    expect(first.headers.get("cache-control")).toContain("no-store");
    await click(editionId, index);
    const head = await click(editionId, index, { method: "HEAD" });
    expect(head.status).toBe(302);
    expect((await links()).find((l) => l.linkIndex === index)!.clicks).toBe(2);
  });

  it("never leads anywhere the edition did not: other numbers, editions or a URL in the query are 404 or ignored", async () => {
    expect((await click(editionId, 999)).status).toBe(404);
    expect((await click(editionId + 1000, 0)).status).toBe(404);
    expect((await click("abc", 0)).status).toBe(404);
    expect((await click(editionId, "-1")).status).toBe(404);
    expect((await click(editionId, "0.5")).status).toBe(404);
    const withQuery = await fetch(`${app.url}/n/c/${editionId}/0?url=https://malicioso.example/`, { redirect: "manual" });
    expect(withQuery.status).toBe(302);
    expect(withQuery.headers.get("location")).toBe((await links())[0]!.url);
  });

  it("the post's card shows the clicks per link", async () => {
    const page = await fetch(`${app.url}/admin/posts/${postId}`, { headers: { cookie } }).then((r) => r.text());
    expect(page).toContain("Cliques nos links: 3");
    expect(page).toContain("2 cliques");
    expect(page).toContain("sem saber quem clicou");
    const list = await fetch(`${app.url}/admin/leads/newsletter/edicoes`, { headers: { cookie } }).then((r) => r.text());
    expect(list).toContain("Cliques sem dados pessoais");
  });

  it("Análises lists the editions that started in the period, with what they sent and their clicks", async () => {
    const page = await fetch(`${app.url}/admin/analises`, { headers: { cookie } }).then((r) => r.text());
    const table = /data-testid="newsletter-editions"[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
    expect(table).toContain("Cliques sem dados pessoais");
    expect(table.replace(/<!-- -->/g, "")).toMatch(/>3<\/td>/);
  });
});
