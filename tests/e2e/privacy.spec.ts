import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { axeScan, gotoHydrated, signedIn, withProof } from "./helpers";

const LEGAL_PAGES = [
  {
    path: "/privacidade",
    heading: "Política de Privacidade",
    footer: "Política de Privacidade",
    version: /Versão 1\.2 · Atualizada em 27 de novembro de 2026/,
  },
  { path: "/termos", heading: "Termos de Uso", footer: "Termos de Uso", version: /Versão 1\.0 · Atualizada em 22 de novembro de 2026/ },
  { path: "/cookies", heading: "Política de Cookies", footer: "Cookies", version: /Versão 1\.1 · Atualizada em 25 de novembro de 2026/ },
];

test.describe("legal pages", () => {
  for (const legal of LEGAL_PAGES) {
    test(`${legal.path} renders and has no axe violations`, async ({ browser }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(legal.path);
      await expect(page.getByRole("heading", { level: 1, name: legal.heading })).toBeVisible();
      await expect(page.getByText(legal.version)).toBeVisible();
      const results = await axeScan(page);
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
      await context.close();
    });
  }

  test("the footer links reach the three pages", async ({ page }) => {
    for (const legal of LEGAL_PAGES) {
      await page.goto("/sobre");
      // The bottom row of the footer (the newsletter form above it links the policy too).
      await page.getByRole("contentinfo").getByRole("link", { name: legal.footer, exact: true }).last().click();
      await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
      await expect(page.getByRole("heading", { level: 1, name: legal.heading })).toBeVisible();
    }
  });

  test("the table of contents jumps to a section", async ({ page }) => {
    await page.goto("/privacidade");
    await page
      .getByRole("navigation", { name: "Nesta página" })
      .getByRole("link", { name: /Seus direitos/ })
      .click();
    await expect(page).toHaveURL(/#direitos$/);
    await expect(page.getByRole("heading", { level: 2, name: /Seus direitos/ })).toBeInViewport();
  });
});

test("an admin finds, exports and erases a person's data", async ({ page }) => {
  const email = `titular.e2e.${Date.now()}@example.com`;
  // The person leaves data through the public API: a contact message and a newsletter subscription.
  const contact = await page.request.post("/api/contact", {
    data: await withProof(page.request, {
      name: "Titular de Teste",
      company: "Empresa E2E",
      email,
      phone: "11999990000",
      message: "Quero falar sobre agentes de IA.",
    }),
  });
  expect(contact.status()).toBe(201);
  const newsletter = await page.request.post("/api/newsletter", { data: await withProof(page.request, { email }) });
  expect(newsletter.ok()).toBe(true);

  await page.goto("/login");
  await page.getByLabel("Nome de usuário").fill("admin");
  await page.getByLabel("Senha").fill("admin123");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Privacidade" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacidade e LGPD" })).toBeVisible();
  await page.getByLabel("E-mail do titular").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Buscar dados" }).click();

  const results = page.getByTestId("privacy-results");
  await expect(results.getByTestId("group-leads")).toContainText("Titular de Teste");
  await expect(results.getByTestId("group-newsletterSubscribers")).toBeVisible();
  await expect(results.getByTestId("group-consentRecords")).toBeVisible();

  // Export: a real file download.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar JSON" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^dados-titular-.*\.json$/);
  const exported = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(exported.titular).toBe(email);
  expect(exported.tabelas.contact_answers[0].message).toBe("Quero falar sobre agentes de IA.");
  expect(exported.tabelas.newsletter_subscribers).toHaveLength(1);

  // Erase, with the typed confirmation.
  await page.getByRole("button", { name: "Eliminar dados do titular" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Eliminar todos os dados deste titular?");
  const confirm = dialog.getByRole("button", { name: "Eliminar definitivamente" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Digite o e-mail do titular para confirmar").fill("outra@example.com");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Digite o e-mail do titular para confirmar").fill(email);
  await confirm.click();
  await expect(page.getByText("Dados eliminados", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(results.getByTestId("group-leads")).toHaveCount(0);
  await expect(results.getByTestId("group-newsletterSubscribers")).toHaveCount(0);
  // Only the proof of consent stays, with the e-mail replaced by a hash.
  await expect(results.getByTestId("group-consentRecords")).toContainText("hash:");
  await expect(results.getByTestId("group-consentRecords")).not.toContainText(email);

  // The audit log shows what happened.
  await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Auditoria" }).click();
  await page.getByLabel("Ação", { exact: true }).selectOption("privacy.erase");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/acao=privacy\.erase/);
  await expect(page.getByTestId("audit-row").first()).toContainText("Eliminação de dados do titular");
  await expect(page.getByTestId("audit-row").first()).not.toContainText(email);
});

test("the admin privacy and audit pages have no axe violations", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page);
  for (const path of ["/admin/privacidade", "/admin/auditoria"]) {
    // The scan is of the finished page: after the scripts ran (the toasts' region, the dialogs).
    await gotoHydrated(page, path);
    const results = await axeScan(page);
    expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  }
  await context.close();
});
