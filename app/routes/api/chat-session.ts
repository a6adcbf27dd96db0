import { chatRateLimit, createChatSession } from "~/domain/chat/conversations.server";
import { methodNotAllowed, ok } from "~/infra/http.server";
import type { Route } from "./+types/chat-session";

/** POST /api/chat/session: opens a chat (online through the assistant service, or offline). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const limited = await chatRateLimit("sessionsPerIp", context.clientIp);
  if (limited) return limited;
  return ok(await createChatSession(context.clientIp), { headers: { "Cache-Control": "no-store" } });
}

export const loader = () => methodNotAllowed();
