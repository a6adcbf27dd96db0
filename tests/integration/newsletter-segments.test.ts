/**
 * Newsletter segments (docs/decisions/0131): the admin sends an edition to every confirmed
 * subscriber, to those who chose a topic, or to those whose address is a lead's at a stage of the
 * pipeline, compared whole and in any case, never as a part of another address. The card counts
 * each choice before sending; the recipient rows are written from the same choice when the
 * edition starts. Subscribers choose topics on the page after the double opt-in, and change them
 * from the link each edition carries.
 */
import { createHmac, hkdfSync } from "node:crypto";
import { isTag } from "domhandler";
import { eq } from "drizzle-orm";
import { parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, startTestApp, TEST_SESSION_SECRET, type TestApp } from "../helpers/app";
import { insertLead } from "../support/leads";

let app: TestApp;
let cookie: string;
const categories: Record<string, number> = {};
const subscribers: Record<string, { id: number; token: string }> = {};

async function addSubscriber(email: string, values: { status?: string; topics?: number[] | null; bouncedAt?: Date | null } = {}) {
  const s = app.schema;
  const token = `token-do-assinante-${email.replace(/\W/g, "-")}-0123456789`.slice(0, 60);
  const [row] = await app
    .db()
    .insert(s.newsletterSubscribers)
    .values({ email, status: "active", unsubscribeToken: token, consentedAt: new Date(), ...values })
    .returning({ id: s.newsletterSubscribers.id });
  subscribers[email] = { id: row!.id, token };
}

async function addContactAtStage(email: string, stage: string) {
  await insertLead(app.db(), app.schema, "contacts", {
    name: "Pessoa de teste",
    company: "Empresa",
    email,
    message: "Quero saber mais.",
    stage,
  });
}

async function addPost(slug: string) {
  const s = app.schema;
  const [post] = await app
    .db()
    .insert(s.blogPosts)
    .values({ title: `Post ${slug}`, slug, summary: "Resumo do post.", content: "<p>Texto do post.</p>" })
    .returning({ id: s.blogPosts.id });
  return post!.id;
}

