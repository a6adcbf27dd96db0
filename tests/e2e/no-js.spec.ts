/**
 * With JavaScript disabled (a blocked script, a chunk that failed, a strict corporate browser),
 * every form still works and answers with a page in Portuguese: the same success or error texts
 * the toasts show, field errors beside the fields with the values kept (docs/decisions/0002). The
 * login, the demo checkout and the search are plain forms too (docs/decisions/0058). The menu, the
 * widget's dialogs and the navigation are native HTML, so they work too.
 */
import { expect, test, type Page } from "@playwright/test";

test.use({ javaScriptEnabled: false });

const unique = () => Math.random().toString(36).slice(2, 8);

/** The confirmation page: success text, and never raw JSON. */
async function expectConfirmation(page: Page, path: string, title: string, description?: string) {
  await expect(page).toHaveURL(new RegExp(`${path}\\?enviado=1`));
  await expect(page.getByRole("status").getByRole("heading", { name: title })).toBeVisible();
  if (description) await expect(page.getByText(description)).toBeVisible();
  expect((await page.locator("body").innerText()).trim().startsWith("{")).toBe(false);
}

test("the phone menu opens and its links lead to the pages", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/sobre");
  const menu = page.locator("[data-mobile-menu]");
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Abrir menu" }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Its 'Consultoria Gratuita' opens the chat's sheet (an invoker button, like the floating one).
  await page.getByRole("button", { name: "Abrir menu" }).click();
  await menu.getByRole("button", { name: "Consultoria Gratuita" }).click();
  await expect(page.getByRole("dialog", { name: "Consultoria Gratuita" })).toBeVisible();
  await expect(menu).toBeHidden();
});

test("contact form: errors beside the fields with the values kept, then the confirmation", async ({ page }) => {
  await page.goto("/#contact");
  const form = page.locator("form[data-contact-form]").first();
  await form.getByLabel(/^Nome/).fill("Cliente Sem Script");
  await form.getByLabel(/^E-mail/).fill("sem-arroba");
  await form.getByRole("button", { name: "Enviar consulta" }).click();
  await expect(page).toHaveURL(/\/enviar\/contato$/);
  await expect(page.getByRole("alert").filter({ hasText: "Falha no Envio" })).toBeVisible();
  const again = page.locator("form[data-contact-form]");
  await expect(again.getByText("Empresa é obrigatória")).toBeVisible();
  await expect(again.getByText("Email inválido")).toBeVisible();
  await expect(again.getByText("You must agree to the terms.")).toBeVisible();
  await expect(again.getByLabel(/^Nome/)).toHaveValue("Cliente Sem Script");
  await expect(again.getByLabel(/^E-mail/)).toHaveAttribute("aria-invalid", "true");

  await again.getByLabel(/^Empresa/).fill(`Empresa ${unique()}`);
  await again.getByLabel(/^E-mail/).fill("cliente@example.com");
  await again.getByLabel(/^Mensagem/).fill("Queremos um agente de atendimento.");
  await again.getByRole("checkbox").check();
  await again.getByRole("button", { name: "Enviar consulta" }).click();
  await expectConfirmation(page, "/enviar/contato", "Consulta Enviada", "Obrigado por entrar em contato! Responderemos em até 24 horas.");
});

test("newsletter: the invalid address page, then the confirmation", async ({ page }) => {
  await page.goto("/sobre");
  const form = page.getByRole("form", { name: "Inscrição na newsletter" });
  await form.getByLabel("Seu email").fill("sem-arroba");
  await form.getByRole("button", { name: "Inscrever" }).click();
  await expect(page.getByRole("alert")).toContainText("Por favor, insira um endereço de email válido.");
  // The answer page's own sign-up says which field was refused, as the island does.
  await expect(page.locator("#newsletter-page-email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#newsletter-page-email")).toHaveValue("sem-arroba");
  const again = page.getByRole("form", { name: "Inscrição na newsletter" }).first();
  await again.getByLabel("Seu email").fill(`leitor-${unique()}@example.com`);
  await again.getByRole("button", { name: "Inscrever" }).click();
  await expectConfirmation(page, "/enviar/newsletter", "Obrigado por se inscrever!");
});

test("careers: 'Candidatar-se' leads to the form, which sends", async ({ page }) => {
  await page.goto("/carreiras");
  await page
    .getByRole("link", { name: /Candidatar/ })
    .first()
    .click();
  const form = page.getByRole("form", { name: "Formulário de candidatura" });
  await form.getByLabel(/^Nome completo/).fill("Carla Mendes");
  await form.getByLabel(/^E-mail/).fill(`carla-${unique()}@example.com`);
  await form.getByLabel(/^Telefone com DDD/).fill("11987654321");
  await form.getByLabel(/^Vaga de interesse/).selectOption({ index: 1 });
  await form.getByLabel(/^Experiência/).fill("Seis anos construindo produtos de dados e modelos de linguagem em produção.");
  await form.getByLabel(/^Motivação/).fill("Quero levar agentes de IA para empresas brasileiras de todos os portes.");
  await form.getByRole("button", { name: "Enviar candidatura" }).click();
  await expectConfirmation(page, "/enviar/candidatura", "Candidatura enviada!");
});

