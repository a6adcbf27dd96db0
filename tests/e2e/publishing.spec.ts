/**
 * Publishing in Chromium (docs/decisions/0060–0062, 0109): the post form's schedule picker and SEO
 * panel, the preview link made (shown once), copied, opened by someone without a session and revoked, a live post's
 * changes saved as a draft and published later, a revision restored, the post's publishing page
 * without JavaScript, the lists at 360 px without sideways scrolling, and axe on the new screens.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeScan, expectToast, gotoHydrated, signedIn } from "./helpers";

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function expectNoAxeViolations(page: Page) {
  const results = await axeScan(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Tomorrow at 09:30 in Brasília, as a datetime-local value and as the list shows it. */
function tomorrowAtHalfPastNine(): { local: string; shown: string } {
  const brasilia = new Date(Date.now() - 3 * 3_600_000 + 86_400_000);
  const day = brasilia.toISOString().slice(0, 10);
  const [y, m, d] = day.split("-");
  return { local: `${day}T09:30`, shown: `${d}/${m}/${y}, 09:30` };
}

/** A post made through the API of the logged-in page (the form itself is tested once, below). */
async function apiPost(page: Page, body: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  return page.evaluate(async (input) => {
    const res = await fetch("/api/blog/posts", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    });
    return ((await res.json()) as { data: { id: number; slug: string } }).data;
  }, body);
}

/** A new preview link through the API: the answer is the only place its address is given (docs/decisions/0109). */
async function apiPreviewLink(page: Page, id: number): Promise<string> {
  return page.evaluate(async (postId) => {
    const res = await fetch(`/api/blog/posts/${postId}/preview-link`, { method: "POST", headers: { "content-type": "application/json" } });
    return ((await res.json()) as { data: { previewUrl: string } }).data.previewUrl;
  }, id);
}

function newPost(title: string, extra: Record<string, unknown> = {}) {
  return {
    title,
    slug: `${title
      .toLowerCase()
      .normalize("NFD")
      .replace(/[^a-z0-9]+/g, "-")}-${unique()}`,
    summary: "Um resumo com tamanho suficiente para o post.",
    content: "<p>Um conteúdo com mais de cinquenta caracteres para passar na validação.</p>",
    ...extra,
  };
}

