import { attributionOfRequest } from "~/domain/analytics/attribution.server";
import { chatRateLimit } from "~/domain/chat/conversations.server";
import { queueLeadAutoReply } from "~/domain/leads/auto-reply.server";
import { admitOrQuarantine } from "~/domain/spam/quarantine.server";
import { judgeSubmission } from "~/domain/spam/verdict.server";
import { saveChatContact } from "~/forms/chat/store.server";
import { fail, fieldErrors, INVALID_INPUT_MESSAGE, ok, readBody } from "~/infra/http.server";
import { publicEndpoint } from "~/lib/route-policy";
import { chatContactRequestSchema } from "~/lib/schemas/chat";
import type { Route } from "./+types/chat.contact";

export const handle = { policy: publicEndpoint() };

/**
 * POST /api/chat/contact: the widget's contact form (SPEC §5); stores the lead at once, with the
 * visitor's auto-reply. Without a valid proof of work it is suspected spam (docs/decisions/0090):
 * kept apart, not on the conversation, and answered the same.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  const parsed = chatContactRequestSchema.safeParse(body);
  if (!parsed.success) return fail(400, INVALID_INPUT_MESSAGE, fieldErrors(parsed.error));
  const input = parsed.data;
  const limited = await chatRateLimit("contactsPerIp", context.clientIp);
  if (limited) return limited;
  const attribution = await attributionOfRequest(request, context.clientIp);
  const verdict = await judgeSubmission(body, { form: "chat", native: false, ip: context.clientIp });
  const { sessionId: _s, token: _t, ...contact } = input;
  const meta = { ip: context.clientIp, userAgent: request.headers.get("user-agent"), attribution };
  const result = await saveChatContact(input, context.clientIp, attribution, {
    admit: async (tx) => (await admitOrQuarantine(tx, verdict, { form: "chat", data: contact, meta })).admitted,
    onFirstContact: (tx) => queueLeadAutoReply(tx, "chat", contact),
  });
  return result.ok ? ok(result.data, { headers: { "Cache-Control": "no-store" } }) : fail(result.status, result.message);
}
