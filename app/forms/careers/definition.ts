/** The careers page's application (SPEC §3, §5, §7, §8). */
import { careersMessages } from "../../lib/messages/leads";
import { defineLeadForm } from "../define";

export default defineLeadForm({
  name: "careers",
  slug: "candidatura",
  api: { path: "/api/careers/application" },
  schema: () => import("../../lib/schemas/leads").then((m) => m.careerApplicationSchema),
  page: {
    ...careersMessages.page,
    failureTitle: careersMessages.failure.title,
    success: () => careersMessages.success,
  },
});
