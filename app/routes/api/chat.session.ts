import { chatRateLimit, createChatSession } from "~/domain/chat/conversations.server";
import { ok, refuseMalformedJson } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import type { Route } from "./+types/chat.session";

export const handle = { policy: publicEndpoint() };

/** POST /api/chat/session: opens a chat (online through the assistant service, or offline). */
export async function action({ request, context }: Route.ActionArgs) {
  await refuseMalformedJson(request);
  const limited = await chatRateLimit("sessionsPerIp", context.clientIp);
  if (limited) return limited;
  return ok(await createChatSession(context.clientIp), { headers: { "Cache-Control": "no-store" } });
}
