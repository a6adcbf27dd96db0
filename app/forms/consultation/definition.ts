/**
 * The consultation request ('Agendar Consultoria Exclusiva' and the other exclusive-consultation
 * buttons). Its endpoint's module also lists the requests for the admin (GET, SPEC §7).
 */
import { BOOKING_PATH, bookingMessages } from "../../lib/booking";
import { consultationMessages } from "../../lib/messages/leads";
import { defineLeadForm } from "../define";

export default defineLeadForm({
  name: "consultation",
  slug: "consultoria",
  api: { path: "/api/consultations", module: "routes/api/consultations.ts" },
  schema: () => import("../../lib/schemas/leads").then((m) => m.consultationSchema),
  page: {
    title: consultationMessages.title,
    lead: consultationMessages.description,
    failureTitle: consultationMessages.failureTitle,
    success: () => consultationMessages.success,
    next: { label: bookingMessages.entryLink, to: BOOKING_PATH },
  },
});
