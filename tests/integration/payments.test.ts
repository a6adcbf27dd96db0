/**
 * Payments in demo mode (no STRIPE_SECRET_KEY): both checkout endpoints for every catalog id, bad
 * input, the demo checkout page, fulfilment, the success page and the admin orders page.
 * The Stripe path runs in payments-stripe.test.ts (its own app, pointed at a fake Stripe).
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plans, products } from "~/lib/catalog";
import { first } from "~/lib/first";
import { adminSession, postJson, startTestApp, testHooks, type TestApp } from "../helpers/app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined });
});
afterAll(() => app?.close());

/** Visible text of SSR HTML: React's `<!-- -->` separators and non-breaking spaces removed. */
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/\u00a0|&nbsp;/g, " ");

async function orderCount() {
  const { value } = await app.db().select({ value: count() }).from(app.schema.orders).then(first);
  return value;
}

async function orderBySession(sessionId: string) {
  const order = await app.db().select().from(app.schema.orders).where(eq(app.schema.orders.checkoutSessionId, sessionId)).then(first);
  return order;
}

function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie, origin: app.url } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

async function startCheckout(kind: "product" | "plan", id: string) {
  const res =
    kind === "plan"
      ? await postJson(`${app.url}/api/subscription`, {
          planId: id,
          successUrl: "https://evil.example/ok",
          cancelUrl: "https://evil.example/no",
        })
      : await postJson(`${app.url}/api/checkout-session`, {
          productId: id,
          successUrl: "https://evil.example/ok",
          cancelUrl: "https://evil.example/no",
        });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { success: boolean; url: string; sessionId: string };
}

describe("checkout endpoints (demo mode)", () => {
  it.each(products.map((p) => [p.id, p.priceCents] as const))(
    "POST /api/checkout-session creates a pending order for %s",
    async (id, price) => {
      const body = await startCheckout("product", id);
      expect(body.success).toBe(true);
      expect(body.sessionId).toMatch(/^demo_[0-9a-f]{32}$/);
      expect(body.url).toBe(`/checkout/demo/${body.sessionId}`); // our own page, never a browser-given URL
      const order = await orderBySession(body.sessionId);
      expect(order).toMatchObject({
        kind: "product",
        itemId: id,
        amountCents: price,
        status: "pending",
        provider: "demo",
        currency: "brl",
      });
    },
  );

  it.each(plans.map((p) => [p.id, p.name, p.priceCents] as const))(
    "POST /api/subscription creates a pending order for %s",
    async (id, name, price) => {
      const body = await startCheckout("plan", id);
      const order = await orderBySession(body.sessionId);
      expect(order).toMatchObject({ kind: "plan", itemId: id, itemName: name, amountCents: price, status: "pending" });
    },
  );

  it("rejects bad input with 4xx, the spec's messages, and stores nothing", async () => {
    const before = await orderCount();
    const missing = await postJson(`${app.url}/api/checkout-session`, { successUrl: "x", cancelUrl: "y" });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ success: false, message: "É necessário fornecer um productId ou planId" });
    const missingPlan = await postJson(`${app.url}/api/subscription`, {});
    expect(missingPlan.status).toBe(400);
    expect(missingPlan.json.message).toBe("É necessário fornecer um productId ou planId");

    const cases: Array<[string, unknown, number]> = [
      ["/api/checkout-session", { productId: 42 }, 400],
      ["/api/checkout-session", { productId: ["chatbot"] }, 400],
      ["/api/checkout-session", { productId: "x".repeat(5000) }, 400],
      ["/api/checkout-session", "[1,2]", 400],
      ["/api/checkout-session", "{ quebrado", 400],
      ["/api/checkout-session", { productId: "nao-existe" }, 404],
      ["/api/checkout-session", { productId: "plano-essencial" }, 404], // a plan is not a product
      ["/api/subscription", { planId: "chatbot" }, 404],
      ["/api/subscription", { planId: "plano-basico" }, 404], // the original's mismatched id
      ["/api/subscription", { planId: "__proto__" }, 404],
    ];
    for (const [path, body, status] of cases) {
      const res = await postJson(`${app.url}${path}`, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json?.success).toBe(false);
      expect(typeof res.json?.message).toBe("string");
    }
    const get = await fetch(`${app.url}/api/checkout-session`);
    expect(get.status).toBe(405);
    expect(await orderCount()).toBe(before);
  });

  it("answers the status of a session and 404 for unknown or malformed ids", async () => {
    const { sessionId } = await startCheckout("product", "chatbot");
    const res = await fetch(`${app.url}/api/checkout-session/${sessionId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { status: "pending" } });
    expect((await fetch(`${app.url}/api/checkout-session/demo_${"0".repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/checkout-session/nada`)).status).toBe(404);
  });

  it("refuses webhooks while STRIPE_WEBHOOK_SECRET is not configured", async () => {
    const res = await postJson(
      `${app.url}/api/stripe/webhook`,
      { id: "evt_1", type: "checkout.session.completed" },
      { "stripe-signature": "t=1,v1=abc" },
    );
    expect(res.status).toBe(400);
    const { value } = await app.db().select({ value: count() }).from(app.schema.paymentEvents).then(first);
    expect(value).toBe(0);
  });
});

describe("checkout page", () => {
  it("redirects to /produtos for an unknown type or id", async () => {
    for (const path of [
      "/checkout/servico/chatbot",
      "/checkout/product/nao-existe",
      "/checkout/plan/plano-basico",
      "/checkout/plan/chatbot",
    ]) {
      const res = await fetch(`${app.url}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe("/produtos");
    }
  });

  it("shows the real name and price of plans and products", async () => {
    const plan = text(await (await fetch(`${app.url}/checkout/plan/plano-estrategico`)).text());
    expect(plan).toContain("Plano Estratégico");
    expect(plan).toContain("R$ 8.000,00");
    expect(plan).toContain("Modo de demonstração — nenhuma cobrança real");
    expect(plan).toContain("Ir para o pagamento seguro");
    const product = text(await (await fetch(`${app.url}/checkout/product/mapeamento-completo`)).text());
    expect(product).toContain("Mapeamento Completo de Processos");
    expect(product).toContain("R$ 20.000,00");
  });
});

