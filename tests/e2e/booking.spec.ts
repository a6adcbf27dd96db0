/**
 * Booking the free consultation at /agendar (docs/decisions/0080–0084) in the real Chromium: the
 * keyboard journey (every time a button whose name is the whole date and hour), a booking end to end
 * with JavaScript off (days, times, form, confirmation, the e-mail's cancel link), a time taken
 * while the visitor typed ('Horário indisponível' with fresh times), the visitor's own time zone
 * beside Brasília's, the admin's agenda, and axe on the pages. Nothing waits for hydration: the
 * pages are links and plain forms.
 */
import { expect, test, type Page } from "@playwright/test";
import { axeScan, signedIn } from "./helpers";

const unique = () => Math.random().toString(36).slice(2, 8);
/** A time's accessible name: "terça-feira, 1 de dezembro de 2026, às 09:00, horário de Brasília". */
const TIME_NAME = /^[a-zç]+-?[a-z]*, \d{1,2} de [a-zç]+ de \d{4}, às \d{2}:\d{2}/;

/** Presses Tab until the focused element's accessible name matches; fails after `max` stops. */
async function tabTo(page: Page, name: RegExp, max = 120): Promise<string> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const label = await page.evaluate(() => {
      const el = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
      return (el?.getAttribute("aria-label") || el?.labels?.[0]?.textContent || el?.textContent || "").replace(/\s+/g, " ").trim();
    });
    if (name.test(label)) return label;
  }
  throw new Error(`no focusable element named ${name} within ${max} Tab stops`);
}

/** The n-th bookable day's link (each test takes its own day, so tests never race for a time). */
const dayLink = (page: Page, n: number) => page.getByTestId("booking-days").getByRole("button").nth(n);

async function fillForm(page: Page, who: { name: string; email: string }) {
  const form = page.locator("#dados form");
  await form.getByLabel(/^Nome/).fill(who.name);
  await form.getByLabel(/^E-mail/).fill(who.email);
  await form.getByLabel(/^Telefone/).fill("11987654321");
  await form.getByLabel(/^Empresa/).fill("Empresa Exemplo");
  await form.getByLabel(/^Assunto/).fill("Atendimento com IA");
  return form;
}

test("with the keyboard alone: a day, a time named by its full date and hour, the form, the confirmation", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/agendar");
  // The second bookable day: its button's name ends with the whole date.
  const secondDay = (await dayLink(page, 1).innerText()).split("\n").at(-1)!.replace(/^, /, "");
  await expect(dayLink(page, 1)).toHaveAccessibleName(new RegExp(`, ${secondDay}$`));
  await tabTo(page, new RegExp(`${secondDay}$`));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/dia=\d{4}-\d{2}-\d{2}/);
  const times = page.getByTestId("booking-times").getByRole("button");
  await expect(times.first()).toHaveAccessibleName(TIME_NAME);
  // The page's width, not half of it (the column is 992 px at 1440).
  expect((await page.getByTestId("booking-times").boundingBox())!.width).toBeGreaterThan(900);
  const chosen = await tabTo(page, TIME_NAME);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("booking-chosen")).toContainText(chosen.split(",").slice(1, 3).join(",").trim().split(" às")[0]!);
  const name = `Teclado ${unique()}`;
  await tabTo(page, /^Nome/);
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await page.keyboard.type(`teclado.${unique()}@example.com`);
  await page.keyboard.press("Tab");
  await page.keyboard.type("11987654321");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Empresa do Teclado");
  await tabTo(page, /^Confirmar agendamento$/);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Reunião agendada" })).toBeVisible();
  await expect(page).toHaveURL(/\/agendar\/reserva\/[A-Za-z0-9_-]+(#.*)?$/);
  expect(
    (await page.getByText("Confirmação enviada").locator("xpath=ancestor::div[contains(@class,'rounded-2xl')][1]").boundingBox())!.width,
  ).toBeGreaterThan(900);
  await expect(page.getByRole("link", { name: "Adicionar ao calendário" })).toHaveAttribute("href", /\/convite\.ics$/);
  await expect(page.getByRole("link", { name: /Adicionar ao Google Agenda/ })).toHaveAttribute(
    "href",
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );
  // The .ics answers as a calendar.
  const ics = await page.request.get((await page.getByRole("link", { name: "Adicionar ao calendário" }).getAttribute("href"))!);
  expect(ics.headers()["content-type"]).toMatch(/^text\/calendar/);
  expect(await ics.text()).toContain("BEGIN:VEVENT");
});

