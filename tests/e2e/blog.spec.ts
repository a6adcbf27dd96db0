import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { axeScan, expectToast, signedIn } from "./helpers";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function expectNoAxeViolations(page: Page) {
  const results = await axeScan(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("public blog", () => {
  test("list → filter → post → back, each a page of its own", async ({ page }) => {
    // Public pages are documents (docs/decisions/0058): the chips and cards are plain links, and
    // every list has its own address and page load (they also work without JavaScript: no-js.spec.ts).
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog Agile" })).toBeVisible();
    const chips = page.getByRole("navigation", { name: "Categorias do blog" });
    await expect(chips.getByRole("link", { name: "Todos" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("article").first()).toContainText("Publicado em");

    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(new URL(r.url()).search));
    await chips.getByRole("link", { name: "Dados e Analytics" }).click();
    await expect(page).toHaveURL(/\/blog\?categoria=dados-e-analytics$/);
    expect(documents).toEqual(["?categoria=dados-e-analytics"]);
    await expect(page).toHaveTitle("Blog Agile: Dados e Analytics | Agile IA");
    await expect(chips.getByRole("link", { name: "Dados e Analytics" })).toHaveAttribute("aria-current", "page");
    const cards = page.locator("article");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText("Dados e Analytics");

    const title = (await cards.first().getByRole("heading").textContent())!.trim();
    await cards
      .first()
      .getByRole("link", { name: /Ler mais/ })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator(".prose-content")).not.toBeEmpty();
    await expect(page.getByText(/min de leitura/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Dados e Analytics" }).first()).toHaveAttribute(
      "href",
      "/blog?categoria=dados-e-analytics",
    );
    await page.getByRole("link", { name: "Voltar para o blog" }).first().click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("at 1440 px no card is left alone on a row of the 3-column grid", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/blog");
    const rows = await page.locator("main article").evaluateAll((cards) => {
      const grid = cards[0]!.parentElement!.getBoundingClientRect();
      const byTop = new Map<number, number[]>();
      for (const card of cards) {
        const box = card.getBoundingClientRect();
        byTop.set(Math.round(box.top), [...(byTop.get(Math.round(box.top)) ?? []), Math.round((box.width / grid.width) * 100)]);
      }
      return [...byTop.values()];
    });
    expect(rows.flat().length).toBeGreaterThanOrEqual(3);
    // A row of one card is only the wide first one, across the whole grid.
    for (const row of rows) if (row.length === 1) expect(row[0]).toBe(100);
  });

  test("an unknown post is a 404 with the spec's texts and a way back", async ({ page }) => {
    const response = await page.goto("/blog/este-post-nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Post não encontrado" })).toBeVisible();
    await expect(page.getByText("O post que você está procurando não existe ou foi removido.")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Voltar para o blog" }).last().click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("axe finds no violations on /blog and on a post", async ({ page }) => {
    await page.goto("/blog");
    await expectNoAxeViolations(page);
    await page.goto("/blog/rpa-e-llms-a-nova-geracao-da-automacao-de-processos");
    await expectNoAxeViolations(page);
  });
});

test.describe("blog administration", () => {
  // Several round trips and an image upload per test on a shared 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test("categories: validation, create (auto slug), edit (slug regenerated on demand), delete — with toasts", async ({ page }) => {
    await signedIn(page);
    await page.getByRole("tab", { name: "Categorias" }).click();
    await page.getByRole("button", { name: "Nova Categoria" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Criar categoria" }).click();
    await expect(dialog.getByText("O nome deve ter pelo menos 2 caracteres")).toBeVisible();

    const id = unique();
    const name = `Visão Computacional ${id}`;
    await dialog.getByRole("textbox", { name: /^Nome/ }).fill(name);
    const slug = dialog.getByRole("textbox", { name: /^Slug/ });
    await expect(slug).toBeDisabled();
    await expect(slug).toHaveValue(`visao-computacional-${id}`);
    await dialog.getByRole("button", { name: "Criar categoria" }).click();
    await expectToast(page, "Categoria criada");
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("-"); // empty description

    await row.getByRole("button", { name: /Editar/ }).click();
    await expect(slug).toBeEnabled(); // automatic slug is off when editing
    await dialog.getByRole("textbox", { name: /^Nome/ }).fill(`Visão ${id}`);
    await expect(slug).toHaveValue(`visao-computacional-${id}`);
    await dialog.getByRole("switch", { name: "Gerar automaticamente" }).click();
    await expect(slug).toHaveValue(`visao-${id}`);
    await dialog.getByRole("textbox", { name: "Descrição" }).fill("Imagens e vídeo");
    await dialog.getByRole("button", { name: "Salvar alterações" }).click();
    await expectToast(page, "Categoria atualizada");
    const edited = page.getByRole("row", { name: new RegExp(`Visão ${id}`) });
    await expect(edited).toContainText("Imagens e vídeo");

    await edited.getByRole("button", { name: /Excluir/ }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: "Excluir Categoria" })).toBeVisible();
    await expect(confirm).toContainText("a exclusão pode falhar se houver posts usando esta categoria");
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expectToast(page, "Categoria excluída");
    await expect(edited).toHaveCount(0);
  });

  test("posts: create with editor and cover upload, publish → on /blog, RSS and sitemap, unpublish, edit, delete", async ({
    page,
    context,
  }) => {
    await signedIn(page);
    await page.getByRole("button", { name: "Novo Post" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Criar post" }).click();
    await expect(dialog.getByText("O título deve ter pelo menos 3 caracteres")).toBeVisible();
    await expect(dialog.getByText("O conteúdo deve ter pelo menos 50 caracteres")).toBeVisible();

    const id = unique();
    const title = `Agentes autônomos na prática ${id}`;
    await dialog.getByRole("textbox", { name: /^Título/ }).fill(title);
    await expect(dialog.getByRole("textbox", { name: /^Slug/ })).toHaveValue(`agentes-autonomos-na-pratica-${id}`);
    await dialog.getByRole("combobox", { name: "Categoria" }).click();
    await page.getByRole("option", { name: "Agentes de IA" }).click();
    await dialog.getByRole("textbox", { name: /^Resumo/ }).fill("Como um agente autônomo resolve tarefas de ponta a ponta.");

    const png = await sharp({ create: { width: 1400, height: 735, channels: 3, background: "#0f2557" } })
      .png()
      .toBuffer();
    await dialog.getByTestId("cover-file").setInputFiles({ name: "capa.png", mimeType: "image/png", buffer: png });
    await expect(dialog.getByRole("textbox", { name: /Imagem de capa/ })).toHaveValue(/^\/media\/[a-f0-9]{20}\.webp$/);

    const editor = dialog.getByRole("textbox", { name: /^Conteúdo/ });
    await editor.click();
    // A click on a tool leaves the focus in the text, so a key typed right after it is never lost.
    const h2 = dialog.getByRole("button", { name: "Seção (H2)" });
    await h2.evaluate((button) => button.addEventListener("focus", () => button.setAttribute("data-took-focus", ""), { once: true }));
    await h2.click();
    await expect(h2).not.toHaveAttribute("data-took-focus");
    await page.keyboard.type("Por que agentes");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Um agente entende a intenção do cliente e executa a tarefa inteira. ");
    await page.keyboard.press("ControlOrMeta+b");
    await page.keyboard.type("Sem filas.");
    await expect(dialog.getByRole("button", { name: "Negrito" })).toHaveAttribute("aria-pressed", "true");
    await dialog.getByRole("button", { name: "Criar post" }).click();
    await expectToast(page, "Post criado");

    const row = page.getByRole("row", { name: new RegExp(title) });
    const open = row.getByRole("link", { name: `Abrir “${title}” em nova aba` });
    await expect(open).toHaveAttribute("href", `/blog/agentes-autonomos-na-pratica-${id}`);
    await expect(open).toHaveAttribute("target", "_blank");
    const toggle = row.getByRole("switch");
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled();

    // A visitor's view (another page of the context, so no cached /blog).
    const visitor = await context.newPage();
    await visitor.goto("/blog");
    await expect(visitor.getByRole("link", { name: "Área Administrativa" })).toHaveAttribute("href", "/admin");
    await expect(visitor.locator("article").first()).toContainText(title);
    await visitor
      .locator("article")
      .first()
      .getByRole("link", { name: /Ler mais/ })
      .click();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(visitor.locator(".prose-content h2")).toHaveText("Por que agentes");
    await expect(visitor.locator(".prose-content strong")).toHaveText("Sem filas.");
    const slug = `agentes-autonomos-na-pratica-${id}`;
    expect(await (await visitor.request.get("/blog/rss.xml")).text()).toContain(`<title>${title}</title>`);
    expect(await (await visitor.request.get("/sitemap.xml")).text()).toContain("/sitemap/posts-1.xml</loc>");
    expect(await (await visitor.request.get("/sitemap/posts-1.xml")).text()).toContain(`/blog/${slug}</loc>`);

    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    expect((await visitor.request.get(`/api/blog/posts/slug/${slug}`)).status()).toBe(404);

    await row.getByRole("button", { name: /Editar/ }).click();
    await expect(dialog.getByRole("textbox", { name: /^Título/ })).toHaveValue(title);
    await expect(dialog.getByRole("textbox", { name: /^Slug/ })).toBeEnabled();
    await dialog.getByRole("textbox", { name: /^Título/ }).fill(`${title} (revisado)`);
    await dialog.getByRole("button", { name: "Salvar alterações" }).click();
    await expectToast(page, "Post atualizado");
    const revised = page.getByRole("row", { name: new RegExp(`${title} \\(revisado\\)`) });
    await expect(revised.getByRole("cell").nth(1)).toHaveText(slug); // the slug did not follow the title

    await revised.getByRole("button", { name: /Excluir/ }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: "Excluir Post" })).toBeVisible();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expectToast(page, "Post excluído");
    await expect(revised).toHaveCount(0);
  });

  test("errors: a taken slug, a failing publish switch and a failing delete show the spec's toasts", async ({ page }) => {
    await signedIn(page);
    await page.getByRole("button", { name: "Novo Post" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: /^Título/ }).fill("RPA e LLMs: a nova geração da automação de processos");
    await dialog.getByRole("textbox", { name: /^Resumo/ }).fill("Um resumo qualquer com tamanho suficiente.");
    await dialog.getByRole("textbox", { name: /^Conteúdo/ }).click();
    await page.keyboard.type("Um conteúdo com mais de cinquenta caracteres para passar na validação.");
    await dialog.getByRole("button", { name: "Criar post" }).click();
    // While the form stays open the modal hides the rest of the page from the accessibility tree,
    // so the toast is found by its text; the field message inside the dialog is the accessible one.
    await expect(
      page.locator("li[data-state=open]", { hasText: "Ocorreu um erro ao salvar o post. Verifique os dados e tente novamente." }),
    ).toBeVisible();
    await expect(dialog.getByText("Já existe um post com este slug.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    // A post deleted behind the page's back (another tab, another admin): the list still shows it,
    // and every write to it is refused by the server.
    const title = `Post removido em outra aba ${unique()}`;
    const created = await page.request.post("/api/blog/posts", {
      data: {
        title,
        slug: `post-removido-${unique()}`,
        summary: "Um resumo com tamanho suficiente.",
        content: "<p>Um conteúdo com mais de cinquenta caracteres para passar na validação.</p>",
        published: true,
      },
    });
    const { id } = (await created.json()).data as { id: number };
    await page.reload();
    const row = page.getByRole("row").filter({ hasText: title });
    const toggle = row.getByRole("switch");
    await expect(toggle).toBeChecked();
    const removed = await page.request.delete(`/api/blog/posts/${id}`, { headers: { "content-type": "application/json" } });
    expect(removed.status()).toBe(200);

    await toggle.click();
    await expectToast(page, "Erro ao atualizar post", "Não foi possível alterar o status de publicação.");
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled();

    await row.getByRole("button", { name: /Excluir/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await expectToast(page, "Erro ao excluir post");
    await expect(row).toHaveCount(1);
  });

  test("axe finds no violations on /admin and its post form", async ({ page }) => {
    await signedIn(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Novo Post" }).click();
    await page
      .getByRole("dialog")
      .getByRole("textbox", { name: /^Conteúdo/ })
      .waitFor();
    await expectNoAxeViolations(page);
  });
});

test("the admin acts at once after signing in: edit and save → 'Post atualizado'; the publish switch → 'Post atualizado' and the post on the public blog", async ({
  page,
  context,
}) => {
  // Signed in through the real form; nothing below waits for the admin's scripts (SPEC §4, §8).
  await page.goto("/login");
  await page.getByLabel("Nome de usuário").fill("admin");
  await page.getByLabel("Senha").fill("admin123");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const title = `Post salvo de primeira ${unique()}`;
  const slug = `post-salvo-de-primeira-${unique()}`;
  const created = await page.request.post("/api/blog/posts", {
    data: {
      title,
      slug,
      summary: "Um resumo com tamanho suficiente.",
      content: "<p>Um conteúdo com mais de cinquenta caracteres para passar na validação.</p>",
      published: false,
    },
  });
  expect(created.status()).toBe(201);

  // The list as a freshly loaded page: the first click is the edit.
  await page.goto("/admin"); // the newest post first
  const row = page.getByRole("row").filter({ hasText: title });
  await row.getByRole("button", { name: /Editar/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /^Título/ }).fill(`${title} (revisado)`);
  await dialog.getByRole("button", { name: "Salvar alterações" }).click();
  await expectToast(page, "Post atualizado");

  // Again a fresh page, and the first click is the switch: saved at once and confirmed.
  await page.goto("/admin"); // the newest post first
  const toggle = page.getByRole("row").filter({ hasText: title }).getByRole("switch");
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expectToast(page, "Post atualizado");
  await expect(toggle).toBeChecked();
  const visitor = await context.newPage();
  await visitor.goto(`/blog/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`${title} (revisado)`);
});
