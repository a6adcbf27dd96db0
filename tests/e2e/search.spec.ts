/**
 * The site search in Chromium (docs/decisions/0070): from the blog's hero to /busca and on to a
 * result, with JavaScript on (the blog opened first is a page of plain forms; once the router
 * runs, the same form navigates on the client) and off; the empty states; the admin's filter.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeScan, gotoHydrated, loginAsAdmin } from "./helpers";

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

test("once the router runs, the search navigates on the client and shows it is searching", async ({ page }) => {
  // Client-side navigation needs the router: the visit starts on a page it hydrates.
  await gotoHydrated(page, "/privacidade");
  await page.getByRole("navigation", { name: "Principal", exact: true }).getByRole("link", { name: "Blog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog Agile" })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  // Hold the results' data so the loading state can be seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const searchData = (url: URL) => url.pathname === "/busca.data";
  await page.route(searchData, async (route) => {
    await held;
    await route.continue();
  });
  await searchFromBlogHero(page, "automacao");
  await expect(page.getByRole("search")).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("search").getByRole("button")).toHaveText("Buscando…");
  release();
  await expectResultsFor(page, "automacao");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  // The same document: no full page load happened.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.unroute(searchData);

  // A second search from the results page, with accents and another inflection: the same post.
  await page.getByLabel("Buscar no site").fill("automações");
  await page.getByLabel("Buscar no site").press("Enter");
  await expectResultsFor(page, "automações");
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
  await loginAsAdmin(page);
  const rows = page.locator("tr[data-row^=post-]");
  await expect(rows.first()).toBeVisible();
  const all = await rows.count();
  await page.getByLabel("Buscar posts").fill("capacitacao");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\?q=capacitacao$/);
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
  await expect(plain).toHaveURL(/\/admin\?q=nova-geracao$/);
  const found = plain.locator("tr[data-row^=post-]");
  await expect(found.filter({ hasText: "RPA e LLMs" })).toHaveCount(1);
  expect(await found.count()).toBeLessThan(all);
  await context.close();
});
