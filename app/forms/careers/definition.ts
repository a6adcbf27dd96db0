/** The careers page's application (SPEC §3, §5, §7, §8), with its optional CV (docs/decisions/0093). */
import { CV_FILE } from "../../lib/lead-fields";
import { careersMessages } from "../../lib/messages/leads";
import { defineLeadForm } from "../define";

export default defineLeadForm({
  name: "careers",
  slug: "candidatura",
  // Its own modules (beside this file) declare the larger body a CV needs.
  api: { path: "/api/careers/application", module: "forms/careers/api.ts" },
  pageModule: "forms/careers/page.tsx",
  file: { field: CV_FILE.field, maxBytes: CV_FILE.maxBytes },
  schema: () => import("../../lib/schemas/leads").then((m) => m.careerApplicationSchema),
  page: {
    ...careersMessages.page,
    failureTitle: careersMessages.failure.title,
    success: () => careersMessages.success,
  },
});
