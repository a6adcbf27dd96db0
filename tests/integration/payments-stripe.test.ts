/**
 * The Stripe path: the app's official SDK talks to the fake Stripe API of tests/mocks/stripe.ts
 * (STRIPE_API_BASE), and webhooks are signed with the SDK's own test helper.
 */
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findCatalogItem, plans, products } from "~/lib/catalog";
import { first } from "~/lib/first";
import { loginCookie, postJson, startTestApp, type TestApp } from "../helpers/app";
import { type FakeStripe, type Json, startFakeStripe } from "../mocks/stripe";

const SITE = "https://loja.example.com";
const WEBHOOK_SECRET = "whsec_test_segredo";

// ---------------------------------------------------------------- app and fake Stripe
let stripe: FakeStripe;
let app: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await startTestApp({
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    SITE_URL: SITE,
    ADMIN_PASSWORD: "Loja-Senha-Forte-2026", // a public (https) address needs a real one
  });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});
beforeEach(() => {
  stripe.calls.length = 0;
  stripe.failCreate = false;
});

async function orderBySession(sessionId: string) {
  const order = await app.db().select().from(app.schema.orders).where(eq(app.schema.orders.checkoutSessionId, sessionId)).then(first);
  return order;
}

async function countRows(table: "orders" | "paymentEvents" | "outbox" | "subscriptions") {
  const { value } = await app.db().select({ value: count() }).from(app.schema[table]).then(first);
  return value;
}

async function buy(kind: "product" | "plan", id: string) {
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
  return res.json as { success: true; url: string; sessionId: string };
}

function sendWebhook(event: Json, signature?: string) {
  const payload = JSON.stringify(event);
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return postJson(`${app.url}/api/stripe/webhook`, payload, { "stripe-signature": header });
}

let eventCounter = 0;
function event(type: string, object: Json, id = `evt_test_${++eventCounter}_${randomBytes(4).toString("hex")}`): Json {
  return {
    id,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  };
}

const completeSession = (sessionId: string, extra: Json = {}) => stripe.complete(sessionId, extra);

