/**
 * Spam stays out, people get in (docs/decisions/0090): a person in Chromium with JavaScript (the
 * form's island solves the proof of work while they type) and one without it (a form filled in
 * at a person's pace) are both genuine leads; a script posting to the API without solving the
 * challenge ends up under 'Spam', answered like a lead, and 'Não é spam' moves it into the leads.
 */
import { expect, test, type Page } from "@playwright/test";
import { loginAsAdmin, signedIn } from "./helpers";

const unique = () => Math.random().toString(36).slice(2, 8);

async function fillContact(page: Page, name: string, typeLikeAPerson: boolean) {
  const form = page.locator("form[data-contact-form]").first();
  await form.getByLabel(/^Nome/).fill(name);
  await form.getByLabel(/^Empresa/).fill("Empresa Pessoa Real");
  await form.getByLabel(/^E-mail/).fill(`${name.replaceAll(" ", ".").toLowerCase()}@example.com`);
  const message = form.getByLabel(/^Mensagem/);
  const text = "Queremos um agente de IA para o atendimento dos nossos clientes.";
  // A person takes seconds to write a message (the form's stamp says how long it was open).
  if (typeLikeAPerson) await message.pressSequentially(text, { delay: 60 });
  else await message.fill(text);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Enviar consulta" }).click();
}

/** The admin's contacts list, searched by the lead's name: 1 when it is a lead. */
async function contactsNamed(page: Page, name: string) {
  await page.goto(`/admin/leads/contatos?q=${encodeURIComponent(name)}`);
  return page.getByTestId("lead-row").count();
}

test("a person with JavaScript is a lead: the island solves the proof of work before the JSON submit", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = `Pessoa Com Script ${unique()}`;
  const payloads: Array<Record<string, unknown>> = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/contact") && request.method() === "POST") payloads.push(request.postDataJSON());
  });
  await page.goto("/");
  await fillContact(page, name, false);
  await expect(page.getByRole("status").filter({ hasText: "Consulta Enviada" }).first()).toBeVisible();
  expect(payloads).toHaveLength(1);
  expect(typeof payloads[0]!.altcha).toBe("string");

  const admin = await context.newPage();
  await loginAsAdmin(admin);
  expect(await contactsNamed(admin, name)).toBe(1);
  await admin.goto("/admin/leads/spam");
  await expect(admin.getByRole("heading", { level: 1, name: "Spam" })).toBeVisible();
  await expect(admin.getByText(name)).toHaveCount(0);
  await context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a person who fills the form in is a lead", async ({ page, browser }) => {
    const name = `Pessoa Sem Script ${unique()}`;
    await page.goto("/#contact");
    await fillContact(page, name, true);
    await expect(page).toHaveURL(/\/enviar\/contato\?enviado=1/);
    await expect(page.getByRole("status").getByRole("heading", { name: "Consulta Enviada" })).toBeVisible();

    const context = await browser.newContext({ javaScriptEnabled: true });
    const admin = await context.newPage();
    await loginAsAdmin(admin);
    expect(await contactsNamed(admin, name)).toBe(1);
    await context.close();
  });
});

test("a script that skips the proof of work lands under 'Spam'; 'Não é spam' makes it a lead", async ({ page }) => {
  const name = `Robo ${unique()}`;
  const res = await page.request.post("/api/contact", {
    data: {
      name,
      company: "Robôs SA",
      email: `${name.replace(" ", ".").toLowerCase()}@example.com`,
      phone: "",
      message: "Oferta imperdível",
      website: "",
    },
  });
  expect(res.status()).toBe(201); // the answer a person gets

  await signedIn(page);
  expect(await contactsNamed(page, name)).toBe(0);
  await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Spam" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\/spam$/);
  const row = page.getByTestId("spam-row").filter({ hasText: name });
  await expect(row).toContainText("Sem prova de trabalho");
  await row.getByRole("button", { name: /Não é spam/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Envio movido para os leads" })).toBeVisible();
  await expect(page.getByTestId("spam-row").filter({ hasText: name })).toHaveCount(0);
  expect(await contactsNamed(page, name)).toBe(1);
});
