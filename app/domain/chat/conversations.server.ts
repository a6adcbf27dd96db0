/**
 * The free-consultation chat (SPEC §4, §7, §8) behind a server-side proxy: the browser talks only
 * to us; we hold the assistant service's key, call it with the exact bodies of SPEC §7, store every
 * session (a lead) and every message, and fall back to the spec's offline mode whenever the
 * service is missing, silent or broken. The contact step's storage is the chat form's
 * (app/forms/chat/store.server.ts), on the sessions kept here.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { isUniqueViolation } from "~/db/driver.server";
import { chatMessages, chatSessions } from "~/db/schema";
import { fail } from "~/infra/http.server";
import { logger } from "~/infra/logger.server";
import { hitNetworkLimit, retryText } from "~/infra/rate-limit.server";
import { first } from "~/lib/first";
import { chatTexts, OFFLINE_SESSION_PREFIX, offlineReply, PARSE_ERROR_REPLY, sendFailureReply } from "~/lib/messages/chat";
import type { ChatReplyData, ChatSessionData, ChatSessionNotice } from "~/lib/schemas/chat";
import { sessionSecret } from "../auth/cookies.server";
import { callUpstream, extractReply, extractSessionId, MESSAGE_TIMEOUT_MS, SESSION_TIMEOUT_MS, upstreamUrl } from "./upstream.server";

// Per-IP limits (multiplied by RATE_LIMIT_FACTOR) and a per-conversation cap on upstream cost.
export const CHAT_LIMITS = {
  sessionsPerIp: { limit: 30, windowSeconds: 60 * 60 },
  contactsPerIp: { limit: 20, windowSeconds: 60 * 60 },
  messagesPerIp: { limit: 60, windowSeconds: 10 * 60 },
} as const;
/** Visitor messages per conversation: caps what one session can cost at the assistant service. */
export const MESSAGES_PER_SESSION = 100;

/** Counts one request of `kind` from `ip`; a 429 Response when over the limit, else null. */
export async function chatRateLimit(kind: keyof typeof CHAT_LIMITS, ip: string): Promise<Response | null> {
  const { limit, windowSeconds } = CHAT_LIMITS[kind];
  const rate = await hitNetworkLimit(`chat:${kind}`, ip, limit, windowSeconds);
  if (rate.allowed) return null;
  return fail(429, `Muitas solicitações ao chat. Tente novamente em ${retryText(rate.retryAfterSeconds)}.`, undefined, {
    headers: { "Retry-After": String(rate.retryAfterSeconds) },
  });
}

// ---------------------------------------------------------------- session ownership
/** The browser proves it owns a session with this HMAC; offline ids are guessable timestamps. */
async function sessionToken(sessionId: string): Promise<string> {
  return createHmac("sha256", await sessionSecret())
    .update(`chat:${sessionId}`)
    .digest("base64url");
}

