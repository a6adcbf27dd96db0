/**
 * The deals board in Chromium (docs/decisions/0143): a card moved with the keyboard alone (the
 * move announced in Portuguese, the stage stored and in the lead's history), the reason asked on
 * a move to 'Perdido', axe on the board, the plain form with JavaScript off, and the phone's list
 * (no horizontal scroller).
 */
import { expect, test, type Page } from "@playwright/test";
import { axeScan, gotoHydrated, signedIn, withProof } from "./helpers";

const unique = () => Math.random().toString(36).slice(2, 8);

async function newLead(page: Page) {
  const tag = unique();
  const lead = { name: `Renata Quadro ${tag}`, email: `renata-${tag}@exemplo.com.br` };
  const res = await page.request.post("/api/contact", {
    data: await withProof(page.request, {
      ...lead,
      company: "Quadro Ltda",
      phone: "11988887777",
      message: "Queremos automatizar o atendimento.",
    }),
  });
  expect(res.ok()).toBe(true);
  return lead;
}

const column = (page: Page, stage: string) => page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);

test("moves a card with the keyboard, announced, stored and in the lead's history; a loss asks for its reason", async ({ page }) => {
  const lead = await newLead(page);
  await signedIn(page);
  await gotoHydrated(page, "/admin/leads/negocios");
  await expect(page.getByRole("heading", { level: 1, name: "Negócios" })).toBeVisible();
  expect((await axeScan(page)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  const card = page.getByRole("link", { name: lead.name, exact: true });
  await expect(column(page, "novo").getByRole("link", { name: lead.name, exact: true })).toBeVisible();
  await card.focus();
  await page.keyboard.press("ArrowRight");
  const announcer = page.getByTestId("board-announcer");
  await expect(announcer).toHaveText(`${lead.name} movido para Em contato.`);
  await expect(column(page, "em-contato").getByRole("link", { name: lead.name, exact: true })).toBeFocused();

  // Two more to the right: Proposta enviada, then Ganho.
  await page.keyboard.press("ArrowRight");
  await expect(announcer).toHaveText(`${lead.name} movido para Proposta enviada.`);
  await page.keyboard.press("ArrowRight");
  await expect(announcer).toHaveText(`${lead.name} movido para Ganho.`);
  await expect(column(page, "ganho").getByRole("link", { name: lead.name, exact: true })).toBeFocused();

  // Next is 'Perdido': the reason is asked first, and is required.
  await page.keyboard.press("ArrowRight");
  const dialog = page.getByRole("dialog", { name: `Marcar ${lead.name} como perdido` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Motivo da perda")).toBeFocused();
  await page.keyboard.press("Enter"); // a textarea: a new line, not a submit
  await dialog.getByRole("button", { name: "Marcar como perdido" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Informe o motivo da perda.");
  await dialog.getByLabel("Motivo da perda").fill("Fechou com um concorrente");
  await dialog.getByRole("button", { name: "Marcar como perdido" }).click();
  await expect(announcer).toHaveText(`${lead.name} movido para Perdido.`);
  await expect(column(page, "perdido").getByRole("link", { name: lead.name, exact: true })).toBeFocused();
  await expect(column(page, "perdido").getByTestId("board-card").filter({ hasText: lead.name })).toContainText(
    "Motivo: Fechou com um concorrente",
  );

  // Stored: the lead's page shows the stage, the reason and every move in its history.
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
  await expect(page.getByTestId("stage").first()).toHaveText("Perdido");
  await expect(page.getByTestId("deal-lost-reason")).toHaveText("Fechou com um concorrente");
  const history = page.getByTestId("history");
  await expect(history).toContainText("Etapa alterada: Novo → Em contato.");
  await expect(history).toContainText("Etapa alterada: Ganho → Perdido.");
  await expect(history).toContainText("Motivo da perda: Fechou com um concorrente");
});

test("drags a card onto another column with the pointer", async ({ page }) => {
  const lead = await newLead(page);
  await signedIn(page);
  await gotoHydrated(page, "/admin/leads/negocios");
  const card = column(page, "novo").getByTestId("board-card").filter({ hasText: lead.name });
  // The drag starts with a small move, before anything scrolls (Chromium picks the dragged element
  // where the button went down), then drops on the column's heading.
  await card.hover();
  await page.mouse.down();
  const box = (await card.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2 + 12, { steps: 3 });
  await column(page, "proposta-enviada").hover({ position: { x: 40, y: 20 } });
  await page.mouse.up();
  await expect(page.getByTestId("board-announcer")).toHaveText(`${lead.name} movido para Proposta enviada.`);
  await expect(column(page, "proposta-enviada").getByTestId("board-card").filter({ hasText: lead.name })).toBeVisible();
  await page.reload();
  await expect(column(page, "proposta-enviada").getByTestId("board-card").filter({ hasText: lead.name })).toBeVisible();
});

test("the lead page's deal: value and close day, shown on the board", async ({ page }) => {
  const lead = await newLead(page);
  await signedIn(page);
  await page.goto("/admin/leads/negocios");
  await page.getByRole("link", { name: lead.name, exact: true }).click();
  await page.getByLabel("Valor do negócio (R$)").fill("-5");
  await page.getByRole("button", { name: "Atualizar negócio" }).click();
  await expect(page.getByText("O valor não pode ser negativo.")).toBeVisible();
  await page.getByLabel("Valor do negócio (R$)").fill("48.000,00");
  await page.getByLabel("Previsão de fechamento").fill("2027-06-30");
  await page.getByRole("button", { name: "Atualizar negócio" }).click();
  await expect(page.getByTestId("deal-saved")).toHaveText("Negócio salvo.");
  await expect(page.getByTestId("deal-value")).toHaveText("R$ 48.000,00");
  await page.goto("/admin/leads/negocios");
  await expect(column(page, "novo").getByTestId("board-card").filter({ hasText: lead.name })).toContainText("R$ 48.000,00");
  await expect(column(page, "novo").getByTestId("board-card").filter({ hasText: lead.name })).toContainText("Previsão: 30/06/2027");
});

test("without JavaScript every card moves through its plain form", async ({ browser, context }) => {
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
  await plain.goto("/admin/leads/negocios");
  const card = column(plain, "novo").getByTestId("board-card").filter({ hasText: lead.name });
  await card.locator("summary").click();
  await card.getByLabel("Nova etapa").selectOption({ label: "Perdido" });
  await card.getByRole("button", { name: "Mover", exact: true }).click();
  // Refused without the reason: the form stays open with the message beside the field.
  await expect(plain.getByRole("alert")).toContainText("Informe o motivo da perda.");
  const again = column(plain, "novo").getByTestId("board-card").filter({ hasText: lead.name });
  await again.getByLabel(/Motivo da perda/).fill("Sem orçamento este ano");
  await again.getByRole("button", { name: "Mover", exact: true }).click();
  await expect(plain.getByTestId("board-notice")).toHaveText("Alterações salvas.");
  await expect(column(plain, "perdido").getByTestId("board-card").filter({ hasText: lead.name })).toContainText(
    "Motivo: Sem orçamento este ano",
  );
  await noJs.close();
});

test("on a phone the board is a list grouped by stage, with no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page);
  await page.goto("/admin/leads/negocios");
  const [first, second] = [column(page, "novo"), column(page, "em-contato")];
  const a = (await first.boundingBox())!;
  const b = (await second.boundingBox())!;
  expect(b.y).toBeGreaterThan(a.y + a.height - 1); // one under the other
  expect(Math.abs(a.x - b.x)).toBeLessThan(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
