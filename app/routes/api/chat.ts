import { chatRateLimit, sendChatMessage } from "~/domain/chat/conversations.server";
import { fail, ok, parseBody } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import { chatMessageRequestSchema } from "~/lib/schemas/chat";
import type { Route } from "./+types/chat";

export const handle = { policy: publicEndpoint() };

/** POST /api/chat: one visitor message in, one assistant message out (SPEC §7 through our proxy). */
export async function action({ request, context }: Route.ActionArgs) {
  const input = await parseBody(request, chatMessageRequestSchema);
  const limited = await chatRateLimit("messagesPerIp", context.clientIp);
  if (limited) return limited;
  const result = await sendChatMessage(input);
  return result.ok ? ok(result.data, { headers: { "Cache-Control": "no-store" } }) : fail(result.status, result.message);
}