async function verifyToken(sessionId: string, token: string): Promise<boolean> {
  const expected = Buffer.from(await sessionToken(sessionId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type ChatSessionRow = typeof chatSessions.$inferSelect;

/** The session `sessionId` names, when `token` proves the browser owns it. */
export async function ownedSession(sessionId: string, token: string): Promise<ChatSessionRow | undefined> {
  if (!(await verifyToken(sessionId, token))) return undefined;
  const [row] = await db().select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
  return row;
}

export async function addMessage(executor: Executor, chatSessionId: number, role: "user" | "assistant", content: string) {
  await executor.insert(chatMessages).values({ chatSessionId, role, content });
}

/** 'offline-{timestamp}' (SPEC §3); two visitors in the same millisecond get the next one. */
export async function insertOfflineSession(ip: string, executor: Executor = db()): Promise<ChatSessionRow> {
  const now = Date.now();
  for (let i = 0; i < 50; i++) {
    const [row] = await executor
      .insert(chatSessions)
      .values({ sessionId: `${OFFLINE_SESSION_PREFIX}${now + i}`, offline: true, ip })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error("não foi possível criar uma sessão offline");
}

/** What the widget keeps of its session: the id, the token proving it owns it, offline or not. */
export async function sessionData(row: ChatSessionRow, notice: ChatSessionNotice): Promise<ChatSessionData> {
  return { sessionId: row.sessionId, token: await sessionToken(row.sessionId), offline: row.offline, notice };
}

// ---------------------------------------------------------------- use cases
/**
 * POST /api/chat/session: an upstream session, or an offline one saying why (SPEC §8). A site
 * with no assistant configured is offline on purpose: its sessions carry no notice, so the
 * visitor sees the offline conversation without an error toast.
 */
export async function createChatSession(ip: string): Promise<ChatSessionData> {
  const url = upstreamUrl("/api/chat/session");
  let notice: ChatSessionNotice = url ? "unavailable" : null;
  if (url) {
    const result = await callUpstream(url, { api_key: env.CHAT_API_KEY, assistant_id: env.CHAT_ASSISTANT_ID }, SESSION_TIMEOUT_MS);
    if (result.ok) {
      const upstreamId = extractSessionId(result.body);
      if (upstreamId) {
        try {
          const row = first(await db().insert(chatSessions).values({ sessionId: upstreamId, offline: false, ip }).returning());
          await addMessage(db(), row.id, "assistant", chatTexts.firstMessage);
          return sessionData(row, null);
        } catch (error) {
          // The service handed out an id we already have: never mix two visitors' conversations.
          if (!isUniqueViolation(error)) throw error;
          logger.warn({ upstreamId }, "chat: o serviço repetiu um id de sessão; modo offline");
        }
      } else {
        notice = "no-id";
        logger.warn("chat: o serviço respondeu sem id de sessão; modo offline");
      }
    } else {
      logger.warn({ reason: result.reason }, "chat: falha ao criar sessão; modo offline");
    }
  }
  const row = await insertOfflineSession(ip);
  await addMessage(db(), row.id, "assistant", chatTexts.firstMessage);
  return sessionData(row, notice);
}

export type ChatResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

export const INVALID_SESSION = { ok: false, status: 403, message: "Sessão de chat inválida. Feche e abra o chat novamente." } as const;

/**
 * POST /api/chat: stores the visitor's message, asks the assistant (online) or answers with the
 * offline reply, stores the answer, and tells the widget which SPEC §8 case happened.
 */
export async function sendChatMessage(input: { sessionId: string; token: string; content: string }): Promise<ChatResult<ChatReplyData>> {
  const session = await ownedSession(input.sessionId, input.token);
  if (!session) return INVALID_SESSION;
  if (!session.email || !session.phone) {
    return { ok: false, status: 409, message: "Informe seu email e telefone antes de enviar mensagens." };
  }
  const [sent] = await db()
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatSessionId, session.id), eq(chatMessages.role, "user")));
  if ((sent?.n ?? 0) >= MESSAGES_PER_SESSION) {
    return {
      ok: false,
      status: 429,
      message: "Esta conversa atingiu o limite de mensagens. Nossa equipe entrará em contato pelo email informado.",
    };
  }
  await addMessage(db(), session.id, "user", input.content);

  const answer = async (status: ChatReplyData["status"], reply: string, offline: boolean): Promise<ChatResult<ChatReplyData>> => {
    await addMessage(db(), session.id, "assistant", reply);
    return { ok: true, data: { status, reply, offline } };
  };

  const url = upstreamUrl("/api/chat");
  if (session.offline || !url) return answer("offline", offlineReply(session.email, (sent?.n ?? 0) > 0), true);

  const result = await callUpstream(
    url,
    {
      api_key: env.CHAT_API_KEY,
      session_id: session.sessionId,
      type: "custom_code",
      assistant_id: env.CHAT_ASSISTANT_ID,
      messages: [{ role: "user", content: input.content }],
      user_info: `${session.email},${session.phone}`,
    },
    MESSAGE_TIMEOUT_MS,
  );
  if (!result.ok) {
    logger.warn({ reason: result.reason, chatSession: session.id }, "chat: falha ao obter resposta; modo offline");
    await db().update(chatSessions).set({ offline: true, updatedAt: new Date() }).where(eq(chatSessions.id, session.id));
    return answer("failed", sendFailureReply(session.email), true);
  }
  const reply = extractReply(result.body);
  if (!reply) {
    logger.warn({ chatSession: session.id }, "chat: resposta do assistente ilegível");
    return answer("parse-error", PARSE_ERROR_REPLY, false);
  }
  await db().update(chatSessions).set({ updatedAt: new Date() }).where(eq(chatSessions.id, session.id));
  return answer("ok", reply, false);
}
