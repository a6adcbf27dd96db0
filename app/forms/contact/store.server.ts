import { contacts } from "~/db/schema";
import { createContact } from "~/domain/leads/capture.server";
import { CONTACT_CONSENT_MESSAGE } from "~/lib/schemas/leads";
import { defineLeadStore } from "../define.server";
import definition from "./definition";

export default defineLeadStore(definition, {
  table: contacts,
  store: createContact,
  // Without JavaScript the browser sends the consent box itself: it must be ticked (SPEC §5).
  nativeCheck: (body) => (body.consent ? null : { consent: CONTACT_CONSENT_MESSAGE }),
});
