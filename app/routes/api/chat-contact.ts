import { attributionOfRequest } from "~/domain/analytics/attribution.server";
import { chatRateLimit, saveChatContact } from "~/domain/chat/conversations.server";
import { fail, ok, parseBody } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import { chatContactRequestSchema } from "~/lib/schemas/chat";
import type { Route } from "./+types/chat-contact";

export const handle = { policy: publicEndpoint() };

/** POST /api/chat/contact: the widget's contact form (SPEC §5); stores the lead at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const input = await parseBody(request, chatContactRequestSchema);
  const limited = await chatRateLimit("contactsPerIp", context.clientIp);
  if (limited) return limited;
  const result = await saveChatContact(input, context.clientIp, await attributionOfRequest(request, context.clientIp));
  return result.ok ? ok(result.data, { headers: { "Cache-Control": "no-store" } }) : fail(result.status, result.message);
}
