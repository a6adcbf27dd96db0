/**
 * The admin's one form dialect and its error boundary (docs/decisions/0064): each write is a form
 * posted to its page's action and read with one schema, whose refusals come back by field; a page
 * whose loader fails shows the error in Portuguese inside the admin's layout, which stays.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession, startTestApp, type TestApp } from "../helpers/app";

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await adminSession(app);
});
afterAll(() => app?.close());

/** The admin's header and navigation, as every admin page has them. */
function expectAdminLayout(html: string) {
  expect(html).toContain('aria-label="Administração"');
  expect(html).toContain(">Sair<");
}

describe("a failing admin page keeps the admin's layout", () => {
  it("a record that does not exist: 404, the page's own words, the navigation still there", async () => {
    const res = await fetch(`${app.url}/admin/leads/funil/contatos/999999`, { headers: { cookie } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expectAdminLayout(html);
    expect(html).toContain("Não encontrado");
    expect(html).toContain("Lead não encontrado");
    expect(html).toContain("Voltar ao painel");
  });

  it("a loader that throws: 500, a Portuguese apology and a way to try again, never the error itself", async () => {
    await app.db().execute(sql`alter table audit_log rename to audit_log_fora`);
    try {
      const res = await fetch(`${app.url}/admin/auditoria`, { headers: { cookie } });
      expect(res.status).toBe(500);
      const html = await res.text();
      expectAdminLayout(html);
      expect(html).toContain("Algo deu errado");
      expect(html).toContain("Tivemos um problema inesperado ao carregar esta página.");
      expect(html).toMatch(/<a href="\/admin\/auditoria"[^>]*>Tentar novamente</);
      expect(html).not.toContain("audit_log");
    } finally {
      await app.db().execute(sql`alter table audit_log_fora rename to audit_log`);
    }
    expect((await fetch(`${app.url}/admin/auditoria`, { headers: { cookie } })).status).toBe(200);
  });

  it("a client-side navigation's data request fails the same way (the browser renders the boundary)", async () => {
    const res = await fetch(`${app.url}/admin/leads/funil/contatos/999999.data`, { headers: { cookie } });
    expect(await res.text()).toContain("Lead não encontrado");
  });
});

describe("the admin blog's writes are forms read by one schema", () => {
  /** A form posted as the page's fetcher posts it (the router's data request for /admin's index). */
  async function post(fields: Record<string, string>) {
    const res = await fetch(`${app.url}/admin.data?index`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    return { status: res.status, text: await res.text() };
  }
  const categories = async (name: string) => (await app.db().select().from(app.schema.blogCategories)).filter((c) => c.name === name);

  it("creates a category from its fields", async () => {
    const created = await post({ intent: "criar-categoria", name: "Visão Computacional", slug: "Visão Computacional", description: "" });
    expect(created.status).toBe(200);
    expect(await categories("Visão Computacional")).toMatchObject([{ slug: "visao-computacional", description: null }]);
  });

  it("refuses bad fields by name, with the spec's messages, and stores nothing", async () => {
    const refused = await post({ intent: "criar-categoria", name: "X", slug: "", description: "" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("O nome deve ter pelo menos 2 caracteres");
    expect(refused.text).toContain("O slug deve ter pelo menos 2 caracteres");
    expect(await categories("X")).toEqual([]);
  });

  it("refuses an unknown action, and a post whose schedule is in the past", async () => {
    const unknown = await post({ intent: "apagar-tudo" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Ação desconhecida.");
    const past = await post({
      intent: "criar-post",
      title: "Agendado no passado",
      slug: "agendado-no-passado",
      summary: "Um resumo com tamanho suficiente.",
      content: "<p>Um conteúdo com mais de cinquenta caracteres para passar na validação.</p>",
      publishAt: "2020-01-01T09:00",
    });
    expect(past.status).toBe(400);
    expect(past.text).toContain("Escolha uma data e hora no futuro.");
  });

  it("a refusal of the editing rules is the form's answer too (a category in use: 409 with the reason)", async () => {
    const [inUse] = await app
      .db()
      .select({ id: app.schema.blogPosts.categoryId })
      .from(app.schema.blogPosts)
      .where(sql`${app.schema.blogPosts.categoryId} is not null`)
      .limit(1);
    const refused = await post({ intent: "excluir-categoria", id: String(inUse!.id) });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("Esta categoria está em uso por");
  });
});
