/**
 * The careers form's CV in the real Chromium (docs/decisions/0093): a file attached with and
 * without JavaScript reaches the admin, who downloads the same bytes; a refused file is said
 * beside its field, in Portuguese, with the other fields kept. Only the tests of what the island
 * adds (its multipart send, its toast, its size check before sending) wait for the scripts.
 */
import { expect, test, type Browser, type Download, type Page } from "@playwright/test";
import { minimalDocx, minimalPdf, pdfOfSize, windowsExecutable } from "../support/documents";
import { gotoHydrated, signedIn, visibleToast } from "./helpers";

const unique = () => Math.random().toString(36).slice(2, 8);
const PDF = { name: "Currículo Carla.pdf", mimeType: "application/pdf", buffer: minimalPdf("Carla Mendes") };
const DOCX = {
  name: "cv-sem-script.docx",
  mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  buffer: minimalDocx("Carla Mendes"),
};

async function fillApplication(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Formulário de candidatura" });
  await form.getByLabel(/^Nome completo/).fill("Carla Mendes");
  await form.getByLabel(/^E-mail/).fill(email);
  await form.getByLabel(/^Telefone com DDD/).fill("11987654321");
  await form.getByLabel(/^Vaga de interesse/).selectOption({ index: 1 });
  await form.getByLabel(/^Experiência/).fill("Seis anos construindo produtos de dados e modelos de linguagem em produção.");
  // A person takes seconds to write it (the form's signed render time says how long it was open, decision 0090).
  await form.getByLabel(/^Motivação/).pressSequentially("Quero levar agentes de IA para empresas brasileiras de todos os portes.", {
    delay: 45,
  });
  return form;
}

/** The admin (in a browser of their own) finds the application by its e-mail and downloads its CV from its page. */
async function adminDownloads(browser: Browser, email: string): Promise<{ download: Download; bytes: Buffer; page: Page }> {
  // With scripts even when the candidate had none (a context of the browser fixture takes the test's options).
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "pt-BR",
    javaScriptEnabled: true,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signedIn(page);
  await page.goto(`/admin/leads/candidaturas?q=${encodeURIComponent(email)}`);
  await page
    .getByRole("link", { name: /Ver detalhes/ })
    .first()
    .click();
  // The lead's one page (docs/decisions/0129): headed by the person's name.
  await expect(page.getByRole("heading", { level: 1, name: "Carla Mendes" })).toBeVisible();
  const detail = page.getByTestId("lead-detail");
  await expect(detail.getByText(email)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), detail.getByRole("link", { name: "Baixar currículo" }).click()]);
  const path = await download.path();
  const fs = await import("node:fs/promises");
  return { download, bytes: await fs.readFile(path), page };
}