// ---------------------------------------------------------------- tests
describe("creating Checkout Sessions", () => {
  it.each([...products, ...plans].map((i) => [i.kind, i.id] as const))(
    "%s %s: catalog price, site URLs, pt-BR, idempotency key",
    async (kind, id) => {
      const item = findCatalogItem(kind, id)!;
      const body = await buy(kind, id);
      expect(body.url).toBe(`${stripe.url}/c/pay/${body.sessionId}`);

      const create = stripe.calls.find((c) => c.method === "POST" && c.path === "/v1/checkout/sessions")!;
      const p = create.params;
      expect(create.authorization).toBe("Bearer sk_test_x");
      expect(create.idempotencyKey).toMatch(/^checkout-[0-9a-f-]{36}$/);
      expect(p.get("mode")).toBe(kind === "plan" ? "subscription" : "payment");
      expect(p.get("line_items[0][quantity]")).toBe("1");
      expect(p.get("line_items[0][price_data][unit_amount]")).toBe(String(item.priceCents));
      expect(p.get("line_items[0][price_data][currency]")).toBe("brl");
      expect(p.get("line_items[0][price_data][product_data][name]")).toBe(item.name);
      expect(p.get("line_items[0][price_data][recurring][interval]")).toBe(kind === "plan" ? "month" : null);
      expect(p.get("locale")).toBe("pt-BR");
      expect(p.get("success_url")).toBe(`${SITE}/payment-success?session_id={CHECKOUT_SESSION_ID}`);
      expect(p.get("cancel_url")).toBe(`${SITE}/produtos`);
      expect(p.get("metadata[kind]")).toBe(kind);
      expect(p.get("metadata[itemId]")).toBe(id);
      if (kind === "plan") expect(p.get("subscription_data[metadata][planId]")).toBe(id);
      expect(p.toString()).not.toContain("evil.example"); // the browser's URLs are never forwarded

      expect(await orderBySession(body.sessionId)).toMatchObject({
        provider: "stripe",
        status: "pending",
        amountCents: item.priceCents,
        itemId: id,
      });
    },
  );

  it("uses a new idempotency key for every attempt", async () => {
    await buy("product", "chatbot");
    await buy("product", "chatbot");
    const keys = stripe.calls.filter((c) => c.method === "POST").map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it("answers the spec's message and stores nothing when Stripe refuses", async () => {
    stripe.failCreate = true;
    const before = await countRows("orders");
    const res = await postJson(`${app.url}/api/checkout-session`, { productId: "chatbot" });
    expect(res.status).toBe(502);
    expect(res.json).toEqual({ success: false, message: "Não foi possível criar a sessão de pagamento" });
    expect(await countRows("orders")).toBe(before);
  });

  it("never calls Stripe for bad input", async () => {
    expect((await postJson(`${app.url}/api/subscription`, { planId: "plano-premium" })).status).toBe(404);
    expect((await postJson(`${app.url}/api/checkout-session`, {})).status).toBe(400);
    expect(stripe.calls).toHaveLength(0);
  });
});

describe("success page", () => {
  it("reads the session from Stripe and fulfils it once", async () => {
    const { sessionId } = await buy("product", "consultoria-8-horas");
    completeSession(sessionId);
    const outboxBefore = await countRows("outbox");

    const html = (await (await fetch(`${app.url}/payment-success?session_id=${sessionId}`)).text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Consultoria Estratégica (8 horas)");
    expect(stripe.calls.some((c) => c.method === "GET" && c.path === `/v1/checkout/sessions/${sessionId}`)).toBe(true);
    const order = await orderBySession(sessionId);
    expect(order).toMatchObject({ status: "paid", customerEmail: "financeiro@cliente.com.br" });
    expect(order.paymentIntentId).toMatch(/^pi_/);

    stripe.calls.length = 0;
    await fetch(`${app.url}/payment-success?session_id=${sessionId}`);
    expect(stripe.calls).toHaveLength(0); // already paid: no second Stripe call
    expect((await orderBySession(sessionId)).paidAt).toEqual(order.paidAt);
    expect((await countRows("outbox")) - outboxBefore).toBe(1);
  });

  it("leaves an unpaid session pending", async () => {
    const { sessionId } = await buy("product", "chatbot");
    const html = (await (await fetch(`${app.url}/payment-success?session_id=${sessionId}`)).text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Pagamento em processamento");
    expect((await orderBySession(sessionId)).status).toBe("pending");
  });
});

describe("webhook", () => {
  it("rejects a missing, wrong or stale signature and records nothing", async () => {
    const { sessionId } = await buy("product", "chatbot");
    const evt = event("checkout.session.completed", completeSession(sessionId));
    const payload = JSON.stringify(evt);
    const before = await countRows("paymentEvents");

    const missing = await postJson(`${app.url}/api/stripe/webhook`, payload);
    const wrongSecret = await sendWebhook(evt, Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_outro" }));
    const stale = await sendWebhook(
      evt,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    );
    const tampered = await postJson(`${app.url}/api/stripe/webhook`, payload.replace("chatbot", "mapeamento-completo"), {
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    });
    for (const res of [missing, wrongSecret, stale, tampered]) {
      expect(res.status).toBe(400);
      expect(res.json.success).toBe(false);
    }
    expect(await countRows("paymentEvents")).toBe(before);
    expect((await orderBySession(sessionId)).status).toBe("pending");
  });

  it("records checkout.session.completed once; a duplicate delivery changes nothing", async () => {
    const { sessionId } = await buy("product", "implementacao-agente");
    const evt = event("checkout.session.completed", completeSession(sessionId));
    const outboxBefore = await countRows("outbox");

    const firstDelivery = await sendWebhook(evt);
    expect(firstDelivery.status).toBe(200);
    expect(firstDelivery.json).toEqual({ success: true, data: { received: true, duplicate: false } });
    const paid = await orderBySession(sessionId);
    expect(paid).toMatchObject({ status: "paid", amountCents: 1_000_000, customerName: "Cliente Exemplo" });

    const second = await sendWebhook(evt);
    expect(second.status).toBe(200);
    expect(second.json.data.duplicate).toBe(true);
    expect((await orderBySession(sessionId)).paidAt).toEqual(paid.paidAt);
    const rows = await app.db().select().from(app.schema.paymentEvents).where(eq(app.schema.paymentEvents.id, evt.id));
    expect(rows).toHaveLength(1);
    expect(first(rows).type).toBe("checkout.session.completed");
    expect((await countRows("outbox")) - outboxBefore).toBe(1);

    // A different event for the same session (e.g. the success page racing the webhook) is also a no-op.
    await sendWebhook(event("checkout.session.completed", stripe.sessions.get(sessionId)!));
    expect((await orderBySession(sessionId)).paidAt).toEqual(paid.paidAt);
    expect((await countRows("outbox")) - outboxBefore).toBe(1);
  });

  it("applies an event once even when deliveries arrive at the same time", async () => {
    const { sessionId } = await buy("plan", "plano-essencial");
    const subId = `sub_${randomBytes(8).toString("hex")}`;
    const evt = event("checkout.session.completed", completeSession(sessionId, { subscription: subId }));
    const outboxBefore = await countRows("outbox");
    const results = await Promise.all(Array.from({ length: 5 }, () => sendWebhook(evt)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.json.data.duplicate === false)).toHaveLength(1);
    expect((await countRows("outbox")) - outboxBefore).toBe(1);
    const subs = await app.db().select().from(app.schema.subscriptions).where(eq(app.schema.subscriptions.providerSubscriptionId, subId));
    expect(subs).toHaveLength(1);
  });

  it("creates the order from the session's metadata when the row is missing", async () => {
    const id = `cs_test_${randomBytes(12).toString("hex")}`;
    const session = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: 500_000,
      currency: "brl",
      metadata: { kind: "product", itemId: "treinamento-equipe" },
      customer_details: { email: "rh@cliente.com" },
    };
    expect((await sendWebhook(event("checkout.session.completed", session))).status).toBe(200);
    expect(await orderBySession(id)).toMatchObject({
      status: "paid",
      itemName: "Treinamento de Equipe",
      amountCents: 500_000,
      provider: "stripe",
    });
  });

  it("ignores sessions that are not ours and unknown event types (but answers 200)", async () => {
    const before = await countRows("orders");
    const foreign = {
      id: `cs_test_${randomBytes(12).toString("hex")}`,
      object: "checkout.session",
      status: "complete",
      payment_status: "paid",
      metadata: {},
    };
    expect((await sendWebhook(event("checkout.session.completed", foreign))).status).toBe(200);
    expect((await sendWebhook(event("charge.refunded", { id: "ch_1", object: "charge" }))).status).toBe(200);
    expect(await countRows("orders")).toBe(before);
  });

  it("follows a subscription through paid, failed and deleted events, in any order", async () => {
    const { sessionId } = await buy("plan", "plano-estrategico");
    const subId = `sub_${randomBytes(8).toString("hex")}`;
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
    const invoice = (id: string, end: number) => ({
      id,
      object: "invoice",
      customer_email: "ti@cliente.com",
      parent: { type: "subscription_details", subscription_details: { subscription: subId, metadata: { planId: "plano-estrategico" } } },
      lines: { object: "list", data: [{ period: { start: end - 30 * 24 * 3600, end } }] },
    });
    const subRow = async () =>
      app.db().select().from(app.schema.subscriptions).where(eq(app.schema.subscriptions.providerSubscriptionId, subId)).then(first);

    // invoice.paid arrives before checkout.session.completed.
    expect((await sendWebhook(event("invoice.paid", invoice("in_1", periodEnd)))).status).toBe(200);
    expect(await subRow()).toMatchObject({ planId: "plano-estrategico", status: "active", customerEmail: "ti@cliente.com" });
    expect((await subRow()).currentPeriodEnd?.getTime()).toBe(periodEnd * 1000);

    await sendWebhook(event("checkout.session.completed", completeSession(sessionId, { subscription: subId })));
    const order = await orderBySession(sessionId);
    expect(order).toMatchObject({ status: "paid", subscriptionId: subId, amountCents: 800_000 });
    expect(
      await app.db().select().from(app.schema.subscriptions).where(eq(app.schema.subscriptions.providerSubscriptionId, subId)),
    ).toHaveLength(1);

    // A late failure for the period already paid changes nothing; a failure for the next one does.
    await sendWebhook(event("invoice.payment_failed", invoice("in_1", periodEnd)));
    expect((await subRow()).status).toBe("active");
    await sendWebhook(event("invoice.payment_failed", invoice("in_2", periodEnd + 30 * 24 * 3600)));
    expect((await subRow()).status).toBe("past_due");

    const canceled = {
      id: subId,
      object: "subscription",
      status: "canceled",
      metadata: { planId: "plano-estrategico" },
      canceled_at: Math.floor(Date.now() / 1000),
      items: { object: "list", data: [] },
    };
    await sendWebhook(event("customer.subscription.deleted", canceled));
    expect(await subRow()).toMatchObject({ status: "canceled" });
    expect((await subRow()).canceledAt).toBeInstanceOf(Date);

    // An old invoice.paid delivered after the cancellation does not revive it.
    await sendWebhook(event("invoice.paid", invoice("in_3", periodEnd + 60 * 24 * 3600)));
    expect((await subRow()).status).toBe("canceled");
  });
});

describe("reconciliation", () => {
  it("repairs what a missed webhook left behind, from the admin's sync button", async () => {
    const { sessionId } = await buy("product", "mapeamento-completo");
    completeSession(sessionId);
    const expired = await buy("product", "chatbot");
    Object.assign(stripe.sessions.get(expired.sessionId)!, { status: "expired" });
    const subId = `sub_${randomBytes(8).toString("hex")}`;
    stripe.subscriptions.set(subId, {
      id: subId,
      object: "subscription",
      status: "past_due",
      metadata: { planId: "plano-essencial" },
      items: {
        object: "list",
        data: [{ id: "si_1", object: "subscription_item", current_period_end: Math.floor(Date.now() / 1000) + 86_400 }],
      },
    });

    const anonymous = await fetch(`${app.url}/admin/pedidos`, { method: "POST", redirect: "manual" });
    // A form post without a session is sent to the login (303: the browser follows it with a GET).
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([303, "/login"]);
    expect((await orderBySession(sessionId)).status).toBe("pending");

    const cookie = await loginCookie(app, "admin", "Loja-Senha-Forte-2026");
    const res = await fetch(`${app.url}/admin/pedidos`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(res.status).toBe(200);
    expect(stripe.calls.some((c) => c.method === "GET" && c.path === "/v1/checkout/sessions" && c.params.get("created[gte]"))).toBe(true);
    expect(await orderBySession(sessionId)).toMatchObject({ status: "paid", customerEmail: "financeiro@cliente.com.br" });
    expect((await orderBySession(expired.sessionId)).status).toBe("canceled");
    const [sub] = await app.db().select().from(app.schema.subscriptions).where(eq(app.schema.subscriptions.providerSubscriptionId, subId));
    expect(sub).toMatchObject({ planId: "plano-essencial", status: "past_due" });
    const audit = await app.db().select().from(app.schema.auditLog).where(eq(app.schema.auditLog.action, "payments.reconcile"));
    expect(audit).toHaveLength(1);

    // Running it again changes nothing.
    const paidAt = (await orderBySession(sessionId)).paidAt;
    await fetch(`${app.url}/admin/pedidos`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect((await orderBySession(sessionId)).paidAt).toEqual(paidAt);
  });
});
