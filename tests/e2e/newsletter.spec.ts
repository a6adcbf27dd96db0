/**
 * The newsletter's admin pages in Chromium (docs/decisions/0131): the list of editions, a
 * standalone draft made with the native form, its page with the newsletter card (segment menu,
 * schedule) and the text form, and axe on both. Nothing waits for hydration: the forms are native
 * and every check is a web-first assertion.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeScan, signedIn } from "./helpers";

async function expectNoAxeViolations(page: Page) {
  const results = await axeScan(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a standalone newsletter edition: the list, a draft made, its card and text form; axe finds no violations", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page);
  const subject = `Edição de teste ${Date.now().toString(36)}`;

  await page.goto("/admin/leads/newsletter/edicoes");
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Nova edição avulsa" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Assunto").fill(subject);
  await page.getByLabel("Texto").fill("Olá, leitores!\n\nUm parágrafo com novidades.");
  await page.getByRole("button", { name: "Criar rascunho" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/newsletter\/edicoes\/\d+\?feito=criada$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
  await expect(page.getByRole("status").filter({ hasText: "Rascunho criado." })).toBeVisible();
  await expect(page.getByLabel("Quem recebe")).toBeVisible();
  await expect(page.getByRole("option", { name: /^Todos os assinantes confirmados \(\d+\)$/ })).toBeAttached();
  await expect(page.getByRole("button", { name: "Agendar envio" })).toBeVisible();
  await expect(page.getByLabel("Texto")).toHaveValue(/Um parágrafo com novidades\./);
  await expectNoAxeViolations(page);

  await page.goto("/admin/leads/newsletter/edicoes");
  await expect(page.getByTestId("edition-row").filter({ hasText: subject })).toContainText("Rascunho");
  await context.close();
});
