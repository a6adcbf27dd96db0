/**
 * The assistant service of SPEC §7, called only from the server: its URL, its timeouts, and how
 * its replies are read (they come in several shapes).
 */
import { env } from "~/config.server";
import { OFFLINE_SESSION_PREFIX } from "~/lib/messages/chat";

/** SPEC §9, scaled down only by tests (CHAT_TIMEOUT_SCALE). */
export const SESSION_TIMEOUT_MS = 10_000;
export const MESSAGE_TIMEOUT_MS = 15_000;
/** Longest assistant reply we keep; anything beyond is cut. */
const REPLY_MAX = 10_000;
const UPSTREAM_ID_MAX = 200;

function timeout(ms: number): number {
  return Math.max(50, Math.round(ms * env.CHAT_TIMEOUT_SCALE));
}

export function upstreamUrl(path: string): string | undefined {
  return env.CHAT_API_URL ? `${env.CHAT_API_URL.replace(/\/+$/, "")}${path}` : undefined;
}

// ---------------------------------------------------------------- reply parsing (SPEC §7)
/**
 * The body as the original client saw it: JSON when it is JSON, else the raw text. A body that
 * is a string holding JSON (double-encoded) is parsed once more.
 */
export function parseUpstreamBody(text: string): unknown {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof body === "string") {
    try {
      const inner: unknown = JSON.parse(body);
      if (inner && typeof inner === "object") return inner;
    } catch {
      /* a plain string reply */
    }
  }
  return body;
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/** session_id, then id (SPEC §7). */
export function extractSessionId(body: unknown): string | undefined {
  for (const candidate of [field(body, "session_id"), field(body, "id")]) {
    if (typeof candidate === "number" && Number.isFinite(candidate)) return String(candidate);
    if (typeof candidate === "string") {
      const id = candidate.trim();
      if (id && id.length <= UPSTREAM_ID_MAX && !id.startsWith(OFFLINE_SESSION_PREFIX)) return id;
    }
  }
  return undefined;
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);

/**
 * message.content, the whole body if a string, content, text, assistant.response, otherwise the
 * body serialised as JSON (SPEC §7). Undefined when there is nothing to show (an empty answer).
 */
export function extractReply(body: unknown): string | undefined {
  const reply =
    text(field(field(body, "message"), "content")) ??
    text(body) ??
    text(field(body, "content")) ??
    text(field(body, "text")) ??
    text(field(field(body, "assistant"), "response")) ??
    (body === null || body === undefined || typeof body === "string" ? undefined : JSON.stringify(body));
  if (!reply || reply === "{}" || reply === "[]") return undefined;
  return reply.length > REPLY_MAX ? reply.slice(0, REPLY_MAX) : reply;
}

type UpstreamResult = { ok: true; body: unknown } | { ok: false; reason: string };

export async function callUpstream(url: string, payload: unknown, ms: number): Promise<UpstreamResult> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeout(ms)),
      redirect: "error",
    });
    const raw = await res.text();
    if (!res.ok) return { ok: false, reason: `HTTP ${res.status}` };
    return { ok: true, body: parseUpstreamBody(raw) };
  } catch (error) {
    const e = error as Error;
    return { ok: false, reason: e.name === "TimeoutError" ? "timeout" : e.message };
  }
}
