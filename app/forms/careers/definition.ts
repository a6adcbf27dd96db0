/** The careers page's application (SPEC §3, §5, §7, §8), with its optional CV (docs/decisions/0093). */
import { defineLeadForm } from "../define";
import { careersMessages } from "./messages";

/**
 * The CV: PDF, DOC or DOCX up to 5 MB, told beside the field. The browser checks the size before
 * sending; the server checks the size and the content (./cv.server.ts).
 */
export const CV_FILE = {
  field: "cv",
  maxBytes: 5 * 1024 * 1024,
  accept: ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;

export default defineLeadForm({
  name: "careers",
  slug: "candidatura",
  // Its own modules (beside this file) declare the larger body a CV needs.
  api: { path: "/api/careers/application", module: "forms/careers/api.ts" },
  pageModule: "forms/careers/page.tsx",
  file: CV_FILE,
  schema: () => import("./schema").then((m) => m.careerApplicationSchema),
  page: {
    ...careersMessages.page,
    failureTitle: careersMessages.failure.title,
    success: () => careersMessages.success,
  },
  // Applications are not sales: hiring's stages (docs/decisions/0088).
  lead: { type: "candidaturas", label: "Candidatura", plural: "Candidaturas", stages: "hiring", audit: "application", order: 50 },
});
