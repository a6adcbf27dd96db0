import { chatRateLimit, sendChatMessage } from "~/domain/chat/conversations.server";
import { fail, methodNotAllowed, ok, parseBody } from "~/infra/http.server";
import { chatMessageRequestSchema } from "~/lib/schemas/chat";
import type { Route } from "./+types/chat";

/** POST /api/chat: one visitor message in, one assistant message out (SPEC §7 through our proxy). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const input = await parseBody(request, chatMessageRequestSchema);
  const limited = await chatRateLimit("messagesPerIp", context.clientIp);
  if (limited) return limited;
  const result = await sendChatMessage(input);
  return result.ok ? ok(result.data, { headers: { "Cache-Control": "no-store" } }) : fail(result.status, result.message);
}

export const loader = () => methodNotAllowed();
