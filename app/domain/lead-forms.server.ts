/**
 * Every public lead form once: what it accepts and how it is stored. The JSON API routes
 * (app/routes/api/*) and the pages forms post to without JavaScript (app/routes/enviar.tsx)
 * both submit through these definitions.
 */
import { createBusinessOptimization, createCareerApplication, createConsultation, createContact } from "~/domain/leads/capture.server";
import { subscribeNewsletter } from "~/domain/leads/newsletter.server";
import type { NativeForm } from "~/lib/native-forms";
import { chatContactSchema } from "~/lib/schemas/chat";
import {
  businessOptimizationSchema,
  careerApplicationSchema,
  consultationSchema,
  CONTACT_CONSENT_MESSAGE,
  contactSchema,
  newsletterSchema,
} from "~/lib/schemas/leads";
import { saveNativeChatContact } from "./chat/conversations.server";
import type { LeadFormDefinition } from "./lead-submissions.server";
import type { z } from "zod";

/** Keeps each definition's own schema and result types. */
const define = <S extends z.ZodType, R>(definition: LeadFormDefinition<S, R>) => definition;

export const LEAD_FORMS = {
  contact: define({
    form: "contact",
    schema: contactSchema,
    store: createContact,
    // Without JavaScript the browser sends the consent box itself: it must be ticked (SPEC §5).
    nativeCheck: (body) => (body.consent ? null : { consent: CONTACT_CONSENT_MESSAGE }),
  }),
  newsletter: define({ form: "newsletter", schema: newsletterSchema, store: subscribeNewsletter }),
  careers: define({ form: "careers", schema: careerApplicationSchema, store: createCareerApplication }),
  consultation: define({ form: "consultation", schema: consultationSchema, store: createConsultation }),
  questionnaire: define({ form: "questionnaire", schema: businessOptimizationSchema, store: createBusinessOptimization }),
  /** The chat widget's contact step; with JavaScript the widget uses /api/chat/contact instead. */
  chat: define({
    form: "chat",
    schema: chatContactSchema,
    store: (input, meta, tx) => saveNativeChatContact(input, meta.ip, tx, meta.attribution),
  }),
} satisfies Record<NativeForm, { form: LeadFormDefinition["form"] }>;
