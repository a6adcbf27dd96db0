/**
 * How the chat's contact step is stored (SPEC §4, §5): the contact on its conversation (a lead),
 * the greeting and, the first time, the team's notification, both for the widget's POST
 * /api/chat/contact (its own session) and for the step posted without JavaScript (/enviar/chat, an
 * offline conversation). The conversation itself is app/domain/chat/conversations.server.ts.
 */
import { and, eq, isNull } from "drizzle-orm";
import { env } from "~/config.server";
import { db, type Executor } from "~/db/client.server";
import { chatSessions, leads } from "~/db/schema";
import type { Attribution } from "~/domain/analytics/attribution.server";
import {
  addMessage,
  type ChatResult,
  type ChatSessionRow,
  insertOfflineSession,
  INVALID_SESSION,
  ownedSession,
  sessionData,
} from "~/domain/chat/conversations.server";
import type { SubmissionMeta } from "~/domain/lead-submissions.server";
import { insertLead } from "~/domain/leads/capture.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { chatTexts, offlineReply } from "~/lib/messages/chat";
import { ORIGIN_TITLE, originSummary, UNVERIFIED_LEAD } from "~/lib/origin";
import type { ChatSessionData } from "~/lib/schemas/chat";
import { defineLeadStore } from "../define.server";
import definition from "./definition";
import type { ChatContactInput } from "./schema";

/**
 * POST /api/chat/contact: keeps the visitor's contact on the session (a lead) and queues the team
 * notification the first time. Without a session of ours (the widget could not reach us when it
 * opened), an offline session is opened here so the lead is never lost.
 */
export async function saveChatContact(
  input: ChatContactInput & { sessionId?: string; token?: string },
  ip: string,
  attribution: Attribution | null = null,
  hooks: ChatContactHooks = {},
): Promise<ChatResult<ChatSessionData>> {
  let row: ChatSessionRow | undefined;
  if (input.sessionId && input.token) {
    row = await ownedSession(input.sessionId, input.token);
    if (!row) return INVALID_SESSION;
  } else {
    row = await insertOfflineSession(ip);
    await addMessage(db(), row.id, "assistant", chatTexts.firstMessage);
  }
  const session = row;
  await db().transaction(async (tx) => {
    if (hooks.admit && !(await hooks.admit(tx))) return;
    // Admitted by the caller's check means a solved proof of work (docs/decisions/0106).
    if (await storeContact(tx, session, input, attribution, true)) await hooks.onFirstContact?.(tx);
  });
  return { ok: true, data: await sessionData(session, null) };
}

/** What the contact step's caller adds inside its transaction (the spam check, the auto-reply: docs/decisions/0090, 0091). */
export interface ChatContactHooks {
  /** False: the contact is not stored (suspected spam, kept apart by the hook), the answer is the same. */
  admit?: (tx: Executor) => Promise<boolean>;
  /** After the contact was stored for the first time on this session. */
  onFirstContact?: (tx: Executor) => Promise<unknown>;
}

/** Keeps the contact on the session and, the first time, greets and notifies the team (and says true). */
async function storeContact(
  tx: Executor,
  session: ChatSessionRow,
  input: ChatContactInput,
  attribution: Attribution | null,
  verified: boolean,
): Promise<boolean> {
  const contact = { email: input.email, phone: input.phone, company: input.message ?? null, updatedAt: new Date() };
  const [first] = await tx
    .update(chatSessions)
    .set({ ...contact, ...attribution, verified })
    .where(and(eq(chatSessions.id, session.id), isNull(chatSessions.email)))
    .returning({ id: chatSessions.id });
  const leadContact = { email: contact.email, phone: contact.phone, company: contact.company, updatedAt: contact.updatedAt };
  if (!first) {
    // Sent again (e.g. a retry): keep the newest contact, on the conversation and on its lead, notify only once.
    const [again] = await tx
      .update(chatSessions)
      .set(contact)
      .where(eq(chatSessions.id, session.id))
      .returning({ leadId: chatSessions.leadId });
    if (again?.leadId) await tx.update(leads).set(leadContact).where(eq(leads.id, again.leadId));
    return false;
  }
  // The contact makes the conversation a lead (docs/decisions/0135): its number is the session's id.
  const lead = await insertLead(tx, "conversas", session.id, { ...leadContact, ...attribution, verified });
  await tx.update(chatSessions).set({ leadId: lead.id }).where(eq(chatSessions.id, session.id));
  await addMessage(tx, session.id, "assistant", chatTexts.greeting);
  await enqueueEmail(tx, {
    kind: "lead.chat",
    subject: `Novo contato no chat de consultoria: ${input.email}`,
    body: [
      "Um visitante iniciou uma consultoria gratuita pelo chat do site.",
      "",
      `E-mail: ${input.email}`,
      `Telefone: ${input.phone}`,
      `Nome da empresa: ${input.message ?? "Não informado"}`,
      `Modo: ${session.offline ? "offline (responder por e-mail)" : "online (assistente)"}`,
      `${ORIGIN_TITLE}: ${originSummary(attribution)}`,
      ...(verified ? [] : [`${UNVERIFIED_LEAD.title}: ${UNVERIFIED_LEAD.description}`]),
      "",
      `Conversa: ${env.SITE_URL}/admin/conversas/${session.id}`,
    ].join("\n"),
  });
  return true;
}

/**
 * The widget's contact step posted without JavaScript (/enviar/chat): an offline conversation
 * with the SPEC §4 messages and the contact, in the caller's transaction. The team answers by
 * e-mail, as in the widget's offline mode.
 */
async function saveNativeChatContact(input: ChatContactInput, meta: SubmissionMeta, tx: Executor): Promise<{ id: number }> {
  const session = await insertOfflineSession(meta.ip ?? "unknown", tx);
  await addMessage(tx, session.id, "assistant", chatTexts.firstMessage);
  await storeContact(tx, session, input, meta.attribution ?? null, meta.verified);
  if (input.message) {
    await addMessage(tx, session.id, "user", input.message);
    await addMessage(tx, session.id, "assistant", offlineReply(input.email));
  }
  return { id: session.id };
}

export default defineLeadStore(definition, {
  // A conversation's number is its session's id (docs/decisions/0140).
  numbers: "chat_sessions_id_seq",
  store: saveNativeChatContact,
});