test("without JavaScript: book end to end, then cancel from the e-mail's private link", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto("/agendar");
  await expect(page.getByTestId("booking-zone-note")).toHaveText("Horários de Brasília (UTC−3).");
  await dayLink(page, 2).click();
  const time = page.getByTestId("booking-times").getByRole("button").nth(1);
  await time.click();
  const form = await fillForm(page, { name: `Sem Script ${unique()}`, email: `sem.script.${unique()}@example.com` });
  // Field errors come back beside the fields with the values kept.
  await form.getByLabel(/^Telefone/).fill("123");
  await form.getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(page.getByText("Forneça um telefone válido com DDD")).toBeVisible();
  await expect(page.locator("#dados form").getByLabel(/^Empresa/)).toHaveValue("Empresa Exemplo");
  await page
    .locator("#dados form")
    .getByLabel(/^Telefone/)
    .fill("11987654321");
  await page.locator("#dados form").getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reunião agendada" })).toBeVisible();
  // The page may still be arriving (it streams): read the time once all of it is there.
  await expect(page.getByTestId("booking-when")).toContainText("horário de Brasília");
  const when = await page.getByTestId("booking-when").innerText();
  // The e-mail's cancel link: a page that only shows, then a plain POST.
  await page.getByRole("link", { name: "cancelar reunião" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cancelar reunião" })).toBeVisible();
  await page.getByRole("button", { name: "Confirmar cancelamento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reunião cancelada" })).toBeVisible();
  expect(when).toMatch(/^[A-ZÀ-Ú].* até \d{2}:\d{2} \(horário de Brasília\)$/);
  await context.close();
});

test("on a phone: a rescheduled meeting says so; once cancelled, its reschedule link says that too and offers booking again", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/agendar");
  await dayLink(page, 5).click();
  await page.getByTestId("booking-times").getByRole("button").nth(2).click();
  const form = await fillForm(page, { name: `Remarca ${unique()}`, email: `remarca.${unique()}@example.com` });
  await form.getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reunião agendada" })).toBeVisible();

  await page.getByRole("link", { name: "Remarcar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Remarcar reunião" })).toBeVisible();
  const rescheduleUrl = new URL(page.url()).pathname;
  await dayLink(page, 6).click();
  await page.getByTestId("booking-times").getByRole("button").nth(2).click();
  await page.getByRole("button", { name: "Remarcar para este horário" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reunião remarcada" })).toBeVisible();
  await expect(page.getByText("Enviamos o convite com o novo horário para o seu e-mail.", { exact: false })).toBeVisible();

  await page.getByRole("link", { name: "cancelar reunião" }).click();
  await page.getByRole("button", { name: "Confirmar cancelamento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reunião cancelada" })).toBeVisible();

  // The e-mail's reschedule link, opened after the cancellation.
  await page.goto(rescheduleUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Reunião cancelada" })).toBeVisible();
  await expect(page.getByText("Escolha o novo horário")).toHaveCount(0);
  await expect(page.getByText("Esta reunião foi cancelada e não pode mais ser remarcada.", { exact: false })).toBeVisible();
  const again = page.getByRole("link", { name: "Agendar outro horário" });
  await expect(again).toBeInViewport();
  await again.click();
  await expect(page).toHaveURL(/\/agendar$/);
});

test("a time taken while the visitor typed: 'Horário indisponível' with the day's fresh times, never an error page", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto("/agendar");
  await dayLink(page, 3).click();
  const time = page.getByTestId("booking-times").getByRole("button").nth(2);
  const start = (await time.getAttribute("data-start"))!;
  await time.click();
  await fillForm(page, { name: `Atrasado ${unique()}`, email: `atrasado.${unique()}@example.com` });
  // Someone else books it first.
  const other = await request.post("/api/booking", {
    data: { start, name: "Outra Pessoa", email: `outra.${unique()}@example.com`, phone: "11987654321", company: "Outra" },
  });
  expect(other.status()).toBe(201);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/agendar")),
    page.locator("#dados form").getByRole("button", { name: "Confirmar agendamento" }).click(),
  ]);
  expect(answer.status()).toBe(409);
  await expect(page.getByRole("alert").filter({ hasText: "Horário indisponível" })).toBeVisible();
  const fresh = page.getByTestId("booking-times").getByRole("button");
  await expect(fresh.first()).toBeVisible();
  await expect(page.locator(`[data-start="${start}"]`)).toHaveCount(0);
  await context.close();
});

