/**
 * Analytics in Chromium (docs/decisions/0040, 0056): an anonymous visitor gets no cookie and nothing in the
 * browser's storage, even after opening the chat and starting a form; a visit that lands with
 * ?utm_source=x and ends in a contact form shows x on that lead in the admin and in the Análises
 * campaign table.
 */
import { devices, expect, test, type Browser } from "@playwright/test";
import { axeScan, loginAsAdmin } from "./helpers";

const unique = () => Math.random().toString(36).slice(2, 8);

/** A visitor of its own: the same address as every test here, so a browser string of its own. */
function visitorContext(browser: Browser) {
  return browser.newContext({ ...devices["Desktop Chrome"], userAgent: `${devices["Desktop Chrome"].userAgent} Visitante/${unique()}` });
}

test("an anonymous visitor gets no cookie and nothing stored in the browser", async ({ browser }) => {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await page.goto("/?utm_source=cookie-check&utm_medium=email");
  await page.getByTestId("chat-launcher").click();
  await expect(page.getByRole("dialog", { name: "Consultoria Gratuita" })).toBeVisible();
  await page.keyboard.press("Escape");
  const contact = page.locator("form[data-contact-form]").first();
  await contact.getByLabel(/^Nome/).fill("Visitante sem cookie");
  await page.goto("/blog");
  await page.goto("/sobre");
  expect(await context.cookies()).toEqual([]);
  const stored = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }));
  expect(stored).toEqual({ local: 0, session: 0 });
  await context.close();
});

