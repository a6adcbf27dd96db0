/**
 * The lead pipeline in Chromium: a lead sent through the contact API is found in the inbox by its
 * whole e-mail address, moved through the stages with a note and a follow-up day, and filtered by
 * stage; the same form works with JavaScript off. Accessibility scans of both pages.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeScan, signedIn, withProof } from "./helpers";

const unique = () => Math.random().toString(36).slice(2, 8);

async function newLead(page: Page) {
  const tag = unique();
  const lead = { name: `Lúcia Funil ${tag}`, email: `lucia-${tag}@exemplo.com.br` };
  const res = await page.request.post("/api/contact", {
    data: await withProof(page.request, {
      ...lead,
      company: "Funil Ltda",
      phone: "11988887777",
      message: "Queremos um agente de atendimento.",
    }),
  });
  expect(res.ok()).toBe(true);
  return lead;
}

/** Tomorrow's Brasília calendar day, as the date input takes it. */
const tomorrow = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() + 86_400_000));

test("moves a lead through the stages with notes and a follow-up day", async ({ context }) => {
  const page = await context.newPage();
  const lead = await newLead(page);
  await signedIn(page);

  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { level: 1, name: "Funil de leads" })).toBeVisible();
  await page.getByLabel("Buscar por nome ou e-mail completo").fill(lead.email);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByTestId("inbox-row")).toHaveCount(1);
  await expect(page.getByTestId("inbox-row")).toContainText("Novo");
  await axeScan(page);
  await page.getByRole("link", { name: lead.name }).click();

  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
  await expect(page.getByText("Etapa alterada")).toHaveCount(0);
  await page.getByLabel("Etapa", { exact: true }).selectOption({ label: "Em contato" });
  await page.getByLabel("Próximo retorno").fill(tomorrow());
  await page.getByLabel("Nova anotação (opcional)").fill("Primeira ligação feita; pediu proposta.");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByTestId("pipeline-saved")).toHaveText("Alterações salvas.");
  // One history: the stage move (from the audit log), the follow-up day and the note (docs/decisions/0129).
  const history = page.getByTestId("history");
  await expect(history).toContainText("Primeira ligação feita; pediu proposta.");
  await expect(history).toContainText("admin");
  await expect(history).toContainText("Etapa alterada: Novo → Em contato.");
  await expect(history).toContainText(`Próximo retorno marcado para ${tomorrow().split("-").reverse().join("/")}.`);
  await expect(page.getByLabel("Nova anotação (opcional)")).toHaveValue("");
  await axeScan(page);

  // Keyboard only: choose the stage and save without the mouse.
  await page.getByLabel("Etapa", { exact: true }).focus();
  await page.getByLabel("Etapa", { exact: true }).selectOption("proposta-enviada");
  await page.getByLabel("Nova anotação (opcional)").focus();
  await page.keyboard.type("Proposta enviada por email.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Salvar" })).toBeFocused();
  await page.keyboard.press("Enter");
  // Two saves, each a stage move and a note.
  await expect(history.locator('[data-kind="stage"]')).toHaveCount(2);
  await expect(history.locator('[data-kind="note"]')).toHaveCount(2);
  await expect(page.getByTestId("stage").first()).toHaveText("Proposta enviada");

  // A wrong date is refused beside the field, with the typed note kept.
  await page.getByLabel("Próximo retorno").fill("2099-01-01");
  await page.getByLabel("Nova anotação (opcional)").fill("Não deve ser salva.");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText(/A data do retorno deve estar entre/)).toBeVisible();
  await expect(page.getByLabel("Nova anotação (opcional)")).toHaveValue("Não deve ser salva.");
  await expect(history.locator('[data-kind="note"]')).toHaveCount(2);

  await page.getByRole("link", { name: "Voltar ao funil" }).click();
  await page.goto(`/admin/leads?etapa=proposta-enviada&q=${encodeURIComponent(lead.email)}`);
  await expect(page.getByTestId("inbox-row")).toHaveCount(1);
  await expect(page.getByTestId("follow-up").filter({ visible: true })).toContainText(tomorrow().split("-").reverse().join("/"));
});

test("the lead's form works with JavaScript off", async ({ browser, context }) => {
  const page = await context.newPage();
  const lead = await newLead(page);
  await signedIn(page);
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
    baseURL: test.info().project.use.baseURL,
    locale: "pt-BR",
  });
  const plain = await noJs.newPage();
  await plain.goto(`/admin/leads?q=${encodeURIComponent(lead.email)}`);
  await plain.getByRole("link", { name: lead.name }).click();
  await plain.getByLabel("Etapa", { exact: true }).selectOption({ label: "Ganho" });
  await plain.getByLabel("Nova anotação (opcional)").fill("Contrato assinado.");
  await plain.getByRole("button", { name: "Salvar" }).click();
  await expect(plain.getByTestId("pipeline-saved")).toHaveText("Alterações salvas.");
  await expect(plain.getByTestId("history")).toContainText("Contrato assinado.");
  await expect(plain.getByTestId("stage").first()).toHaveText("Ganho");
  await noJs.close();
});
