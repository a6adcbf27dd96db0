/**
 * The consultation request ('Agendar Consultoria Exclusiva' and the other exclusive-consultation
 * buttons). Its endpoint's module also lists the requests for the admin (GET, SPEC §7).
 */
import { BOOKING_PATH, bookingMessages } from "../../lib/booking";
import { defineLeadForm } from "../define";
import { consultationMessages } from "./messages";

export default defineLeadForm({
  name: "consultation",
  slug: "consultoria",
  api: { path: "/api/consultations", module: "routes/api/consultations.ts" },
  schema: () => import("./schema").then((m) => m.consultationSchema),
  page: {
    title: consultationMessages.title,
    lead: consultationMessages.description,
    failureTitle: consultationMessages.failureTitle,
    success: () => consultationMessages.success,
    next: { label: bookingMessages.entryLink, to: BOOKING_PATH },
  },
  lead: {
    type: "consultas",
    label: "Solicitação de consultoria",
    plural: "Solicitações de consultoria",
    stages: "sales",
    audit: "consultation",
    order: 20,
  },
});
