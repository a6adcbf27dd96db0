/**
 * The guards a request passes before its route runs, each read from the route's policy
 * (app/lib/route-policy.ts), applied by the host's policy middleware (server/route-policy.ts):
 *
 * - a body over the route's limit is answered 413 (docs/decisions/0094);
 * - an unsafe request from a foreign origin is refused (CSRF, beside SameSite cookies);
 * - a route whose policy is not public needs the admin's session (pages go to /login, endpoints
 *   answer 401); loaders and actions check again, so a forgotten check cannot open it.
 */
import { env } from "~/config.server";
import { sessionOf } from "~/domain/auth/request-session.server";
import { hasSessionCookie } from "~/domain/auth/sessions.server";
import { DEFAULT_MAX_BODY_BYTES, type RoutePolicy } from "~/lib/route-policy";

/** The request as the host has it (Express's request fits): its method, address and headers. */
export interface GuardedRequest {
  method: string;
  path: string;
  url: string;
  /** The protocol and host it came to (behind a trusted proxy, the forwarded ones). */
  protocol: string;
  host: string;
  headers: { cookie?: string };
  get(name: string): string | undefined;
}

/** How the host answers a refused request (server/route-policy.ts sends it). */
export interface Refusal {
  status: number;
  headers?: Record<string, string>;
  json?: { success: false; message: string };
  text?: string;
  html?: string;
  location?: string;
  /** Read the body to its end before answering, so the client gets the answer, not a reset. */
  drain?: boolean;
  /** Close the connection after the answer (a body not worth reading). */
  close?: boolean;
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

interface GuardedRoute {
  policy: RoutePolicy;
  /** It renders a page: a refusal is a page (or a redirect), not JSON. */
  document: boolean;
}

/**
 * Undefined when the request may go on; otherwise how to refuse it. `prefersHtml` says whether
 * the client asked for a page rather than JSON (a browser's own form post).
 */
export async function guardRequest(req: GuardedRequest, route: GuardedRoute, prefersHtml: () => boolean): Promise<Refusal | undefined> {
  const unsafe = UNSAFE_METHODS.has(req.method);
  // The size first: a body over the limit is refused whoever sends it, before it is read.
  const tooBig = unsafe ? await limitBody(req, route, prefersHtml) : undefined;
  if (tooBig) return tooBig;
  if (unsafe && !sameOrigin(req)) return { status: 403, json: { success: false, message: "Origem da requisição não permitida." } };
  const { policy, document } = route;
  const access = unsafe ? (policy.writeAccess ?? policy.access) : policy.access;
  // Client-side data requests (*.data) get their redirect from the loader in the framework's format.
  if (access === "public" || req.path.endsWith(".data") || (await sessionOf(req))) return undefined;
  if (document) return { status: unsafe ? 303 : 302, location: "/login" };
  return { status: 401, json: { success: false, message: "Não autorizado. Faça login na área administrativa." } };
}

/**
 * CSRF defence next to SameSite cookies (SECURITY.md). A browser's cross-site request carries a
 * foreign Origin: refused. A request that carries the admin's session cookie must also show that
 * it is ours: JSON (which a cross-site page cannot send without a preflight), or a same-origin
 * mark (`Sec-Fetch-Site: same-origin`, or an Origin or Referer whose whole origin is this site's).
 */
function sameOrigin(req: GuardedRequest): boolean {
  // This site's address, and the one this request came to (behind a trusted proxy, its forwarded host).
  const own = new Set([new URL(env.SITE_URL).origin, `${req.protocol}://${req.host}`]);
  const origin = req.get("origin");
  const originOf = (value: string | undefined) => {
    try {
      return value ? new URL(value).origin : undefined;
    } catch {
      return "invalid";
    }
  };
  const ours = (value: string | undefined) => own.has(originOf(value)!);
  if (origin && !ours(origin)) return false;
  // A request without the admin's cookie can act only as any visitor could: nothing to forge.
  if (!hasSessionCookie(req.get("cookie"))) return true;
  const json = /^application\/json\b/i.test(req.get("content-type") ?? "");
  return json || req.get("sec-fetch-site") === "same-origin" || ours(origin) || ours(req.get("referer"));
}

const METHOD_TEXT = "Método não permitido.";

/** OPTIONS (what this address allows, 204) and methods it does not serve (405, never a 5xx), with `Allow`. */
export function methodRefusal(path: string, method: string, allowed: readonly string[]): Refusal | undefined {
  if (method !== "OPTIONS" && allowed.includes(method)) return undefined;
  const headers = { Allow: allowed.join(", ") };
  if (method === "OPTIONS") return { status: 204, headers };
  if (path.startsWith("/api/")) return { status: 405, headers, json: { success: false, message: METHOD_TEXT } };
  return { status: 405, headers, text: METHOD_TEXT };
}

/** Past this, a refused body is not read to its end: the connection is closed instead. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;
const MB = 1024 * 1024;

/**
 * The route's `maxBodyBytes`, else 256 kB; on an admin route a larger limit needs the session,
 * so anyone else's body stops at 256 kB. The body is left in the request for the route to read
 * (React Router reads it as a stream): it is judged by its declared length. A body without one
 * (chunked) is refused with 411; browsers and the deploy recipe's nginx always declare it. A body
 * over the limit is read to its end and dropped, so the client gets the answer instead of a reset
 * connection.
 */
async function limitBody(
  req: GuardedRequest,
  { policy, document }: GuardedRoute,
  prefersHtml: () => boolean,
): Promise<Refusal | undefined> {
  const declared = req.get("content-length");
  if (declared === undefined && !req.get("transfer-encoding")) return undefined; // no body
  const limit = await bodyLimitOf(req, policy);
  const length = Number(declared);
  if (declared !== undefined && length <= limit) return undefined;
  const status = declared === undefined ? 411 : 413;
  const message = status === 411 ? "Envie o tamanho do conteúdo (Content-Length)." : tooLargeMessage(limit);
  const close = status === 411 || length > MAX_DRAINED_BYTES;
  // A form posted by the browser itself (no JavaScript) gets a page it can read, with a way back.
  if (document && prefersHtml()) return { status, html: tooLargePage(message, sameSitePath(req)), drain: !close, close };
  return { status, json: { success: false, message }, drain: !close, close };
}

async function bodyLimitOf(req: GuardedRequest, policy: RoutePolicy): Promise<number> {
  const declared = policy.maxBodyBytes;
  if (!declared || declared <= DEFAULT_MAX_BODY_BYTES) return DEFAULT_MAX_BODY_BYTES;
  if ((policy.writeAccess ?? policy.access) === "public") return declared;
  return (await sessionOf(req)) ? declared : DEFAULT_MAX_BODY_BYTES;
}

/** "O conteúdo enviado é grande demais." and, past the default, the route's limit in whole megabytes. */
function tooLargeMessage(limit: number): string {
  if (limit <= DEFAULT_MAX_BODY_BYTES) return "O conteúdo enviado é grande demais.";
  return `O conteúdo enviado é grande demais: o limite é de ${Math.floor(limit / MB)} MB.`;
}

/** The path of a Referer on this site (the page the form was on), or null. */
function sameSitePath(req: GuardedRequest): string | null {
  try {
    const url = new URL(req.get("referer") ?? "");
    const own = [new URL(env.SITE_URL).origin, `${req.protocol}://${req.host}`];
    return own.includes(url.origin) ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function tooLargePage(message: string, back: string | null): string {
  return (
    '<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Envio grande demais</title><body style="font-family:sans-serif;padding:2rem;max-width:40rem;line-height:1.5">' +
    `<h1>Envio grande demais</h1><p>${escapeHtml(message)}</p>` +
    "<p>Volte ao formulário, escolha um arquivo menor e envie de novo.</p>" +
    `<p>${back ? `<a href="${escapeHtml(back)}">Voltar ao formulário</a> · ` : ""}<a href="/">Ir para o início</a></p></body></html>`
  );
}

/**
 * An address with a NUL byte (an attack or a bug; PostgreSQL refuses it in text) or with broken
 * percent-encoding (the router could not decode it) gets a 400 here, not a warning and a guess.
 */
export function badAddress(req: Pick<GuardedRequest, "url" | "path">): Refusal | undefined {
  if (!req.url.includes("%00") && decodable(req.path)) return undefined;
  return req.url.startsWith("/api/")
    ? { status: 400, json: { success: false, message: "Endereço inválido." } }
    : { status: 400, text: "Endereço inválido." };
}

function decodable(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    // The result is used: a bundler may drop a "pure" call whose value is ignored.
    return decodeURIComponent(path).length >= 0;
  } catch {
    return false;
  }
}
