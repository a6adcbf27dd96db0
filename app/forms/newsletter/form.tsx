import type { FormState } from "~/components/forms/lead-form-utils";
import { NewsletterForm } from "~/components/forms/newsletter-form";

export { NewsletterForm as Island };

export function PageForm({ state }: { state?: FormState }) {
  return (
    <div className="rounded-xl bg-navy p-5 text-white">
      <NewsletterForm initialEmail={state?.values.email} />
    </div>
  );
}
