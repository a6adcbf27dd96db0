/**
 * The site search in Chromium (docs/decisions/0070): from the blog's hero to /busca and on to a
 * result, with JavaScript on (a plain GET form that says it is busy) and off; the empty states;
 * the admin's filter.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeScan, signedIn, watchBusyForm } from "./helpers";

const RPA = "RPA e LLMs: a nova geração da automação de processos";

async function searchFromBlogHero(page: Page, q: string) {
  const form = page.getByRole("search");
  await form.getByLabel("Buscar no site").fill(q);
  await form.getByRole("button", { name: "Buscar" }).click();
}

async function expectResultsFor(page: Page, q: string) {
  await expect(page).toHaveURL(new RegExp(`/busca\\?q=${encodeURIComponent(q)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Resultados para “${q}”`);
  const results = page.getByRole("main").getByRole("listitem");
  await expect(results.first()).toBeVisible();
  await expect(results.getByRole("link", { name: RPA })).toBeVisible();
  await expect(page.getByRole("main").locator("mark", { hasText: "automação" }).first()).toBeVisible();
  await expect(page.getByLabel("Buscar no site")).toHaveValue(q);
}

async function noScriptPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR", baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test("searching from the blog's hero, with JavaScript: results, then a result", async ({ page }) => {
  await page.goto("/blog");
  await searchFromBlogHero(page, "automacao");
  await expectResultsFor(page, "automacao");
  await page.getByRole("link", { name: RPA }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(RPA);
});

test("the search form says it is searching while the results page loads, blocks a second submit, and is itself again after Back", async ({
  page,
}) => {
  // A plain GET form (public pages are documents; docs/decisions/0058): the early script marks it
  // busy (app/shell/early/busy-forms.ts) while the browser loads /busca.
  await page.goto("/blog");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const results = (url: URL) => url.pathname === "/busca";
  let requests = 0;
  await page.route(results, async (route) => {
    requests++;
    await held;
    await route.continue();
  });
  const form = page.getByRole("search");
  await form.getByLabel("Buscar no site").fill("automacao");
  const { report } = await watchBusyForm(page, "form[role=search]");
  await form.getByRole("button", { name: "Buscar" }).click({ noWaitAfter: true });
  expect(await report).toEqual({
    during: { busy: "true", label: "Buscando…", disabled: "true" },
    secondBlocked: true,
    // Shown again from the back/forward cache: the form is itself again.
    restored: { busy: null, label: "Buscar", disabled: null },
  });
  await expect.poll(() => requests).toBe(1);
  release();
  await expectResultsFor(page, "automacao");
  expect(requests).toBe(1); // the blocked submit never left
  await page.unroute(results);
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);

  // A second search from the results page, with accents and another inflection: the same post.
  await page.getByLabel("Buscar no site").fill("automações");
  await page.getByLabel("Buscar no site").press("Enter");
  await expectResultsFor(page, "automações");
  await page.goBack();
  await expectResultsFor(page, "automacao");
  await expect(page.getByRole("search").getByRole("button")).toHaveText("Buscar");
});

test("searching from the blog's hero without JavaScript, and the way on when nothing is found", async ({ browser }) => {
  const page = await noScriptPage(browser);
  await page.goto("/blog");
  await searchFromBlogHero(page, "automacao");
  await expectResultsFor(page, "automacao");

  await page.getByLabel("Buscar no site").fill("xyzzy");
  await page.getByLabel("Buscar no site").press("Enter");
  await expect(page.getByRole("heading", { name: "Nenhum resultado encontrado" })).toBeVisible();
  const topics = page.getByRole("navigation", { name: "Temas do blog" });
  await topics.getByRole("link", { name: "Dados e Analytics" }).click();
  await expect(page).toHaveURL(/\/blog\?categoria=dados-e-analytics$/);

  // A query too long for a search: the reason beside the field.
  await page.goto(`/busca?q=${"a".repeat(101)}`);
  await expect(page.getByRole("alert")).toHaveText("A busca pode ter no máximo 100 caracteres.");
  await page.context().close();
});

test("the search page's states have no axe violations", async ({ page }) => {
  for (const url of ["/busca?q=automacao", "/busca", "/busca?q=xyzzy"]) {
    await page.goto(url);
    const { violations } = await axeScan(page);
    expect(violations.map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});

test("the admin's post search filters the list, with and without JavaScript", async ({ page, browser }) => {
  await signedIn(page);
  const rows = page.locator("tr[data-row^=post-]");
  await expect(rows.first()).toBeVisible();
  const all = await rows.count();
  await page.getByLabel("Buscar posts").fill("capacitacao");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\?q=capacitacao(&categoria=)?$/); // the category filter, left on "all"
  await expect(page.getByRole("status").filter({ hasText: "para “capacitacao”" })).toHaveText(/^\d+ posts? encontrados? para/);
  await expect(rows).not.toHaveCount(all);
  await expect(rows.filter({ hasText: "Capacitação em IA" })).toHaveCount(1); // the seeded draft
  await page.getByRole("link", { name: "Limpar busca" }).click();
  await expect(rows).toHaveCount(all);

  // The same session without JavaScript: the form is sent by the browser, the server filters.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await context.newPage();
  await plain.goto(`${test.info().project.use.baseURL}/admin`);
  await plain.getByLabel("Buscar posts").fill("nova-geracao");
  await plain.getByLabel("Buscar posts").press("Enter");
  await expect(plain).toHaveURL(/\/admin\?q=nova-geracao(&categoria=)?$/);
  const found = plain.locator("tr[data-row^=post-]");
  await expect(found.filter({ hasText: "RPA e LLMs" })).toHaveCount(1);
  expect(await found.count()).toBeLessThan(all);
  await context.close();
});
