import { ContactForm } from "~/components/forms/contact-form";
import type { FormState } from "~/components/forms/lead-form-utils";

export { ContactForm as Island };

export function PageForm({ state }: { state?: FormState }) {
  return <ContactForm source={state?.values.source || "site"} initial={state} />;
}
