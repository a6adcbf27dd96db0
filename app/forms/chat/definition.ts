/**
 * The chat widget's contact step (SPEC §4, §5). With JavaScript the widget sends it with its own
 * session (/api/chat/contact); this definition is the same step posted without JavaScript.
 */
import { BOOKING_PATH, bookingMessages } from "../../lib/booking";
import { chatTexts } from "../../lib/messages/chat";
import { defineLeadForm } from "../define";
import { chatContactMessages } from "./messages";

export default defineLeadForm({
  name: "chat",
  slug: "chat",
  schema: () => import("./schema").then((m) => m.chatContactSchema),
  page: {
    title: chatTexts.title,
    lead: chatTexts.subtitle,
    failureTitle: chatContactMessages.nativeFailureTitle,
    success: () => chatContactMessages.nativeConfirmation,
    next: { label: bookingMessages.entryLink, to: BOOKING_PATH },
  },
  // Its leads are the conversations with a contact; their messages have a page of their own
  // (docs/decisions/0129-one-page-per-lead.md).
  lead: {
    type: "conversas",
    label: "Conversa no chat",
    plural: "Conversas no chat",
    stages: "sales",
    audit: "chat",
    order: 30,
    elsewhere: { label: "Ver as mensagens da conversa", href: (id) => `/admin/conversas/${id}` },
  },
});
