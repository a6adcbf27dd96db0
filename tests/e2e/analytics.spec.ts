/**
 * Analytics in Chromium (issue 18): an anonymous visitor gets no cookie and nothing in the
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
  await form.getByLabel(/^Email/).fill(email);
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

test("the funnel steps and a client-side navigation are sent as beacons, never awaited by the page", async ({ browser }) => {
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

  // A page React Router renders itself never reaches the server as a page request: a beacon counts
  // it. The legal pages are hydrated by the router; from there the menu navigates on the client.
  await page.goto("/privacidade");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
  await page.getByRole("navigation", { name: "Principal", exact: true }).getByRole("link", { name: "Sobre" }).click();
  await expect(page).toHaveURL(/\/sobre$/);
  await expect.poll(() => beacons).toContainEqual({ k: "view", p: "/sobre" });
  expect(documents).toEqual([]); // rendered by the router: only the beacon counted it
  expect(await context.cookies()).toEqual([]);
  await context.close();
});
