/**
 * A lead's tasks and a possible duplicate in Chromium (docs/decisions/0146, 0147): two contact
 * leads of one company arrive; the first shows 'possível duplicado', takes a task with a due time,
 * completes it, and merges the other into it after the confirmation; accessibility scans of the
 * page with the tasks and the merge question open.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeScan, signedIn, withProof } from "./helpers";

const unique = () => Math.random().toString(36).slice(2, 8);

async function contact(page: Page, name: string, email: string) {
  const res = await page.request.post("/api/contact", {
    data: await withProof(page.request, { name, email, company: "Tarefas Ltda", phone: "11988887777", message: "Queremos um piloto." }),
  });
  expect(res.ok()).toBe(true);
}

/** The day after tomorrow at 10:00, as the datetime-local input takes it (Brasília). */
const dueLocal = () =>
  `${new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date(Date.now() + 2 * 86_400_000))}T10:00`;

test("a task is added and completed, and a duplicate is merged after the question", async ({ context }) => {
  const page = await context.newPage();
  const tag = unique();
  const domain = `tarefas-${tag}.com.br`;
  await contact(page, `Rita Tarefas ${tag}`, `rita@${domain}`);
  await contact(page, `Rui Tarefas ${tag}`, `rui@${domain}`);
  await signedIn(page);

  await page.goto(`/admin/leads?q=rita@${domain}`);
  await page.getByRole("link", { name: `Rita Tarefas ${tag}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Rita Tarefas ${tag}` })).toBeVisible();
  await expect(page.getByTestId("duplicate-mark")).toHaveText("possível duplicado");
  await expect(page.getByTestId("duplicate-candidates")).toContainText(`Rui Tarefas ${tag}`);
  await expect(page.getByTestId("duplicate-candidates")).toContainText(`mesmo domínio (${domain})`);

  await page.getByLabel("Tipo").selectOption({ label: "Enviar proposta" });
  await page.getByLabel("Prazo (horário de Brasília)").fill(dueLocal());
  await page.getByLabel("Descrição (opcional)").fill("Proposta do piloto");
  await page.getByRole("button", { name: "Adicionar tarefa" }).click();
  await expect(page.getByTestId("task-saved")).toHaveText("Tarefa adicionada.");
  const task = page.getByTestId("task-list").getByRole("listitem").filter({ hasText: "Proposta do piloto" });
  await expect(task).toContainText("Enviar proposta");
  await expect(task).toHaveAttribute("data-state", "open");
  await axeScan(page);
  await task.getByRole("button", { name: /Concluir/ }).click();
  await expect(page.getByTestId("task-saved")).toHaveText("Tarefa concluída.");
  await expect(task).toHaveAttribute("data-state", "done");

  await page.getByRole("link", { name: `Mesclar… Rui Tarefas ${tag}` }).click();
  await expect(page.getByRole("heading", { name: "Mesclar estes leads?" })).toBeVisible();
  await axeScan(page);
  await page.getByRole("button", { name: /Manter este lead/ }).click();
  await expect(page.getByTestId("merge-done")).toHaveText("Leads mesclados.");
  await expect(page.getByTestId("merged-leads")).toContainText(`Rui Tarefas ${tag}`);
  await expect(page.getByTestId("history")).toContainText("Lead mesclado neste: Contato nº");
  await expect(page.getByTestId("duplicate-mark")).toHaveCount(0);

  await page.getByTestId("merged-leads").getByRole("link").click();
  await expect(page.getByTestId("merged-banner")).toContainText(`Rita Tarefas ${tag}`);
});
