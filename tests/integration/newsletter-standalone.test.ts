/**
 * A standalone newsletter edition (docs/decisions/0131): written on the admin's newsletter page
 * (a subject and a body, sanitised as a post is), previewed, test-sent, then sent now or at a
 * time to a segment, with the same recipient rows, delivery, progress and controls as a post's
 * edition. Once it goes, its text can no longer change.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addSubscribers, startNewsletterApp } from "../helpers/newsletter";
import type { TestApp } from "../helpers/app";
import type { FakeSmtp } from "../mocks/smtp";

let app: TestApp;
let smtp: FakeSmtp;
let cookie: string;
let topicId: number;
const readers = ["ana.avulsa@exemplo.com.br", "bruno.avulso@exemplo.com.br", "carla.avulsa@exemplo.com.br"];

beforeAll(async () => {
  ({ app, smtp, cookie } = await startNewsletterApp());
  const s = app.schema;
  const [category] = await app
    .db()
    .insert(s.blogCategories)
    .values({ name: "Governança de IA", slug: "governanca-de-ia-avulsa" })
    .returning({ id: s.blogCategories.id });
  topicId = category!.id;
  await addSubscribers(app, readers, "token-proprio-avulsa", (i) => (i < 2 ? [topicId] : null));
}, 90_000);

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: app.url },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

async function edition(id: number) {
  const s = app.schema;
  const [row] = await app.db().select().from(s.newsletterEditions).where(eq(s.newsletterEditions.id, id));
  return row;
}

async function recipients(id: number): Promise<string[]> {
  const s = app.schema;
  const rows = await app
    .db()
    .select({ email: s.newsletterEditionRecipients.email })
    .from(s.newsletterEditionRecipients)
    .where(eq(s.newsletterEditionRecipients.editionId, id));
  return rows.map((r) => r.email).sort();
}

async function createDraft(subject: string, content: string): Promise<number> {
  const res = await post("/admin/leads/newsletter/edicoes", { intent: "criar", subject, content });
  expect(res.status).toBe(303);
  const match = /^\/admin\/leads\/newsletter\/edicoes\/(\d+)\?feito=criada$/.exec(res.headers.get("location") ?? "");
  expect(match).not.toBeNull();
  return Number(match![1]);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 60): Promise<T> {
  let value = await read();
  for (let i = 0; i < tries && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

describe("a standalone newsletter edition", () => {
  let id: number;

  it("is written as a draft: a subject and a text, plain or the blog's HTML, sanitised", async () => {
    const refused = await post("/admin/leads/newsletter/edicoes", { intent: "criar", subject: " ", content: "" });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain("Informe o assunto do e-mail.");
    expect(text).toContain("Escreva o texto da edição.");

    id = await createDraft("Novidades de dezembro", "Olá, leitores!\n\nNeste mês, três novidades.\nLinha dois.");
    expect(await edition(id)).toMatchObject({
      postId: null,
      status: "draft",
      subject: "Novidades de dezembro",
      content: "<p>Olá, leitores!</p>\n<p>Neste mês, três novidades.<br />Linha dois.</p>",
    });
    const page = await fetch(`${app.url}/admin/leads/newsletter/edicoes/${id}?feito=criada`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Novidades de dezembro");
    expect(html).toContain("Rascunho criado.");
    expect(html).toContain("Quem recebe");

    const saved = await post(`/admin/leads/newsletter/edicoes/${id}`, {
      intent: "salvar",
      subject: "Novidades de dezembro na Agile IA",
      content: '<h2>Agenda</h2><p>Veja <a href="https://exemplo.com.br/evento">o evento</a>.</p><script>alert(1)</script>',
    });
    expect(saved.status).toBe(303);
    const row = await edition(id);
    expect(row!.subject).toBe("Novidades de dezembro na Agile IA");
    expect(row!.content).toContain("<h2>Agenda</h2>");
    expect(row!.content).not.toContain("script");
  });

  it("is previewed by the admin only, and a test copy goes to the team's address", async () => {
    const preview = await fetch(`${app.url}/admin/leads/newsletter/edicoes/${id}/previa`, { headers: { cookie } });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("Novidades de dezembro na Agile IA");
    expect(html).toContain("Agenda");
    expect(html).not.toContain("Ler no site");
    expect(html).not.toMatch(/<script/i);
    const anonymous = await fetch(`${app.url}/admin/leads/newsletter/edicoes/${id}/previa`, { redirect: "manual" });
    expect(anonymous.status).not.toBe(200);

    expect((await post(`/admin/leads/newsletter/edicoes/${id}`, { intent: "newsletter-teste" })).status).toBe(303);
    const raw = await smtp.message((m) => m.includes("Subject: [Teste] Novidades de dezembro"));
    expect(raw).toMatch(/^To: contato@agileia\.com\.br/m);
    expect(await recipients(id)).toEqual([]);
  }, 30_000);

  it("is sent to its segment once; then its text is fixed and it cannot go again", async () => {
    const res = await post(`/admin/leads/newsletter/edicoes/${id}`, { intent: "newsletter-enviar", segment: `tema:${topicId}` });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/admin/leads/newsletter/edicoes/${id}?feito=newsletter-enviada`);
    expect(await recipients(id)).toEqual(readers.slice(0, 2));
    for (const email of readers.slice(0, 2)) {
      const raw = await smtp.message((m) => m.includes(`To: ${email}`) && m.includes("Subject: Novidades de dezembro na Agile IA"));
      expect(raw).toContain("List-Unsubscribe");
    }
    const finished = await waitFor(
      () => edition(id),
      (row) => row?.status === "sent",
    );
    expect(finished!.status).toBe("sent");
    const page = await fetch(`${app.url}/admin/leads/newsletter/edicoes/${id}`, { headers: { cookie } }).then((r) => r.text());
    expect(page).toContain("Envio concluído.");
    expect(page).toContain("Público: Interesse: Governança de IA");
    expect(smtp.received.some((m) => m.includes(`To: ${readers[2]}`))).toBe(false);

    const edit = await post(`/admin/leads/newsletter/edicoes/${id}`, { intent: "salvar", subject: "Outro", content: "Outro texto." });
    expect(edit.status).toBe(409);
    const again = await post(`/admin/leads/newsletter/edicoes/${id}`, { intent: "newsletter-enviar" });
    expect(again.status).toBe(409);
    expect(await recipients(id)).toHaveLength(2);
  }, 30_000);

  it("is scheduled for a time to come, starts then, and a cancelled schedule is a draft again", async () => {
    const later = await createDraft("Convite para o webinar", "Participe do nosso webinar sobre agentes de IA.");
    const past = await post(`/admin/leads/newsletter/edicoes/${later}`, { intent: "newsletter-agendar", publishAt: "2020-01-01T10:00" });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("Escolha uma data e hora no futuro.");

    const scheduled = await post(`/admin/leads/newsletter/edicoes/${later}`, {
      intent: "newsletter-agendar",
      publishAt: "2099-01-01T10:00",
    });
    expect(scheduled.status).toBe(303);
    expect(await edition(later)).toMatchObject({ status: "scheduled", segment: null });
    expect((await edition(later))!.scheduledAt!.toISOString()).toBe("2099-01-01T13:00:00.000Z");
    // Waiting: its text is fixed until the schedule is cancelled.
    expect((await post(`/admin/leads/newsletter/edicoes/${later}`, { intent: "salvar", subject: "X", content: "Y" })).status).toBe(409);
    expect((await post(`/admin/leads/newsletter/edicoes/${later}`, { intent: "newsletter-cancelar" })).status).toBe(303);
    expect(await edition(later)).toMatchObject({ status: "cancelled", startedAt: null });
    expect(
      (await post(`/admin/leads/newsletter/edicoes/${later}`, { intent: "salvar", subject: "Convite: webinar", content: "Participe!" }))
        .status,
    ).toBe(303);

    // Scheduled again, and its time comes: the job starts it for everyone.
    expect(
      (await post(`/admin/leads/newsletter/edicoes/${later}`, { intent: "newsletter-agendar", publishAt: "2099-01-01T10:00" })).status,
    ).toBe(303);
    const s = app.schema;
    await app
      .db()
      .update(s.newsletterEditions)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(and(eq(s.newsletterEditions.id, later), eq(s.newsletterEditions.status, "scheduled")));
    const started = await waitFor(
      () => recipients(later),
      (list) => list.length > 0,
    );
    expect(started).toEqual(readers);
    await smtp.message((m) => m.includes(`To: ${readers[2]}`) && m.includes("Subject: Convite: webinar"));
  }, 30_000);

  it("the newsletter page lists the editions; a draft can be deleted, a sent one cannot", async () => {
    const page = await fetch(`${app.url}/admin/leads/newsletter/edicoes`, { headers: { cookie } }).then((r) => r.text());
    expect(page).toContain("Novidades de dezembro na Agile IA");
    expect(page).toContain("Convite: webinar");
    expect(page).toContain("Avulsa");
    const draft = await createDraft("Rascunho descartável", "Texto qualquer.");
    const removed = await post(`/admin/leads/newsletter/edicoes/${draft}`, { intent: "excluir" });
    expect(removed.status).toBe(303);
    expect(await edition(draft)).toBeUndefined();
    expect((await post(`/admin/leads/newsletter/edicoes/${id}`, { intent: "excluir" })).status).toBe(409);
    expect(await edition(id)).toBeDefined();
    // A post's edition is not controlled from here.
    const s = app.schema;
    const [blogPost] = await app
      .db()
      .insert(s.blogPosts)
      .values({ title: "Post enviado", slug: "post-enviado-avulsa", summary: "Resumo.", content: "<p>Texto.</p>" })
      .returning({ id: s.blogPosts.id });
    const [postEdition] = await app
      .db()
      .insert(s.newsletterEditions)
      .values({ postId: blogPost!.id, subject: "Post enviado", status: "sending", createdBy: "admin" })
      .returning({ id: s.newsletterEditions.id });
    expect((await fetch(`${app.url}/admin/leads/newsletter/edicoes/${postEdition!.id}`, { headers: { cookie } })).status).toBe(404);
    expect((await post(`/admin/leads/newsletter/edicoes/${postEdition!.id}`, { intent: "newsletter-pausar" })).status).toBe(404);
    expect(await edition(postEdition!.id)).toMatchObject({ status: "sending" });
    await app.db().update(s.newsletterEditions).set({ status: "cancelled" }).where(eq(s.newsletterEditions.id, postEdition!.id));
    const subscribers = await fetch(`${app.url}/admin/leads/newsletter`, { headers: { cookie } }).then((r) => r.text());
    expect(subscribers).toContain('href="/admin/leads/newsletter/edicoes"');
  });
});