test("with JavaScript, a visitor in Lisbon reads the times in Lisbon with Brasília beside them", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: "Europe/Lisbon", locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto("/agendar");
  await expect(page.getByTestId("booking-zone-note")).toContainText("Europe/Lisbon");
  const first = page.getByTestId("booking-times").getByRole("button").first();
  await expect(first).toContainText("em Brasília");
  await expect(first).toHaveAccessibleName(
    /^[a-zç-]+, \d{1,2} de [a-zç]+ de \d{4}, às \d{2}:\d{2} no seu horário, \d{2}:\d{2} em Brasília$/,
  );
  await context.close();
});

test("axe finds no violations on /agendar, its form and the confirmation; the admin's agenda lists the meeting", async ({ browser }) => {
  test.slow(); // four axe scans and a booking; a busy host takes over a minute
  const context = await browser.newContext({ locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto("/agendar");
  expect((await axeScan(page)).violations).toEqual([]);
  await dayLink(page, 4).click();
  await page.getByTestId("booking-times").getByRole("button").first().click();
  expect((await axeScan(page)).violations).toEqual([]);
  const who = `Painel ${unique()}`;
  await fillForm(page, { name: who, email: `painel.${unique()}@example.com` });
  await page.locator("#dados form").getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reunião agendada" })).toBeVisible();
  expect((await axeScan(page)).violations).toEqual([]);

  await signedIn(page);
  await page.goto("/admin/agenda");
  await expect(page.getByRole("heading", { level: 1, name: "Agenda" })).toBeVisible();
  await expect(page.getByTestId("agenda-days")).toContainText(who);
  expect((await axeScan(page)).violations).toEqual([]);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
  await page.getByRole("link", { name: new RegExp(`Detalhes da reunião de ${who}`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Reunião com ${who}` })).toBeVisible();
  await context.close();
});

test("entry points: the contact section, the consultation request's confirmation and the chat after its contact step", async ({ page }) => {
  await page.goto("/");
  await page
    .locator("#contact")
    .getByRole("link", { name: /Escolha um horário/ })
    .click();
  await expect(page).toHaveURL(/\/agendar$/);
  await expect(page.getByRole("heading", { level: 1, name: "Agende sua consultoria gratuita" })).toBeVisible();

  // The consultation request (a spec button keeps opening it): its confirmation offers a time.
  await page.goto("/");
  await page.getByRole("button", { name: "Solicitar Apresentação de Cases" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Nome/).first().fill("Rita Lobo");
  await dialog.getByLabel(/^E-mail/).fill(`rita.${unique()}@example.com`);
  await dialog.getByLabel(/^Telefone/).fill("31988887777");
  await dialog.getByLabel(/^Empresa/).fill("Lobo Ltda");
  await dialog.getByLabel(/^Área de atuação/).fill("Educação");
  await dialog.getByRole("button", { name: "Enviar solicitação" }).click();
  await page
    .getByRole("region", { name: /Notificações/ })
    .getByRole("button", { name: "Escolha um horário" })
    .click();
  await expect(page).toHaveURL(/\/agendar$/);

  // The chat (the spec's 'Consultoria Gratuita' still opens it), once its contact step is done.
  await page.goto("/");
  await page.getByRole("button", { name: "Consultoria Gratuita" }).last().click();
  const chat = page.getByRole("dialog", { name: "Consultoria Gratuita" });
  await chat.getByLabel("E-mail").fill(`chat.${unique()}@example.com`);
  await chat.getByLabel("Telefone").fill("11987654321");
  await chat.getByRole("button", { name: "Iniciar consultoria" }).click();
  await expect(chat.getByTestId("chat-booking-link").getByRole("link", { name: "Escolha um horário" })).toHaveAttribute("href", "/agendar");
});
