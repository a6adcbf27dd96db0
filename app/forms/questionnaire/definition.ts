/** The business-optimization questionnaire of /formulario (SPEC §2, §3, §5, §8). */
import { questionnaireMessages } from "../../lib/messages/leads";
import { defineLeadForm } from "../define";

export default defineLeadForm({
  name: "questionnaire",
  slug: "questionario",
  api: { path: "/api/business-optimization" },
  schema: () => import("../../lib/schemas/leads").then((m) => m.businessOptimizationSchema),
  page: {
    title: "Formulário de Otimização de Negócios",
    lead: questionnaireMessages.replyNote,
    failureTitle: questionnaireMessages.failureTitle,
    success: (id) => ({ title: questionnaireMessages.successTitle, description: questionnaireMessages.successDescription(id ?? "") }),
    showsId: true,
    bare: true,
  },
});