const postForm = (postId: number, fields: Record<string, string>) =>
  fetch(`${app.url}/admin/posts/${postId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

async function recipientsOf(postId: number): Promise<string[]> {
  const s = app.schema;
  const rows = await app
    .db()
    .select({ email: s.newsletterEditionRecipients.email })
    .from(s.newsletterEditionRecipients)
    .innerJoin(s.newsletterEditions, eq(s.newsletterEditions.id, s.newsletterEditionRecipients.editionId))
    .where(eq(s.newsletterEditions.postId, postId));
  return rows.map((r) => r.email).sort();
}

/** The segment menu's options, as the admin reads them. */
async function segmentOptions(postId: number): Promise<Record<string, string>> {
  const html = await fetch(`${app.url}/admin/posts/${postId}`, { headers: { cookie } }).then((r) => r.text());
  const options: Record<string, string> = {};
  const walk = (nodes: ReturnType<typeof parseDocument>["children"]) => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      if (node.name === "option") options[node.attribs.value ?? ""] = node.children.map((c) => ("data" in c ? c.data : "")).join("");
      walk(node.children);
    }
  };
  walk(parseDocument(html).children);
  return options;
}

beforeAll(async () => {
  app = await startTestApp({ SESSION_SECRET: TEST_SESSION_SECRET, RATE_LIMIT_FACTOR: "100" });
  cookie = await adminSession(app);
  const s = app.schema;
  for (const name of ["Automação", "Dados"]) {
    const [row] = await app
      .db()
      .insert(s.blogCategories)
      .values({ name, slug: name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase() })
      .returning({ id: s.blogCategories.id });
    categories[name] = row!.id;
  }
  await addSubscriber("ana@exemplo.com.br", { topics: [categories["Automação"]!] });
  await addSubscriber("bruno@exemplo.com.br", { topics: [categories["Dados"]!, categories["Automação"]!] });
  await addSubscriber("carla@exemplo.com.br");
  // Chose a topic but never confirmed, or bounced: in no segment.
  await addSubscriber("pendente@exemplo.com.br", { status: "pending", topics: [categories["Automação"]!] });
  await addSubscriber("devolvido@exemplo.com.br", { topics: [categories["Automação"]!], bouncedAt: new Date() });
  // Carla's address in another case and with spaces: the same person. Mariana's contains "ana@exemplo.com.br":
  // not Ana. Bruno's lead is at another stage.
  await addContactAtStage("  CARLA@Exemplo.com.br ", "proposta-enviada");
  await addContactAtStage("mariana@exemplo.com.br", "proposta-enviada");
  await addContactAtStage("xana@exemplo.com.br.br", "proposta-enviada");
  await addContactAtStage("bruno@exemplo.com.br", "ganho");
}, 90_000);

afterAll(async () => {
  await app?.close();
});

describe("newsletter segments", () => {
  it("the card counts each choice before sending: everyone, a topic, a lead stage", async () => {
    const postId = await addPost("contagem-por-publico");
    const options = await segmentOptions(postId);
    expect(options.todos).toBe("Todos os assinantes confirmados (3)");
    expect(options[`tema:${categories["Automação"]}`]).toBe("Interesse: Automação (2)");
    expect(options[`tema:${categories["Dados"]}`]).toBe("Interesse: Dados (1)");
    expect(options["etapa:proposta-enviada"]).toBe("Etapa: Proposta enviada (1)");
    expect(options["etapa:ganho"]).toBe("Etapa: Ganho (1)");
    expect(options["etapa:novo"]).toBe("Etapa: Novo (0)");
  });

  it("an edition to a topic is written for the confirmed subscribers who chose it, and no one else", async () => {
    const postId = await addPost("envio-por-interesse");
    const res = await postForm(postId, { intent: "newsletter-enviar", segment: `tema:${categories["Automação"]}` });
    expect(res.status).toBe(303);
    expect(await recipientsOf(postId)).toEqual(["ana@exemplo.com.br", "bruno@exemplo.com.br"]);
    const page = await fetch(`${app.url}/admin/posts/${postId}`, { headers: { cookie } }).then((r) => r.text());
    expect(page).toContain("Público: Interesse: Automação");
  });

  it("an edition to a lead stage matches whole addresses in any case, never a part of one", async () => {
    const postId = await addPost("envio-por-etapa");
    const res = await postForm(postId, { intent: "newsletter-enviar", segment: "etapa:proposta-enviada" });
    expect(res.status).toBe(303);
    // Carla's lead is "  CARLA@Exemplo.com.br "; Mariana's and xana's addresses contain Ana's: not hers.
    expect(await recipientsOf(postId)).toEqual(["carla@exemplo.com.br"]);
  });

  it("everyone by default, and a schedule keeps the segment until the post goes live", async () => {
    const all = await addPost("envio-para-todos");
    expect((await postForm(all, { intent: "newsletter-enviar" })).status).toBe(303);
    expect(await recipientsOf(all)).toEqual(["ana@exemplo.com.br", "bruno@exemplo.com.br", "carla@exemplo.com.br"]);

    const later = await addPost("envio-agendado-por-etapa");
    const when = new Date(Date.now() + 3 * 3600_000);
    const local = new Date(when.getTime() - 3 * 3600_000).toISOString().slice(0, 16); // Brasília (UTC−3)
    const scheduled = await postForm(later, { intent: "newsletter-agendar", publishAt: local, segment: "etapa:ganho" });
    expect(scheduled.status).toBe(303);
    const s = app.schema;
    const [edition] = await app.db().select().from(s.newsletterEditions).where(eq(s.newsletterEditions.postId, later));
    expect(edition).toMatchObject({ status: "scheduled", segment: "etapa:ganho" });
    expect(await recipientsOf(later)).toEqual([]);
    // Made live (as the scheduler would): the job starts it for the stage's subscribers only.
    await app.db().update(s.blogPosts).set({ published: true, publishAt: null }).where(eq(s.blogPosts.id, later));
    let recipients: string[] = [];
    for (let i = 0; i < 40 && !recipients.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      recipients = await recipientsOf(later);
    }
    expect(recipients).toEqual(["bruno@exemplo.com.br"]);
  }, 30_000);

  it("refuses a segment that does not exist, and sending now to no one", async () => {
    const postId = await addPost("publico-invalido");
    const unknown = await postForm(postId, { intent: "newsletter-enviar", segment: "tema:999999" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Escolha um público da lista.");
    const garbage = await postForm(postId, { intent: "newsletter-enviar", segment: "etapa:qualquer" });
    expect(garbage.status).toBe(400);
    const empty = await postForm(postId, { intent: "newsletter-enviar", segment: "etapa:novo" });
    expect(empty.status).toBe(409);
    expect(await empty.text()).toContain("Nenhum assinante confirmado neste público");
    expect(await recipientsOf(postId)).toEqual([]);
    const s = app.schema;
    const [post] = await app.db().select().from(s.blogPosts).where(eq(s.blogPosts.id, postId));
    expect(post!.published).toBe(false);
  });
});

describe("a subscriber's topics", () => {
  const topicsPage = (token: string) => fetch(`${app.url}/newsletter/temas?token=${encodeURIComponent(token)}`);
  const saveTopics = (token: string, ids: number[]) =>
    fetch(`${app.url}/newsletter/temas`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([["token", token], ...ids.map((id) => [`tema-${id}`, "1"])]),
    });
  async function topicsOf(email: string) {
    const s = app.schema;
    const [row] = await app.db().select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, email));
    return row!.topics;
  }

  it("the page after confirming offers the blog's categories, and the same link changes them later", async () => {
    const s = app.schema;
    const email = "nova.leitora@exemplo.com.br";
    await addSubscriber(email, { status: "pending", topics: null });
    const { id } = subscribers[email]!;
    const issuedAt = Math.floor(Date.now() / 1000);
    const key = Buffer.from(hkdfSync("sha256", TEST_SESSION_SECRET, "", "newsletter-confirmation", 32));
    const token = `${id}.${issuedAt}.${createHmac("sha256", key).update(`${id}.${issuedAt}.${email}`).digest("base64url")}`;
    const confirmed = await fetch(`${app.url}/newsletter/confirmar`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }),
    });
    expect(confirmed.status).toBe(200);
    const page = await confirmed.text();
    expect(page).toContain("Inscrição confirmada");
    expect(page).toContain("Quais temas mais interessam a você?");
    expect(page).toContain(`name="tema-${categories["Dados"]}"`);
    expect(await topicsOf(email)).toBeNull();

    // The confirmation link opened again leads to the same choice.
    const again = await fetch(`${app.url}/newsletter/confirmar?token=${encodeURIComponent(token)}`).then((r) => r.text());
    expect(again).toContain("Quais temas mais interessam a você?");

    const own = subscribers[email]!.token;
    const saved = await saveTopics(own, [categories["Dados"]!, 999999]);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Temas salvos");
    expect(await topicsOf(email)).toEqual([categories["Dados"]]);
    const shown = await topicsPage(own).then((r) => r.text());
    expect(shown).toContain(`name="tema-${categories["Dados"]}" checked=""`);
    // Nothing chosen: back to none.
    await saveTopics(own, []);
    expect(await topicsOf(email)).toEqual([]);
    await app.db().update(s.newsletterSubscribers).set({ topics: null }).where(eq(s.newsletterSubscribers.email, email));
  });

  it("a link that names no confirmed subscriber changes nothing", async () => {
    expect((await topicsPage("token-que-nao-existe-0123456789")).status).toBe(404);
    expect((await saveTopics("token-que-nao-existe-0123456789", [categories["Dados"]!])).status).toBe(404);
    const pending = subscribers["pendente@exemplo.com.br"]!.token;
    expect((await saveTopics(pending, [categories["Dados"]!])).status).toBe(404);
    expect(await topicsOf("pendente@exemplo.com.br")).toEqual([categories["Automação"]]);
  });
});