test.describe("publishing", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the post form schedules a post in Brasília time and fills its SEO with counts and a search-result preview", async ({ page }) => {
    await signedIn(page);
    await page.getByRole("button", { name: "Novo Post" }).click();
    const dialog = page.getByRole("dialog");
    const id = unique();
    const title = `Agendamento pelo formulário ${id}`;
    await dialog.getByRole("textbox", { name: /^Título/ }).fill(title);
    await dialog.getByRole("textbox", { name: /^Resumo/ }).fill("Um resumo que vira a descrição padrão do post.");
    await dialog.getByRole("textbox", { name: /^Conteúdo/ }).click();
    await page.keyboard.type("Um conteúdo com mais de cinquenta caracteres para passar na validação.");

    // A time in the past is refused before anything is sent.
    const when = dialog.getByLabel("Data e hora (horário de Brasília)");
    await when.fill("2020-01-01T09:00");
    await dialog.getByRole("button", { name: "Criar post" }).click();
    await expect(dialog.getByText("Escolha uma data e hora no futuro.")).toBeVisible();
    const { local, shown } = tomorrowAtHalfPastNine();
    await when.fill(local);

    await dialog.getByText("SEO e compartilhamento").click();
    await expectNoAxeViolations(page); // the form with its schedule and SEO panel open
    const snippet = dialog.getByTestId("serp-preview");
    await expect(snippet).toContainText(`${title} | Agile IA`);
    await expect(snippet).toContainText("Um resumo que vira a descrição padrão do post.");
    const metaTitle = dialog.getByRole("textbox", { name: "Título para buscadores" });
    await metaTitle.fill("Um título curto");
    await expect(snippet).toContainText("Um título curto | Agile IA");
    await expect(dialog.getByText("26 de ~60 caracteres")).toBeVisible();
    await expect(dialog.getByText("Bom tamanho.").first()).toBeVisible();
    await metaTitle.fill("Um título longo demais para caber inteiro na linha de resultado do Google");
    await expect(dialog.getByText("Longo demais: o Google deve cortar o texto.")).toBeVisible();
    await expect(snippet).toContainText("…");
    await dialog.getByRole("textbox", { name: "Descrição para buscadores" }).fill("Curta.");
    await expect(dialog.getByText("Curto: use a descrição para convencer quem busca.")).toBeVisible();
    await dialog.getByRole("checkbox", { name: "Não indexar este post (noindex)" }).check();

    await dialog.getByRole("button", { name: "Criar post" }).click();
    await expectToast(page, "Post criado");
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row.getByTestId("post-status")).toHaveText(`Agendado para ${shown}`);
    await expect(row.getByRole("switch")).not.toBeChecked();

    // Opened again: the schedule and the SEO fields come back as saved.
    await row.getByRole("button", { name: /Editar/ }).click();
    await expect(dialog.getByLabel("Data e hora (horário de Brasília)")).toHaveValue(local);
    await dialog.getByText("SEO e compartilhamento").click();
    await expect(dialog.getByRole("textbox", { name: "Descrição para buscadores" })).toHaveValue("Curta.");
    await expect(dialog.getByRole("checkbox", { name: "Não indexar este post (noindex)" })).toBeChecked();
    // Cancelling the schedule leaves a draft.
    await dialog.getByRole("button", { name: "Cancelar agendamento" }).click();
    await dialog.getByRole("button", { name: "Salvar alterações" }).click();
    await expectToast(page, "Post atualizado");
    await expect(row.getByTestId("post-status")).toHaveText("Rascunho");
  });

  test("the preview link: made and shown once, copied, opened without a session under the 'Pré-visualização' banner, revoked → 404", async ({
    page,
    browser,
  }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signedIn(page);
    await apiPost(page, newPost("Rascunho para o cliente"));
    await page.goto("/admin");
    await page
      .getByRole("row", { name: /Rascunho para o cliente/ })
      .first()
      .getByRole("link", { name: /Publicação e histórico/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Rascunho para o cliente" })).toBeVisible();
    await expect(page.getByText("Nenhum link ativo. Gere um para compartilhar o rascunho.")).toBeVisible();
    await page.locator("html[data-hydrated]").waitFor(); // the clipboard needs the page's scripts
    await page.getByRole("button", { name: "Gerar novo link" }).click();
    await expect(page.getByTestId("publishing-message")).toHaveText("Novo link de pré-visualização criado.");
    const link = page.getByRole("textbox", { name: "Link de pré-visualização" });
    await expect(link).toHaveValue(/\/previa\/[A-Za-z0-9_-]{32}$/);
    await expect(link).toHaveAccessibleDescription(
      "Copie o link agora: por segurança, ele só aparece desta vez. Se perdê-lo, gere um novo.",
    );
    await expect(page.getByText(/^Válido até \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    const previewUrl = await link.inputValue();
    await page.getByRole("button", { name: "Copiar link" }).click();
    await expectToast(page, "Link copiado");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(previewUrl);
    await expectNoAxeViolations(page);

    // Someone without a session (a client, a colleague).
    const visitor = await browser.newContext();
    const guest = await visitor.newPage();
    const response = await guest.goto(previewUrl);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(guest.getByRole("heading", { name: "Pré-visualização" })).toBeVisible();
    await expect(guest.getByText("Este post é um rascunho e não está visível para os visitantes.")).toBeVisible();
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Rascunho para o cliente");
    await expect(guest.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectNoAxeViolations(guest);

    await page.getByRole("button", { name: "Revogar link" }).click();
    await expect(page.getByTestId("publishing-message")).toHaveText("Link revogado. Quem o tinha não vê mais o post.");
    expect((await guest.goto(previewUrl))?.status()).toBe(404);
    await expect(guest.getByRole("heading", { name: "Post não encontrado" })).toBeVisible();
    await page.getByRole("button", { name: "Gerar novo link" }).click();
    await expect(page.getByRole("textbox", { name: "Link de pré-visualização" })).toHaveValue(/\/previa\//);
    await expect(page.getByRole("textbox", { name: "Link de pré-visualização" })).not.toHaveValue(previewUrl);
    // Once the page is opened again, the address is not shown: only until when it works.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Link de pré-visualização" })).toHaveCount(0);
    await expect(page.getByTestId("preview-link-status")).toContainText("Há um link ativo.");
    await visitor.close();
  });

  test("a live post's changes saved as a draft stay out of it, are previewable, and go live from the post's page", async ({ page }) => {
    await signedIn(page);
    const post = await apiPost(page, newPost("Post no ar", { published: true }));
    const previewUrl = await apiPreviewLink(page, post.id);
    await page.goto("/admin");
    const row = page.getByRole("row", { name: /Post no ar/ }).first();
    await row.getByRole("button", { name: /Editar/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: /^Título/ }).fill("Post no ar, revisado");
    await dialog.getByRole("button", { name: "Salvar como rascunho" }).click();
    await expectToast(page, "Rascunho salvo");
    const pendingRow = page.locator(`[data-row="post-${post.id}"]`);
    await expect(pendingRow).toContainText("Alterações não publicadas");
    await expect(pendingRow).toContainText("Post no ar");

    const visitor = await page.context().browser()!.newContext();
    const guest = await visitor.newPage();
    await guest.goto(`/blog/${post.slug}`);
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Post no ar");
    await guest.goto(previewUrl);
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Post no ar, revisado");
    await expect(guest.getByText("Estas são alterações ainda não publicadas.")).toBeVisible();

    // Opened again, the form shows the draft and says so.
    await pendingRow.getByRole("button", { name: /Editar/ }).click();
    await expect(dialog.getByRole("textbox", { name: /^Título/ })).toHaveValue("Post no ar, revisado");
    await expect(dialog.getByText(/Você está editando alterações não publicadas/)).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();

    await page.goto(`/admin/posts/${post.id}`);
    await page.getByRole("button", { name: "Publicar alterações" }).click();
    await expect(page.getByTestId("publishing-message")).toHaveText("Alterações publicadas.");
    await visitor.close();
    // Another visitor: this one still has the old page open.
    const next = await page.context().browser()!.newContext();
    const reader = await next.newPage();
    await reader.goto(`/blog/${post.slug}`);
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText("Post no ar, revisado");
    await next.close();

    // The history: restore the first text (a new revision), beside the current one first.
    await page
      .getByRole("link", { name: /Revisão nº \d+ .*Comparar/ })
      .last()
      .click();
    await expect(page.getByText("Alterado").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Restaurar esta revisão" }).click();
    await expect(page.getByTestId("publishing-message")).toHaveText("Revisão restaurada. Uma nova revisão foi guardada.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post no ar");
    await expect(page.locator("[data-revision]").first()).toContainText("Restauração");
    await expectNoAxeViolations(page);
  });
});

test.describe("the post's page on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 90_000 });

  test("a scheduled post's page says its date once, opens the list's post form with 'Editar', goes live with 'Publicar agora', and numbers its own revisions from 1", async ({
    page,
  }) => {
    await signedIn(page);
    const { local, shown } = tomorrowAtHalfPastNine();
    const title = `Agendado e editado pela página ${unique()}`;
    const post = await apiPost(page, newPost(title, { publishAt: `${local}:00-03:00` }));
    await page.goto(`/admin/posts/${post.id}`);
    const main = page.locator("#admin-main");
    await expect(page.getByTestId("post-status")).toHaveText(`Agendado para ${shown}`);
    expect((await main.innerText()).split(shown).length - 1, "the scheduled date, said once").toBe(1);
    await expect(main).not.toContainText(/desmarque/i);
    // Its first revision is its nº 1, whatever other posts saved before.
    await expect(page.locator("[data-revision]")).toHaveCount(1);
    await expect(page.locator("[data-revision]").first()).toContainText("nº 1 · ");

    // 'Editar' opens the post form the list uses, on this post; the page shows the save.
    await page.getByRole("button", { name: "Editar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Editar post" });
    const titleField = dialog.getByRole("textbox", { name: /^Título/ });
    await expect(titleField).toHaveValue(title);
    await titleField.fill(`${title}, revisado`);
    await dialog.getByRole("button", { name: "Salvar alterações" }).click();
    await expectToast(page, "Post atualizado");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title}, revisado`);
    await expect(page.locator("[data-revision]")).toHaveCount(2);
    await expect(page.locator("[data-revision]").first()).toContainText("nº 2 · ");

    // 'Publicar agora': live at once, the schedule gone; the page then names only its own controls.
    await page.getByRole("button", { name: "Publicar agora" }).click();
    await expect(page.getByTestId("publishing-message")).toHaveText("Post publicado. Ele já aparece no blog.");
    await expect(page.getByTestId("post-status")).toHaveText("Publicado");
    await expect(page.getByRole("button", { name: "Publicar agora" })).toHaveCount(0);
    await expect(main).toContainText("Para tirá-lo do ar, clique em “Editar” e desligue “Publicado”.");
    await expect(main).not.toContainText(shown);
    await expectNoAxeViolations(page);
    const visitor = await page.context().browser()!.newContext();
    const reader = await visitor.newPage();
    await reader.goto(`/blog/${post.slug}`);
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText(`${title}, revisado`);
    await visitor.close();
  });
});

test.describe("publishing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the post's page schedules and cancels with native forms; a new link is there to select", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Nome de usuário").fill("admin");
    await page.getByLabel("Senha").fill("admin123");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const created = await page.request.post("/api/blog/posts", { data: newPost("Agendado sem JavaScript") });
    const post = ((await created.json()) as { data: { id: number } }).data;

    await page.goto(`/admin/posts/${post.id}`);
    const { local, shown } = tomorrowAtHalfPastNine();
    await page.getByLabel("Data e hora (horário de Brasília)").fill(local);
    await page.getByRole("button", { name: "Agendar", exact: true }).click();
    await expect(page.getByTestId("publishing-message")).toHaveText("Publicação agendada. O post entra no ar sozinho no horário marcado.");
    await expect(page.getByTestId("post-status")).toHaveText(`Agendado para ${shown}`);
    await page.getByRole("button", { name: "Cancelar agendamento" }).click();
    await expect(page.getByTestId("publishing-message")).toHaveText("Agendamento cancelado. O post continua como rascunho.");
    await page.getByRole("button", { name: "Gerar novo link" }).click();
    await expect(page.getByTestId("publishing-message")).toHaveText("Novo link de pré-visualização criado.");
    await expect(page.getByRole("textbox", { name: "Link de pré-visualização" })).toHaveValue(/\/previa\/[A-Za-z0-9_-]{32}$/);
    await expect(page.getByRole("button", { name: "Copiar link" })).toHaveCount(0); // needs scripts: not painted
    await page.getByRole("button", { name: "Revogar link" }).click();
    await expect(page.getByTestId("publishing-message")).toHaveText("Link revogado. Quem o tinha não vê mais o post.");
  });
});

test.describe("the admin blog at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("no list or publishing screen scrolls sideways", async ({ page }) => {
    await signedIn(page);
    const post = await apiPost(page, newPost("Um título bem comprido para ver como a lista se comporta num telefone estreito"));
    const fits = async () =>
      page.evaluate(() => {
        // The page itself, and anything in the content that scrolls sideways on its own (a table's
        // container). The admin's menu above it is a row that scrolls by design.
        const scrollers = [...document.querySelectorAll<HTMLElement>("#admin-main *")].filter((el) =>
          ["auto", "scroll"].includes(getComputedStyle(el).overflowX),
        );
        const wide = [document.scrollingElement!, ...scrollers].filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1);
        return wide.map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
      });
    for (const url of ["/admin", "/admin?aba=categorias", `/admin/posts/${post.id}`]) {
      await gotoHydrated(page, url); // the tabs and the table are drawn by the router's page
      expect(await fits(), url).toEqual([]);
    }
    await page.locator("[data-revision] a").first().click();
    await expect(page.getByRole("button", { name: "Restaurar esta revisão" })).toBeVisible();
    expect(await fits(), "revisão").toEqual([]);
  });
});