test.describe("with JavaScript", () => {
  test("a PDF attached with setInputFiles goes with the application; the admin downloads the same bytes", async ({ page, browser }) => {
    const email = `carla-${unique()}@example.com`;
    await gotoHydrated(page, "/carreiras");
    const form = await fillApplication(page, email);
    await expect(form.getByText("PDF, DOC ou DOCX, até 5 MB.")).toBeVisible();
    await form.getByLabel(/^Currículo/).setInputFiles(PDF);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/careers/application") && request.method() === "POST");
    await form.getByRole("button", { name: "Enviar candidatura" }).click();
    expect((await sent).headers()["content-type"]).toMatch(/^multipart\/form-data/);
    await expect(
      page
        .getByRole("region", { name: /Notificações/ })
        .getByText("Candidatura enviada!")
        .first(),
    ).toBeVisible();
    await expect(form.getByLabel(/^Currículo/)).toHaveValue("");

    const admin = await adminDownloads(browser, email);
    expect(admin.download.suggestedFilename()).toBe("Currículo Carla.pdf");
    expect(admin.bytes.equals(PDF.buffer)).toBe(true);
    await expect(admin.page.getByTestId("lead-detail").getByText(`Currículo Carla.pdf (${PDF.buffer.length} bytes)`)).toBeVisible();
  });

  test("a program renamed cv.pdf is refused beside the file field, the other fields kept", async ({ page }) => {
    await gotoHydrated(page, "/carreiras");
    const email = `exe-${unique()}@example.com`;
    const form = await fillApplication(page, email);
    await form.getByLabel(/^Currículo/).setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: windowsExecutable() });
    await form.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "Envie um arquivo PDF, DOC ou DOCX." })).toBeVisible();
    await expect(form.getByLabel(/^Currículo/)).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel(/^E-mail/)).toHaveValue(email);
    await expect(form.getByLabel(/^Nome completo/)).toHaveValue("Carla Mendes");
  });

  test("on a phone, a refused CV type is said beside its field only: no failure toast, and the corrected CV then goes", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Every toast text shown at any moment (a newer toast replaces the last one at once).
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __toastTexts: seen });
      new MutationObserver(() => {
        for (const item of document.querySelectorAll("[role=region] li")) {
          const text = item.textContent ?? "";
          if (text && !seen.includes(text)) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await gotoHydrated(page, "/carreiras");
    const form = await fillApplication(page, `tipo-${unique()}@example.com`);
    await form.getByLabel(/^Currículo/).setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: windowsExecutable() });
    await form.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "Envie um arquivo PDF, DOC ou DOCX." })).toBeVisible();
    await expect(form.getByLabel(/^Currículo/)).toBeFocused();

    await form.getByLabel(/^Currículo/).setInputFiles(PDF);
    await form.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(visibleToast(page)).toContainText("Candidatura enviada!");
    const shown = await page.evaluate(() => (window as unknown as { __toastTexts: string[] }).__toastTexts);
    expect(shown.join("\n")).not.toContain("Não foi possível enviar sua candidatura");
  });

  test("a 6 MB file is refused in the browser before anything is sent", async ({ page }) => {
    await gotoHydrated(page, "/carreiras");
    const form = await fillApplication(page, `grande-${unique()}@example.com`);
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && !new URL(request.url()).pathname.startsWith("/api/analytics")) posted = true;
    });
    await form.getByLabel(/^Currículo/).setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdfOfSize(6 * 1024 * 1024) });
    await form.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "O arquivo deve ter no máximo 5 MB." })).toBeVisible();
    await expect(form.getByLabel(/^Nome completo/)).toHaveValue("Carla Mendes");
    expect(posted).toBe(false);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts multipart to its page: a refusal keeps the fields, then the DOCX goes and the admin downloads it", async ({
    page,
    browser,
  }) => {
    const email = `sem-script-${unique()}@example.com`;
    await page.goto("/carreiras");
    let form = await fillApplication(page, email);
    await form
      .getByLabel(/^Currículo/)
      .setInputFiles({ name: "curriculo.txt", mimeType: "text/plain", buffer: Buffer.from("Meu currículo.") });
    await form.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(page).toHaveURL(/\/enviar\/candidatura$/);
    form = page.getByRole("form", { name: "Formulário de candidatura" });
    await expect(form.getByRole("alert").filter({ hasText: "Envie um arquivo PDF, DOC ou DOCX." })).toBeVisible();
    await expect(form.getByLabel(/^E-mail/)).toHaveValue(email);
    await expect(form.getByLabel(/^Experiência/)).toHaveValue(
      "Seis anos construindo produtos de dados e modelos de linguagem em produção.",
    );

    await form.getByLabel(/^Currículo/).setInputFiles(DOCX);
    await form.getByRole("button", { name: "Enviar candidatura" }).click();
    await expect(page).toHaveURL(/\/enviar\/candidatura\?enviado=1/);
    await expect(page.getByRole("status").getByRole("heading", { name: "Candidatura enviada!" })).toBeVisible();

    const admin = await adminDownloads(browser, email);
    expect(admin.download.suggestedFilename()).toBe(DOCX.name);
    expect(admin.bytes.equals(DOCX.buffer)).toBe(true);
  });
});
