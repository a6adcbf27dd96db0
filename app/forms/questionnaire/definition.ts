/** The business-optimization questionnaire of /formulario (SPEC §2, §3, §5, §8). */
import { BOOKING_PATH, bookingMessages } from "../../lib/booking";
import { defineLeadForm } from "../define";
import { questionnaireMessages } from "./messages";

export default defineLeadForm({
  name: "questionnaire",
  slug: "questionario",
  api: { path: "/api/business-optimization" },
  schema: () => import("./schema").then((m) => m.businessOptimizationSchema),
  page: {
    title: "Formulário de Otimização de Negócios",
    lead: questionnaireMessages.replyNote,
    failureTitle: questionnaireMessages.failureTitle,
    // The SPEC's toast text, then what happens next and the booking (the island's confirmation says the same).
    success: (id) => ({ title: questionnaireMessages.successTitle, description: questionnaireMessages.successDescription(id ?? "") }),
    note: `${questionnaireMessages.confirmation.next} ${questionnaireMessages.confirmation.book}`,
    next: { label: bookingMessages.entryLink, to: BOOKING_PATH },
    showsId: true,
    bare: true,
  },
  // The questionnaire among the others, linked from the lead's page (docs/decisions/0129).
  lead: {
    type: "questionarios",
    label: "Questionário",
    plural: "Questionários",
    stages: "sales",
    audit: "questionnaire",
    order: 40,
    elsewhere: { label: "Ver na lista de questionários", href: (id) => `/admin/business-optimizations#formulario-${id}` },
  },
});
