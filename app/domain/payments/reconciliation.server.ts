/** Repairs what a missed webhook left behind (a job, and the admin's sync button), and the admin's order lists. */
import { desc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders, subscriptions } from "~/db/schema";
import { logger } from "~/infra/logger.server";
import { type Order, paymentsMode, stripe, type Subscription } from "./checkout.server";
import { fulfilStripeSession } from "./fulfilment.server";
import { syncSubscription } from "./webhook.server";

/** How far back the reconciliation job re-reads Checkout Sessions (they expire after 24 h). */
const RECONCILE_LOOKBACK_SECONDS = 3 * 24 * 3600;
const RECONCILE_MAX_OBJECTS = 500;

// ---------------------------------------------------------------- reconciliation
export interface ReconcileReport {
  sessions: number;
  ordersChanged: number;
  subscriptions: number;
}

/**
 * Re-reads recent Checkout Sessions and the subscriptions from Stripe and applies them through the
 * same idempotent functions, repairing what a missed webhook left behind. Safe on every instance.
 */
export async function reconcileStripe(): Promise<ReconcileReport> {
  const report: ReconcileReport = { sessions: 0, ordersChanged: 0, subscriptions: 0 };
  if (paymentsMode() !== "stripe") return report;
  const since = Math.floor(Date.now() / 1000) - RECONCILE_LOOKBACK_SECONDS;
  for await (const session of stripe().checkout.sessions.list({ created: { gte: since }, limit: 100 })) {
    if (++report.sessions > RECONCILE_MAX_OBJECTS) break;
    if (session.status === "open") continue;
    const result = await db().transaction((tx) => fulfilStripeSession(session, tx));
    if (result?.changed) report.ordersChanged++;
  }
  for await (const sub of stripe().subscriptions.list({ status: "all", limit: 100 })) {
    if (++report.subscriptions > RECONCILE_MAX_OBJECTS) break;
    await syncSubscription(db(), sub);
  }
  if (report.ordersChanged) logger.warn(report, "reconciliação do Stripe corrigiu pedidos");
  return report;
}

// ---------------------------------------------------------------- admin
export async function listOrders(limit = 200): Promise<Order[]> {
  return db().select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
}

export async function listSubscriptions(limit = 200): Promise<Subscription[]> {
  return db().select().from(subscriptions).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).limit(limit);
}
