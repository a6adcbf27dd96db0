/** The chat widget's requests and answers; its contact step's own rules are app/forms/chat/schema.ts. */
import { z } from "zod";
import { chatContactSchema } from "../../forms/chat/schema";

// No `new Function` code generation: the page CSP forbids eval, and Chrome reports every attempt.
z.config({ jitless: true });

/** Input cap: a chat is short text, never a document. */
export const CHAT_MESSAGE_MAX = 2000;

/** The browser's proof that it owns a chat session (issued by POST /api/chat/session). */
const sessionRef = {
  sessionId: z.string().trim().min(1).max(200),
  token: z.string().trim().min(1).max(200),
};

export const chatContactRequestSchema = chatContactSchema.extend({
  // Absent when the widget could not reach us to open a session: the server opens an offline one.
  sessionId: sessionRef.sessionId.optional(),
  token: sessionRef.token.optional(),
});

export const chatMessageRequestSchema = z.object({
  ...sessionRef,
  content: z
    .string({ error: "Escreva uma mensagem" })
    .trim()
    .min(1, "Escreva uma mensagem")
    .max(CHAT_MESSAGE_MAX, `A mensagem pode ter no máximo ${CHAT_MESSAGE_MAX} caracteres`),
});

/** What our API answers the widget (the upstream service never talks to the browser). */
export type ChatSessionNotice = "no-id" | "unavailable" | null;

export interface ChatSessionData {
  sessionId: string;
  token: string;
  offline: boolean;
  /** Why the session is offline: the upstream answered without an id, or could not be reached. */
  notice: ChatSessionNotice;
}

export type ChatReplyStatus = "ok" | "parse-error" | "failed" | "offline";

export interface ChatReplyData {
  status: ChatReplyStatus;
  /** The assistant message to show (already stored on the server). */
  reply: string;
  offline: boolean;
}
