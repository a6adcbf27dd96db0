/**
 * A local stand-in for the Stripe API, spoken to by the app's official Stripe SDK through
 * STRIPE_API_BASE (tests and `npm run dev:mocks`). It creates, lists and reads Checkout
 * Sessions and lists subscriptions, records every call, and serves a hosted payment page at
 * each session's URL whose button completes the session and returns to its success_url, so a
 * developer can walk the whole purchase locally. Webhooks are signed by the tests with the
 * SDK's own helper.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { listen } from "./listen";

export type Json = Record<string, any>;

export interface StripeCall {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface FakeStripe {
  url: string;
  calls: StripeCall[];
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** While true, creating a session answers Stripe's 400 error. */
  failCreate: boolean;
  /** The session as Stripe reports it after the visitor paid. */
  complete: (sessionId: string, extra?: Json) => Json;
  close: () => Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(4).toString("hex")}` });
  res.end(JSON.stringify(body));
}

const list = (data: Json[], url: string) => ({ object: "list", data, has_more: false, url });
const error = (message: string) => ({ error: { type: "invalid_request_error", message } });
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(port = 0): Promise<FakeStripe> {
  let base = "";
  const fake: FakeStripe = {
    url: "",
    calls: [],
    sessions: new Map(),
    subscriptions: new Map(),
    failCreate: false,
    complete(sessionId, extra = {}) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`sessão desconhecida: ${sessionId}`);
      return Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer_details: { email: "financeiro@cliente.com.br", name: "Cliente Exemplo" },
        ...(session.mode === "payment" ? { payment_intent: `pi_${randomBytes(6).toString("hex")}` } : {}),
        ...extra,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function createSession(params: URLSearchParams): Json {
    const id = `cs_test_${randomBytes(12).toString("hex")}`;
    const session = {
      id,
      object: "checkout.session",
      url: `${base}/c/pay/${id}`,
      mode: params.get("mode"),
      status: "open",
      payment_status: "unpaid",
      amount_total: Number(params.get("line_items[0][price_data][unit_amount]")),
      currency: params.get("line_items[0][price_data][currency]"),
      metadata: { kind: params.get("metadata[kind]"), itemId: params.get("metadata[itemId]"), attempt: params.get("metadata[attempt]") },
      customer_details: null,
      customer_email: null,
      payment_intent: null,
      subscription: null,
      success_url: params.get("success_url"),
      cancel_url: params.get("cancel_url"),
      created: Math.floor(Date.now() / 1000),
    };
    fake.sessions.set(id, session);
    return session;
  }

  /** The hosted payment page (a developer's browser, never the app's SDK). */
  function hostedPage(req: http.IncomingMessage, res: http.ServerResponse, id: string) {
    const session = fake.sessions.get(id);
    if (!session) return res.writeHead(404).end("Sessão não encontrada");
    if (req.method === "POST") {
      fake.complete(id);
      const to = String(session.success_url ?? "/").replace("{CHECKOUT_SESSION_ID}", id);
      return res.writeHead(303, { location: to }).end();
    }
    const amount = (Number(session.amount_total) / 100).toFixed(2);
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Stripe simulado</title>` +
          `<h1>Pagamento simulado</h1><p>${escapeHtml(String(session.metadata.itemId))}: ${amount} ${escapeHtml(String(session.currency))}</p>` +
          `<form method="post"><button>Pagar</button></form>` +
          `<p><a href="${escapeHtml(String(session.cancel_url ?? "/"))}">Cancelar</a></p></html>`,
      );
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stripe.local");
      const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
      if (page) return hostedPage(req, res, page[1]!);
      const params = new URLSearchParams(req.method === "GET" ? url.search : Buffer.concat(chunks).toString("utf8"));
      fake.calls.push({
        method: req.method ?? "",
        path: url.pathname,
        params,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        authorization: req.headers.authorization,
      });
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        return fake.failCreate ? send(res, 400, error("Falha simulada do Stripe")) : send(res, 200, createSession(params));
      }
      const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && one) {
        const session = fake.sessions.get(one[1]!);
        return session ? send(res, 200, session) : send(res, 404, error(`No such checkout.session: '${one[1]}'`));
      }
      if (req.method === "GET" && url.pathname === "/v1/checkout/sessions")
        return send(res, 200, list([...fake.sessions.values()], url.pathname));
      if (req.method === "GET" && url.pathname === "/v1/subscriptions")
        return send(res, 200, list([...fake.subscriptions.values()], url.pathname));
      send(res, 404, error(`Unrecognized request URL (${req.method}: ${url.pathname})`));
    });
  });
  const taken = await listen(server, port);
  base = fake.url = `http://127.0.0.1:${taken}`;
  return fake;
}
