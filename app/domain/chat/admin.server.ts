/** The admin's view of the chat (SPEC §6 /admin/conversas): conversations that left a contact. */
import { desc, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { chatMessages, chatSessions } from "~/db/schema";

export interface ConversationSummary {
  id: number;
  sessionId: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  offline: boolean;
  createdAt: Date;
  messageCount: number;
}

export const CONVERSATIONS_PAGE_SIZE = 50;

/** Conversations with a contact (a session nobody filled in is not a lead), newest first. */
export async function listConversations(page: number): Promise<{
  items: ConversationSummary[];
  total: number;
  withoutContact: number;
}> {
  const items = await db()
    .select({
      id: chatSessions.id,
      sessionId: chatSessions.sessionId,
      email: chatSessions.email,
      phone: chatSessions.phone,
      company: chatSessions.company,
      offline: chatSessions.offline,
      createdAt: chatSessions.createdAt,
      // Counted for the page's rows only (the session index of chat_messages), not for every conversation.
      messageCount:
        sql<number>`(select count(*) from ${chatMessages} m where m.chat_session_id = ${chatSessions.id} and m.role = 'user')`.mapWith(
          Number,
        ),
    })
    .from(chatSessions)
    .where(isNotNull(chatSessions.email))
    .orderBy(desc(chatSessions.createdAt), desc(chatSessions.id))
    .limit(CONVERSATIONS_PAGE_SIZE)
    .offset((page - 1) * CONVERSATIONS_PAGE_SIZE);
  const [totals] = await db()
    .select({
      total: sql<number>`count(*) filter (where ${chatSessions.email} is not null)`.mapWith(Number),
      withoutContact: sql<number>`count(*) filter (where ${chatSessions.email} is null)`.mapWith(Number),
    })
    .from(chatSessions);
  return { items, total: totals?.total ?? 0, withoutContact: totals?.withoutContact ?? 0 };
}

export async function getConversation(id: number) {
  const [session] = await db().select().from(chatSessions).where(eq(chatSessions.id, id));
  if (!session) return undefined;
  const messages = await db()
    .select({ id: chatMessages.id, role: chatMessages.role, content: chatMessages.content, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.chatSessionId, id))
    .orderBy(chatMessages.id);
  return { session, messages };
}