describe("viewing the checkout creates nothing (docs/decisions/0089)", () => {
  it("opening every checkout page creates no order, and nothing waits before the buyer clicks", async () => {
    const before = await orderCount();
    for (const item of [...products, ...plans]) {
      const path = `/checkout/${item.kind}/${item.id}`;
      const html = text(await (await fetch(`${app.url}${path}`)).text());
      expect(html, path).toContain("Ir para o pagamento seguro");
      // Neither the preparing state nor the wait for a payment before the buyer asked to pay.
      expect(html, path).not.toContain("Preparando um checkout seguro...");
      expect(html, path).not.toContain("Aguardando a confirmação do pagamento");
    }
    expect(await orderCount()).toBe(before);
    // The buyer's click (here: the page's form, as without JavaScript) creates exactly one.
    const res = await postForm("/checkout/product/chatbot", {});
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/checkout\/demo\/demo_[0-9a-f]{32}$/);
    expect(await orderCount()).toBe(before + 1);
  });
});

describe("demo checkout", () => {
  it("shows a clearly labelled page with the item and its price", async () => {
    const { sessionId } = await startCheckout("product", "treinamento-equipe");
    const res = await fetch(`${app.url}/checkout/demo/${sessionId}`);
    expect(res.status).toBe(200);
    const html = text(await res.text());
    expect(html).toContain("Modo de demonstração — nenhuma cobrança real");
    expect(html).toContain("Treinamento de Equipe");
    expect(html).toContain("R$ 5.000,00");
    expect((await fetch(`${app.url}/checkout/demo/demo_${"f".repeat(32)}`)).status).toBe(404);
  });

  it("confirms once: order paid with the buyer's details, one notification, success page shows it", async () => {
    const { sessionId } = await startCheckout("product", "chatbot");
    const { value: outboxBefore } = await app.db().select({ value: count() }).from(app.schema.outbox).then(first);

    const res = await postForm(`/checkout/demo/${sessionId}`, { intent: "confirm", name: "Maria Souza", email: "maria@empresa.com.br" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/payment-success?session_id=${sessionId}`);
    const paid = await orderBySession(sessionId);
    expect(paid).toMatchObject({
      status: "paid",
      customerEmail: "maria@empresa.com.br",
      customerName: "Maria Souza",
      amountCents: 300_000,
    });
    expect(paid.paidAt).toBeInstanceOf(Date);

    // A second confirm (double click, back button) changes nothing.
    const again = await postForm(`/checkout/demo/${sessionId}`, { intent: "confirm", email: "outra@empresa.com" });
    expect(again.status).toBe(302);
    const still = await orderBySession(sessionId);
    expect(still.paidAt).toEqual(paid.paidAt);
    expect(still.customerEmail).toBe("maria@empresa.com.br");
    const { value: outboxAfter } = await app.db().select({ value: count() }).from(app.schema.outbox).then(first);
    expect(outboxAfter - outboxBefore).toBe(1);

    // The demo page of a paid order goes to the success page.
    const revisit = await fetch(`${app.url}/checkout/demo/${sessionId}`, { redirect: "manual" });
    expect(revisit.status).toBe(302);

    const success = text(await (await fetch(`${app.url}/payment-success?session_id=${sessionId}`)).text());
    expect(success).toContain("Pagamento realizado com sucesso!");
    expect(success).toContain("Chatbot Inteligente");
    expect(success).toContain("R$ 3.000,00");
    expect(success).toContain("5 segundos");

    // The reports of that payment (two confirms, the success page) took no order number: the next is the one after.
    const { sessionId: next } = await startCheckout("product", "chatbot");
    expect((await orderBySession(next)).id).toBe(paid.id + 1);
  });

  it("records a plan as an active subscription, once", async () => {
    const { sessionId } = await startCheckout("plan", "plano-inovador");
    for (let i = 0; i < 2; i++) {
      expect((await postForm(`/checkout/demo/${sessionId}`, { intent: "confirm", email: "cto@empresa.com" })).status).toBe(302);
    }
    const order = await orderBySession(sessionId);
    expect(order.subscriptionId).toMatch(/^demo_sub_/);
    const subs = await app
      .db()
      .select()
      .from(app.schema.subscriptions)
      .where(eq(app.schema.subscriptions.providerSubscriptionId, order.subscriptionId!));
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ planId: "plano-inovador", status: "active", customerEmail: "cto@empresa.com" });
  });

  it("rejects an invalid e-mail and leaves the order pending", async () => {
    const { sessionId } = await startCheckout("product", "consultoria-8-horas");
    const res = await postForm(`/checkout/demo/${sessionId}`, { intent: "confirm", email: "sem-arroba" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Email inválido");
    expect((await orderBySession(sessionId)).status).toBe("pending");
  });

  it("cancels back to /produtos, after which the session cannot be paid", async () => {
    const { sessionId } = await startCheckout("product", "implementacao-agente");
    const res = await postForm(`/checkout/demo/${sessionId}`, { intent: "cancel" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/produtos");
    expect((await orderBySession(sessionId)).status).toBe("canceled");
    const late = await postForm(`/checkout/demo/${sessionId}`, { intent: "confirm" });
    expect(late.status).toBe(409);
    expect((await orderBySession(sessionId)).status).toBe("canceled");
  });

  it("without a session we know, says no payment was found, offers the products and counts down to them (SPEC §2; decision 0122)", async () => {
    for (const path of ["/payment-success", `/payment-success?session_id=demo_${"0".repeat(32)}`, "/payment-success?session_id=nada"]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.status, path).toBe(200);
      const html = text(await res.text());
      expect(html, path).toContain("Nenhum pagamento encontrado");
      expect(html, path).not.toContain("Pagamento realizado com sucesso!");
      expect(html, path).not.toContain('data-testid="order-summary"');
      expect(html, path).toContain('data-testid="countdown"');
      // Without JavaScript the page moves on too.
      expect(html, path).toContain('<meta http-equiv="refresh" content="5; url=/produtos">');
      expect(html, path).toContain('href="/produtos"');
    }
  });
});

describe("abandoned checkouts", () => {
  it("a checkout still pending after 24 hours expires (Cancelado), a newer one stays pending, a late payment still counts", async () => {
    const { orders } = app.schema;
    const order = (sessionId: string, hoursAgo: number) => ({
      kind: "product",
      itemId: products[0]!.id,
      itemName: products[0]!.name,
      amountCents: products[0]!.priceCents,
      provider: "demo",
      checkoutSessionId: sessionId,
      createdAt: new Date(Date.now() - hoursAgo * 3600_000),
    });
    await app
      .db()
      .insert(orders)
      .values([order("cs_demo_abandonado", 25), order("cs_demo_recente", 1)]);
    const { expireAbandonedCheckouts } = await testHooks();
    expect(await expireAbandonedCheckouts()).toBe(1);
    const status = async (sessionId: string) =>
      (await app.db().select({ status: orders.status }).from(orders).where(eq(orders.checkoutSessionId, sessionId)).then(first)).status;
    expect(await status("cs_demo_abandonado")).toBe("canceled");
    expect(await status("cs_demo_recente")).toBe("pending");
    expect(await expireAbandonedCheckouts()).toBe(0);

    const cookie = await adminSession(app);
    const page = await (await fetch(`${app.url}/admin/pedidos`, { headers: { cookie } })).text();
    expect(page).toContain("Um pagamento não concluído em 24 horas expira, como no Stripe, e o pedido passa a Cancelado.");
  });
});

describe("admin orders page", () => {
  it("requires a session and lists orders and subscriptions", async () => {
    const anonymous = await fetch(`${app.url}/admin/pedidos`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login");

    const cookie = await adminSession(app);
    const res = await fetch(`${app.url}/admin/pedidos`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = text(await res.text());
    expect(html).toContain("Pedidos e assinaturas");
    expect(html).toContain("maria@empresa.com.br");
    expect(html).toContain("Pago");
    expect(html).toContain("Cancelado");
    expect(html).toContain("Plano Inovador");
    expect(html).toContain("R$ 10.000,00/mês");
    // A subscription is named by its number, not by the provider's raw id.
    const [sub] = await app.db().select().from(app.schema.subscriptions).limit(1);
    expect(html).toContain(`Assinatura nº ${sub!.id}`);
    expect(html).not.toContain(`…${sub!.providerSubscriptionId.slice(-8)}`);
    // No Stripe here: the sync action is refused.
    expect((await postForm("/admin/pedidos", {}, cookie)).status).toBe(400);
  });

  it("shows 25 orders a page with 'Anterior'/'Próxima', the total, and filters by status", async () => {
    await app
      .db()
      .insert(app.schema.orders)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          kind: "product",
          itemId: "chatbot",
          itemName: "Chatbot",
          amountCents: 100,
          status: i % 10 === 0 ? "failed" : "paid",
          provider: "demo",
          customerEmail: `pagina${i}@empresa.com.br`,
        })),
      );
    const cookie = await adminSession(app);
    const page = async (query: string) => text(await (await fetch(`${app.url}/admin/pedidos${query}`, { headers: { cookie } })).text());
    const total = (await app.db().select().from(app.schema.orders)).length;
    const one = await page("");
    expect(one).toContain(`${total} pedidos`);
    expect(one).toContain(`Página 1 de ${Math.ceil(total / 25)}`);
    expect(one).toContain("Próxima");
    // Each address is in the table and in the page's data: count each once.
    expect(new Set(one.match(/pagina\d+@empresa/g)).size).toBeLessThanOrEqual(25);
    expect(await page("?pagina=2")).toContain("Anterior");
    const failed = await page("?situacao=failed");
    const failedCount = (await app.db().select().from(app.schema.orders).where(eq(app.schema.orders.status, "failed"))).length;
    expect(failed).toContain(failedCount === 1 ? "1 pedido" : `${failedCount} pedidos`);
    expect(failed).toContain("pagina0@empresa.com.br");
    expect(failed).not.toContain("pagina1@empresa.com.br");
  });
});