test("a visit with ?utm_source=x ending in a contact form shows x on the lead and in the campaign table", async ({ browser, context }) => {
  const source = `x${unique()}`;
  const email = `campanha-${source}@example.com`;
  const visitor = await visitorContext(browser);
  const page = await visitor.newPage();
  await page.goto(`/sobre?utm_source=${source}&utm_medium=cpc&utm_campaign=primavera`);
  await page.goto("/#contact"); // an internal navigation: the campaign stays the visit's
  const form = page.locator("form[data-contact-form]").first();
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel(/^Nome/).fill("Cliente de Campanha");
  await form.getByLabel(/^Empresa/).fill("Campanha Ltda");
  await form.getByLabel(/^E-mail/).fill(email);
  await form.getByLabel(/^Mensagem/).fill("Vim pelo anúncio e quero uma proposta.");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Enviar consulta" }).click();
  // The hydrated form's toast, or the confirmation page of a post made before hydration.
  await expect(page.getByText("Obrigado por entrar em contato! Responderemos em até 24 horas.").first()).toBeVisible();
  await visitor.close();

  const admin = await context.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/leads/contatos?q=${encodeURIComponent(email)}`);
  await admin
    .getByRole("link", { name: /^Ver detalhes/ })
    .first()
    .click();
  await expect(admin.getByTestId("attribution-source")).toHaveText(source);
  await expect(admin.getByTestId("attribution-landing")).toHaveText("/sobre");
  await expect(admin.getByTestId("attribution-campaign")).toHaveText("primavera");

  await admin.goto("/admin/analises?periodo=7");
  const row = admin.getByTestId("campaigns").getByRole("row").filter({ hasText: source });
  await expect(row).toHaveCount(1);
  // Cells after the row header (utm_source): medium, campaign, visits, leads, rate.
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  // The page is accessible as drawn: charts have a text summary and a table, every figure a label.
  expect((await axeScan(admin)).violations.map((v) => v.id)).toEqual([]);
  await admin.setViewportSize({ width: 360, height: 800 });
  expect((await axeScan(admin)).violations.map((v) => v.id)).toEqual([]);
});

test("the funnel steps and every page view are sent as beacons, never awaited by the page", async ({ browser }) => {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  const beacons: Array<Record<string, unknown>> = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/analytics") && r.method() === "POST") beacons.push(JSON.parse(r.postData() ?? "{}"));
  });
  await page.goto("/");
  await page.getByTestId("chat-launcher").click();
  await expect.poll(() => beacons).toContainEqual({ k: "widget", p: "/" });
  await page.keyboard.press("Escape");
  const contact = page.locator("form[data-contact-form]").first();
  await contact.getByLabel(/^Empresa/).fill("Empresa do funil");
  await contact.getByLabel(/^Mensagem/).fill("Olá");
  await expect.poll(() => beacons.filter((b) => b.k === "form")).toEqual([{ k: "form", p: "/", f: "contato" }]); // once per form

  // Public pages are documents (docs/decisions/0058): following a link is a page load, and the
  // page counts itself with its beacon, with where the visitor came from (docs/decisions/0056).
  await page.goto("/privacidade");
  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(new URL(r.url()).pathname));
  await page.getByRole("navigation", { name: "Principal", exact: true }).getByRole("link", { name: "Sobre" }).click();
  await expect(page).toHaveURL(/\/sobre$/);
  await expect
    .poll(() => beacons.filter((b) => b.k === "view" && b.p === "/sobre"))
    .toEqual([{ k: "view", p: "/sobre", r: expect.stringMatching(/\/privacidade$/) }]);
  expect(documents).toEqual(["/sobre"]);
  expect(await context.cookies()).toEqual([]);
  await context.close();
});

test("an ad click (gclid) is paid Google traffic in Análises, though the page came from the cache; Análises fits a phone", async ({
  browser,
  context,
}) => {
  const campaign = `anuncio-${unique()}`;
  // Another visitor warms the cache for the page (cached without tracking parameters, decision 0055).
  const warm = await visitorContext(browser);
  await (await warm.newPage()).goto("/produtos");
  await warm.close();
  const visitor = await visitorContext(browser);
  const page = await visitor.newPage();
  const beacon = page.waitForRequest((r) => r.url().endsWith("/api/analytics") && r.method() === "POST");
  await page.goto(`/produtos?gclid=EAIaIQobChMI${unique()}&utm_campaign=${campaign}`);
  // The page's own beacon carries the address the visitor has, click id included.
  expect(JSON.parse((await beacon).postData() ?? "{}")).toMatchObject({ k: "view", p: expect.stringContaining("gclid=") });
  await visitor.close();

  const admin = await context.newPage();
  await loginAsAdmin(admin);
  await admin.goto("/admin/analises?periodo=7");
  const row = admin.getByTestId("campaigns").getByRole("row").filter({ hasText: campaign });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toHaveText("google");
  await expect(row.getByRole("cell").nth(0)).toHaveText("cpc");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  for (const width of [360, 390, 1440]) {
    await admin.setViewportSize({ width, height: 900 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
});

test("an address that answered 404 sends no view and never reaches Análises' pages, posts or entry pages (1440 px)", async ({
  browser,
  context,
}) => {
  const slug = `post-que-nao-existe-${unique()}`;
  const missing = `/blog/${slug}`;
  const visitor = await visitorContext(browser);
  const page = await visitor.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  const views: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/analytics") && r.method() === "POST") {
      const beacon = JSON.parse(r.postData() ?? "{}") as { k?: string; p?: string };
      if (beacon.k === "view" && beacon.p) views.push(beacon.p);
    }
  });
  const answer = await page.goto(missing);
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The next page (200) counts itself: had the 404 asked to be counted, its beacon would be first.
  await page.goto("/blog");
  await expect.poll(() => views).toContain("/blog");
  expect(views).toEqual(["/blog"]);
  await visitor.close();

  const admin = await context.newPage();
  await admin.setViewportSize({ width: 1440, height: 900 });
  await loginAsAdmin(admin);
  await admin.goto("/admin/analises?periodo=7");
  for (const table of ["pages", "landings"]) await expect(admin.getByTestId(table)).toBeVisible();
  await expect(admin.locator("#admin-main")).not.toContainText(slug);
});
