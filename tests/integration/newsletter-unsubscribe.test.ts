/**
 * A newsletter edition through the app (docs/decisions/0128): the admin previews the e-mail,
 * sends a test copy and sends the post from its page; the app's own job delivers it to a local
 * SMTP server. The `List-Unsubscribe` link each message carries answers RFC 8058's one-click
 * `POST` at once (no session, cookie or page to confirm), while a `GET` of it only shows the
 * confirmation page; the edition's recipients are in the privacy export and go with an erasure.
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
const readers = ["ana.leitora@exemplo.com.br", "bruno.leitor@exemplo.com.br"];
const messages: Record<string, string> = {};

beforeAll(async () => {
  ({ app, smtp, cookie } = await startNewsletterApp());
  const s = app.schema;
  await addSubscribers(app, readers, "token-proprio-do-leitor");
  const [post] = await app
    .db()
    .insert(s.blogPosts)
    .values({
      title: "Como medir o retorno de um agente de IA",
      slug: "como-medir-o-retorno-de-um-agente",
      summary: "Três indicadores para acompanhar desde o primeiro mês.",
      content: "<h2>Indicadores</h2><ul><li>Tempo de resposta</li><li>Custo por atendimento</li></ul>",
    })
    .returning({ id: s.blogPosts.id });
  postId = post!.id;
}, 90_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const form = (fields: Record<string, string>) =>
  fetch(`${app.url}/admin/posts/${postId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

async function subscriber(email: string) {
  const s = app.schema;
  const [row] = await app.db().select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, email));
  return row;
}

/** The message's List-Unsubscribe address, on this test's server (the link names SITE_URL's). */
function unsubscribeLink(raw: string): string {
  const link = new URL(/^List-Unsubscribe: *<([^>]+)>/m.exec(raw.replace(/\r\n[ \t]+/g, " "))![1]!);
  return `${app.url}${link.pathname}${link.search}`;
}

describe("a newsletter edition sent from the post's page", () => {
  it("shows the e-mail's preview to the admin only, and sends a test copy to the team's address", async () => {
    const preview = await fetch(`${app.url}/admin/posts/${postId}/newsletter`, { headers: { cookie } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toContain("text/html");
    const html = await preview.text();
    expect(html).toContain("Como medir o retorno de um agente de IA");
    expect(html).not.toMatch(/<script/i);
    const anonymous = await fetch(`${app.url}/admin/posts/${postId}/newsletter`, { redirect: "manual" });
    expect(anonymous.status).not.toBe(200);

    const test = await form({ intent: "newsletter-teste" });
    expect(test.status).toBe(303);
    const raw = await smtp.message((m) => m.includes("Subject: [Teste] Como medir"));
    expect(raw).toMatch(/^To: contato@agileia\.com\.br/m);
    // The test copy went to no subscriber, and no edition exists yet.
    expect(smtp.received.filter((m) => readers.some((r) => m.includes(`To: ${r}`)))).toEqual([]);
  }, 30_000);

  it("'Publicar e enviar' publishes the post and the job delivers it to each subscriber once", async () => {
    const res = await form({ intent: "newsletter-enviar" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/admin/posts/${postId}?feito=newsletter-enviada`);
    for (const email of readers) messages[email] = await smtp.message((m) => m.includes(`To: ${email}`) && m.includes("List-Unsubscribe"));
    const s = app.schema;
    const [post] = await app.db().select().from(s.blogPosts).where(eq(s.blogPosts.id, postId));
    expect(post!.published).toBe(true);
    // The job marks the edition done at its next look after the last message (within a second).
    let page = "";
    for (let i = 0; i < 40 && !page.includes("Envio concluído."); i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 250));
      page = await fetch(`${app.url}/admin/posts/${postId}`, { headers: { cookie } }).then((r) => r.text());
    }
    expect(page).toContain("Envio concluído.");
    expect(page).toContain("Enviados");
    // Sending again is refused: a post goes out once.
    const again = await form({ intent: "newsletter-enviar" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Este post já foi enviado como newsletter.");
  }, 30_000);

  it("a GET of the List-Unsubscribe link shows the confirmation page and changes nothing", async () => {
    const link = unsubscribeLink(messages[readers[0]!]!);
    expect(link).toMatch(/\/descadastrar\?token=[\w-]{43}$/);
    const res = await fetch(link);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Cancelar inscrição na newsletter");
    expect(html).toContain("an******@exemplo.com.br");
    expect((await subscriber(readers[0]!))!.status).toBe("active");
  });

  it("a POST without the one-click body changes nothing", async () => {
    const link = unsubscribeLink(messages[readers[0]!]!);
    const res = await fetch(link, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
    expect(res.status).toBe(404);
    expect((await subscriber(readers[0]!))!.status).toBe("active");
  });

  it("a one-click POST (RFC 8058) unsubscribes at once, with no session, cookie or confirmation", async () => {
    const link = unsubscribeLink(messages[readers[0]!]!);
    const res = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    const row = await subscriber(readers[0]!);
    expect(row!.status).toBe("unsubscribed");
    const s = app.schema;
    const consents = await app.db().select().from(s.consentRecords).where(eq(s.consentRecords.email, readers[0]!));
    expect(consents.map((c) => [c.action, c.source])).toContainEqual(["withdrawn", "descadastro-um-clique"]);
    // The other reader is untouched.
    expect((await subscriber(readers[1]!))!.status).toBe("active");
  });

  it("puts the edition's recipients in the privacy export, and erases them with the address", async () => {
    const email = readers[1]!;
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${app.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const exported = await post("/admin/privacidade/exportar", { email, format: "json" });
    expect(exported.status).toBe(200);
    const doc = (await exported.json()) as { tabelas: Record<string, Array<{ email: string; status: string }>> };
    expect(doc.tabelas.newsletter_edition_recipients?.map((r) => [r.email, r.status])).toEqual([[email, "sent"]]);

    const erased = await post("/admin/privacidade", { intent: "erase", subject: email, confirm: email });
    expect(erased.status).toBe(200);
    const s = app.schema;
    expect(await app.db().select().from(s.newsletterEditionRecipients).where(eq(s.newsletterEditionRecipients.email, email))).toEqual([]);
    expect(await subscriber(email)).toBeUndefined();
  });
});
