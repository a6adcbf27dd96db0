/** Stripe webhooks: verified, recorded once per event id, applied to orders and subscriptions. */
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import Stripe from "stripe";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { orders, paymentEvents, subscriptions } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { fulfilCheckout, fulfilStripeSession, idOf, outcomeFromSession } from "./fulfilment.server";

// ---------------------------------------------------------------- webhook
export type WebhookResult = { status: number; message?: string; duplicate?: boolean };

/** Verifies the signature over the raw body, then applies the event once (by event id). */
export async function handleStripeWebhook(rawBody: Buffer, signature: string | null): Promise<WebhookResult> {
  if (!env.STRIPE_WEBHOOK_SECRET) return { status: 400, message: "Webhook do Stripe não configurado." };
  if (!signature) return { status: 400, message: "Assinatura do webhook ausente." };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch {
    return { status: 400, message: "Assinatura do webhook inválida." };
  }
  const duplicate = await applyStripeEvent(event);
  return { status: 200, duplicate };
}

/**
 * The event id and its effects are written in one transaction: a failure rolls both back (Stripe
 * retries), a second delivery finds the id and changes nothing. Returns true for a duplicate.
 */
export async function applyStripeEvent(event: Stripe.Event): Promise<boolean> {
  return db().transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (fresh.length === 0) return true;

    const object = event.data.object as unknown;
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
      case "checkout.session.expired":
        await fulfilStripeSession(object as Stripe.Checkout.Session, tx);
        break;
      case "checkout.session.async_payment_failed": {
        const outcome = outcomeFromSession(object as Stripe.Checkout.Session, "failed");
        if (outcome) await fulfilCheckout(outcome, tx);
        break;
      }
      case "invoice.paid":
      case "invoice.payment_succeeded":
        await applyInvoice(tx, object as LooseInvoice, true);
        break;
      case "invoice.payment_failed":
        await applyInvoice(tx, object as LooseInvoice, false);
        break;
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        await syncSubscription(tx, object as Stripe.Subscription, event.type === "customer.subscription.deleted");
        break;
      default:
        logger.debug({ type: event.type }, "evento do Stripe ignorado");
    }
    return false;
  });
}

/** The invoice fields we read, in both the current API shape (parent.subscription_details) and the older one. */
interface LooseInvoice {
  id: string;
  customer_email?: string | null;
  period_end?: number;
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string }; metadata?: Record<string, string> | null } | null } | null;
  lines?: { data?: Array<{ period?: { end?: number } }> };
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

async function applyInvoice(executor: Executor, invoice: LooseInvoice, paid: boolean): Promise<void> {
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null);
  if (!subscriptionId) return; // a one-off invoice: the checkout session carries the order
  let planId = invoice.parent?.subscription_details?.metadata?.planId;
  if (!planId) {
    const [order] = await executor.select({ itemId: orders.itemId }).from(orders).where(eq(orders.subscriptionId, subscriptionId));
    planId = order?.itemId;
  }
  const periodEnd = toDate(invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end);
  const status = paid ? "active" : "past_due";
  const inserted = await executor
    .insert(subscriptions)
    .values({
      providerSubscriptionId: subscriptionId,
      planId: planId ?? "desconhecido",
      status,
      customerEmail: invoice.customer_email ?? null,
      currentPeriodEnd: periodEnd,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (inserted.length) return;

  const mine = eq(subscriptions.providerSubscriptionId, subscriptionId);
  const notCanceled = ne(subscriptions.status, "canceled"); // a canceled subscription is never revived
  if (paid) {
    await executor
      .update(subscriptions)
      .set({
        status,
        currentPeriodEnd: periodEnd ? sql`greatest(${subscriptions.currentPeriodEnd}, ${periodEnd.toISOString()}::timestamptz)` : undefined,
        customerEmail: sql`coalesce(${subscriptions.customerEmail}, ${invoice.customer_email ?? null})`,
        updatedAt: new Date(),
      })
      .where(and(mine, notCanceled));
  } else {
    // A failure for a period already paid (a late, out-of-order event) changes nothing.
    const newerPeriod = periodEnd ? or(isNull(subscriptions.currentPeriodEnd), lt(subscriptions.currentPeriodEnd, periodEnd)) : undefined;
    await executor
      .update(subscriptions)
      .set({ status, updatedAt: new Date() })
      .where(and(mine, notCanceled, newerPeriod));
  }
}

/** A subscription object (event or reconciliation) into our table; canceled is final. */
export async function syncSubscription(executor: Executor, sub: Stripe.Subscription, deleted = false): Promise<void> {
  const loose = sub as Stripe.Subscription & { current_period_end?: number };
  let planId = sub.metadata?.planId;
  if (!planId) {
    const [order] = await executor.select({ itemId: orders.itemId }).from(orders).where(eq(orders.subscriptionId, sub.id));
    planId = order?.itemId;
  }
  if (!planId) return; // not one of ours
  const status = deleted ? "canceled" : sub.status;
  const periodEnd = toDate(sub.items?.data?.[0]?.current_period_end ?? loose.current_period_end);
  const canceledAt = status === "canceled" ? (toDate(sub.canceled_at ?? sub.ended_at) ?? new Date()) : null;
  const inserted = await executor
    .insert(subscriptions)
    .values({ providerSubscriptionId: sub.id, planId, status, currentPeriodEnd: periodEnd, canceledAt })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (inserted.length) return;
  await executor
    .update(subscriptions)
    .set({
      status,
      ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
      ...(canceledAt ? { canceledAt } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(subscriptions.providerSubscriptionId, sub.id), ne(subscriptions.status, "canceled")));
}
