/** The purchase path in the browser, in demo mode (the e2e server has no STRIPE_SECRET_KEY). */
import { expect, test, type Page } from "@playwright/test";
import { axeScan } from "./helpers";

/**
 * The checkout page's payment panel is an island that creates its payment session with a POST as
 * soon as the page's script runs (SPEC §4; docs/decisions/0122); the demo page is a plain form.
 * Nothing here waits for scripts: each step waits for what the visitor waits for. Without
 * JavaScript the checkout is a form post (no-js.spec.ts).
 */

/** `scope`: the page content on site-layout pages (shared header/footer/overlays are checked by their owners). */
async function expectNoAxeViolations(page: Page, scope?: string) {
  const results = await axeScan(page, scope);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * Stops the page's clock (installed with `page.clock.install()`) a moment from now. The moment is
 * read from the page, and a busy machine can take longer than that to ask: then it asks again.
 */
async function holdClock(page: Page) {
  for (let tries = 1; ; tries++) {
    const now = await page.evaluate(() => Date.now());
    try {
      return await page.clock.pauseAt(now + 200);
    } catch (error) {
      if (tries === 5 || !String(error).includes("to the past")) throw error;
    }
  }
}

/** SPEC §4's ready state: the link to the payment page (it opens in a new tab). */
const payLink = (page: Page) => page.getByTestId("checkout-link");

test("buys a product: /produtos → checkout → demo confirm → /payment-success countdown → /produtos", async ({ page, context }) => {
  test.slow(); // two tabs, three accessibility scans and a real 5-second countdown
  // The first tab's clock runs as usual until the test holds it (below).
  await page.clock.install();
  await page.goto("/produtos");
  await page.locator('a[data-buy="chatbot"]').click();

  await expect(page).toHaveURL(/\/checkout\/product\/chatbot$/);
  await expect(page.getByRole("heading", { level: 1, name: "Chatbot Inteligente" })).toBeVisible();
  await expect(page.getByTestId("checkout-price")).toContainText("R$ 3.000,00");
  await expectNoAxeViolations(page, "#conteudo");

  // The page gets ready by itself; the hosted (here: demo) checkout opens in a new tab from its link.
  const [demo] = await Promise.all([context.waitForEvent("page"), payLink(page).click()]);
  await expect(demo).toHaveURL(/\/checkout\/demo\/demo_[0-9a-f]{32}$/);
  // This tab keeps a link to the same payment page, and waits for the payment.
  const link = page.getByTestId("checkout-link");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("href", new URL(demo.url()).pathname);
  await expect(page.getByText("Aguardando a confirmação do pagamento na nova aba...")).toBeVisible();
  await expect(demo.getByText("Modo de demonstração — nenhuma cobrança real")).toBeVisible();
  await expect(demo.getByTestId("demo-total")).toContainText("R$ 3.000,00");
  await expectNoAxeViolations(demo);
  await demo.getByLabel("Nome (opcional)").fill("Ana Compradora");
  await demo.getByLabel("E-mail (opcional)").fill("ana@empresa.com.br");
  await demo.getByRole("button", { name: "Confirmar pagamento de demonstração" }).click();

  await expect(demo).toHaveURL(/\/payment-success\?session_id=demo_/, { timeout: 15_000 });
  await expect(demo.getByRole("heading", { level: 1, name: "Pagamento realizado com sucesso!" })).toBeVisible();
  await expect(demo.getByTestId("order-summary")).toContainText("Chatbot Inteligente");
  await expect(demo.getByTestId("countdown")).toContainText(/em [1-5] segundos?/);
  await expect(demo.getByRole("link", { name: "Voltar ao início" })).toHaveAttribute("href", "/");
  await expect(demo).toHaveURL(/\/produtos$/, { timeout: 10_000 });

  // The first tab noticed the payment and moved on to the success page by itself. Its visitor
  // stops the countdown once it is counting (WCAG 2.2.1). The tab's clock is held from then on:
  // on a busy machine the last second could run out between reading the countdown and the click,
  // which is a race of the test, not of a visitor.
  await expect(page).toHaveURL(/\/payment-success\?session_id=demo_/, { timeout: 10_000 });
  await holdClock(page);
  await expect(page.getByTestId("countdown")).toContainText(/em [1-5] segundos?/);
  await page.getByRole("button", { name: "Permanecer nesta página" }).click();
  await expect(page.getByTestId("countdown")).toHaveText("Redirecionamento automático cancelado.");
  // Stopped means stopped: well past the countdown's end, the page is still there. (The scan
  // needs the clock running: axe waits on timers.)
  await page.clock.runFor(10_000);
  await page.clock.resume();
  await expectNoAxeViolations(page, "#conteudo");
  await expect(page).toHaveURL(/\/payment-success\?session_id=demo_/);
});

test("a plan shows its real name; cancelling the demo checkout goes back to /produtos", async ({ page, context }) => {
  await page.goto("/checkout/plan/plano-estrategico");
  await expect(page.getByRole("heading", { level: 1, name: "Plano Estratégico" })).toBeVisible();
  await expect(page.getByTestId("checkout-price")).toContainText("R$ 8.000,00");
  await expect(page.getByTestId("checkout-price")).toContainText("por mês");

  const [demo] = await Promise.all([context.waitForEvent("page"), payLink(page).click()]);
  await demo.getByRole("button", { name: "Cancelar e voltar aos produtos" }).click();
  await expect(demo).toHaveURL(/\/produtos$/, { timeout: 15_000 });
  await expect(demo.getByText("Pagamento cancelado", { exact: true })).toBeVisible();
});

test("the checkout reaches its ready state by itself: the name, 'Preparando um checkout seguro...', then the link; one POST asks for the session", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/(checkout-session|subscription)$/.test(new URL(request.url()).pathname)) asked.push(request.method());
  });
  // The answer waits a moment, so the loading state can be seen (a real provider takes as long).
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/subscription", async (route) => {
    await answered;
    await route.continue();
  });
  await page.goto("/checkout/plan/plano-inovador");
  await expect(page.getByRole("heading", { level: 1, name: "Plano Inovador" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Preparando um checkout seguro..." })).toBeVisible();
  answer();
  await expect(payLink(page)).toBeVisible();
  await expect(payLink(page)).toHaveAttribute("href", /\/checkout\/demo\/demo_[0-9a-f]{32}$/);
  await expect(payLink(page)).toHaveAttribute("target", "_blank");
  // Nothing claims a payment in another tab before the buyer opened one.
  await expect(page.getByText("Aguardando a confirmação do pagamento")).toHaveCount(0);
  expect(asked).toEqual(["POST"]);
});

test("/payment-success without a payment says so, counts 5 seconds down and goes to /produtos by itself", async ({ page }) => {
  await page.goto("/payment-success?session_id=cs_test_desconhecida");
  await expect(page.getByRole("heading", { level: 1, name: "Nenhum pagamento encontrado" })).toBeVisible();
  await expect(page.getByText("Pagamento realizado com sucesso!")).toHaveCount(0);
  await expect(page.getByTestId("countdown")).toContainText(/em [1-5] segundos?/);
  await expect(page.getByRole("link", { name: "Ver produtos" })).toHaveAttribute("href", "/produtos");
  // Nobody touches the page: SPEC §2's countdown takes it to the products.
  await expect(page).toHaveURL(/\/produtos$/, { timeout: 15_000 });
});

test("on a phone, the countdown waits while the visitor uses the page, says so, and the page has no floating buttons over its actions", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install();
  await page.goto("/payment-success");
  const countdown = page.getByTestId("countdown");
  await expect(countdown).toContainText(/em [1-4] segundos?/); // counting
  await holdClock(page);
  await expect(page.getByTestId("chat-launcher")).toHaveCount(0);
  await expect(page.locator("[data-floating-whatsapp]")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ver produtos" })).toBeInViewport();

  await page.mouse.wheel(0, 120); // the visitor scrolls
  await expect(countdown).toContainText("Redirecionamento pausado enquanto você usa a página");
  await page.clock.runFor(3_900);
  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(countdown).toContainText("pausado");
  // Four seconds after the last touch it counts on, and then goes to the products.
  await page.clock.runFor(200);
  await expect(countdown).toContainText(/Você será redirecionado para a página de produtos em [1-4] segundos?/);
  await page.clock.runFor(6_000);
  await expect(page).toHaveURL(/\/produtos$/);
});

test("'Permanecer nesta página' tapped the moment it is painted, on a phone whose scripts are slow, stops the countdown", async ({
  page,
}) => {
  // The page's module scripts wait until the tap has been made (the early inline script runs).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.clock.install();
  await page.goto("/payment-success", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Permanecer nesta página" }).click();
  release();
  await expect(page.getByTestId("countdown")).toHaveText("Redirecionamento automático cancelado.");
  await page.clock.runFor(10_000); // well past the countdown's end
  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(page.getByRole("button", { name: "Permanecer nesta página" })).toHaveCount(0);
});

test("the back button and invalid routes lead to /produtos", async ({ page }) => {
  await page.goto("/checkout/servico/chatbot");
  await expect(page).toHaveURL(/\/produtos$/);
  await page.goto("/checkout/plan/plano-basico");
  await expect(page).toHaveURL(/\/produtos$/);

  await page.goto("/checkout/product/treinamento-equipe");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Voltar para produtos" }).first().click();
  await expect(page).toHaveURL(/\/produtos$/);
});

test("shows the error state with the server's message when the server fails", async ({ page }) => {
  let calls = 0;
  await page.route("**/api/checkout-session", (route) => {
    calls++;
    return route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ success: false, message: "Serviço de pagamento indisponível" }),
    });
  });
  await page.goto("/checkout/product/consultoria-8-horas");
  const alert = page.getByRole("alert").filter({ hasText: "Erro ao iniciar o pagamento" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Serviço de pagamento indisponível");
  await expect(page.getByTestId("checkout-link")).toHaveCount(0);
  await expectNoAxeViolations(page, "#conteudo");

  // Retry asks again; the back button leaves.
  await alert.getByRole("button", { name: "Tentar novamente" }).click();
  await expect.poll(() => calls).toBe(2);
  await expect(alert).toBeVisible();
  await alert.getByRole("link", { name: "Voltar para produtos" }).click();
  await expect(page).toHaveURL(/\/produtos$/);
});

test("the order appears in the admin", async ({ page, context }) => {
  const email = `diretoria-${Date.now()}@cliente-admin.com`; // unique, so a reused test database does not match an older order
  await page.goto("/checkout/product/mapeamento-completo");
  const [demo] = await Promise.all([context.waitForEvent("page"), payLink(page).click()]);
  await demo.getByLabel("E-mail (opcional)").fill(email);
  await demo.getByRole("button", { name: "Confirmar pagamento de demonstração" }).click();
  await expect(demo).toHaveURL(/\/payment-success/);

  await page.goto("/login");
  await page.getByLabel("Nome de usuário").fill("admin");
  await page.getByLabel("Senha").fill("admin123");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Pedidos" }).click();
  await expect(page).toHaveURL(/\/admin\/pedidos$/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Mapeamento Completo de Processos");
  await expect(row).toContainText("R$ 20.000,00");
  await expect(row).toContainText("Pago");
  await expectNoAxeViolations(page, "#admin-main");
});