test("questionnaire: the confirmation shows the submission's id", async ({ page }) => {
  await page.goto("/formulario");
  const form = page.getByRole("form", { name: "Formulário de otimização de negócios" });
  await form.getByLabel(/^Nome da empresa/).fill(`Metalúrgica ${unique()}`);
  await form.getByLabel(/^Nome do contato/).fill("Ana Paula");
  await form.getByLabel(/^E-mail/).fill("ana@example.com");
  await form.getByRole("button", { name: "Enviar formulário" }).click();
  await expectConfirmation(page, "/enviar/questionario", "Formulário enviado com sucesso!");
  const id = new URL(page.url()).searchParams.get("id");
  expect(id).toMatch(/^\d+$/);
  await expect(page.getByText(`ID ${id} `)).toBeVisible();
});

test("consultation request: the dialog opens from its button and sends", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Solicitar Apresentação de Cases" }).first().click();
  const dialog = page.getByRole("dialog", { name: /Solicit/ });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Nome/).first().fill("Rui Barbosa");
  await dialog.getByLabel(/^E-mail/).fill(`rui-${unique()}@example.com`);
  await dialog.getByLabel(/^Telefone/).fill("31988887777");
  await dialog.getByLabel(/^Empresa/).fill("Barbosa Ltda");
  await dialog.getByLabel(/^Área de atuação/).fill("Educação");
  await dialog.getByRole("button", { name: "Enviar solicitação" }).click();
  await expectConfirmation(page, "/enviar/consultoria", "Solicitação enviada!");
});

test("chat widget: the contact step sends and a specialist will answer by e-mail", async ({ page }) => {
  await page.goto("/blog");
  await page.getByTestId("chat-launcher").click();
  const widget = page.getByRole("dialog", { name: "Consultoria Gratuita" });
  await expect(widget).toBeVisible();
  await widget.getByLabel("E-mail").fill(`visitante-${unique()}@empresa.com.br`);
  await widget.getByLabel("Telefone").fill("11999998888");
  await widget.getByRole("button", { name: "Iniciar consultoria" }).click();
  await expectConfirmation(page, "/enviar/chat", "Recebemos seu contato");
});

test("login works and opens the admin; a wrong password says so and keeps the username", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Nome de usuário").fill("admin");
  await page.getByLabel("Senha").fill("wrong-password");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert")).toContainText("Erro de autenticação: Nome de usuário ou senha incorretos");
  await expect(page.getByLabel("Nome de usuário")).toHaveValue("admin");
  await page.getByLabel("Senha").fill("admin123");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("blog category chips are plain links", async ({ page }) => {
  await page.goto("/blog");
  const chip = page
    .getByRole("navigation", { name: /categorias/i })
    .getByRole("link")
    .nth(1);
  const name = (await chip.innerText()).trim();
  await chip.click();
  await expect(page).toHaveURL(/categoria=/);
  await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", /page|true/);
});

test("the demo checkout's cancel button leads back to the products", async ({ page }) => {
  await page.goto("/checkout/plan/plano-essencial");
  await page.getByRole("button", { name: "Ir para o pagamento seguro" }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\/demo_/);
  await page.getByRole("button", { name: "Cancelar e voltar aos produtos" }).click();
  await expect(page).toHaveURL(/\/produtos$/);
});

test("checkout: the buy link, the payment page, and the success page's redirect back to the products", async ({ page }) => {
  await page.goto("/produtos");
  await page.locator('a[data-buy="chatbot"]').click();
  await expect(page).toHaveURL(/\/checkout\/product\/chatbot$/);
  await page.getByRole("button", { name: "Ir para o pagamento seguro" }).click();
  await expect(page.getByText("Modo de demonstração — nenhuma cobrança real")).toBeVisible();
  await page.getByRole("button", { name: "Confirmar pagamento de demonstração" }).click();
  await expect(page).toHaveURL(/\/payment-success/);
  await expect(page.getByRole("heading", { level: 1, name: "Pagamento realizado com sucesso!" })).toBeVisible();
  // The countdown is a meta refresh without JavaScript: 5 s, then /produtos.
  await expect(page).toHaveURL(/\/produtos$/, { timeout: 15_000 });
});
