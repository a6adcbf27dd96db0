import type { FormState } from "~/components/forms/lead-form-utils";
import { NewsletterForm } from "~/components/forms/newsletter-form";

export { NewsletterForm as Island };

export function PageForm({ state }: { state?: FormState }) {
  return (
    <div className="rounded-xl bg-navy p-5 text-white">
      {/* The footer has its own sign-up on this page too: other ids. */}
      <NewsletterForm initialEmail={state?.values.email} initialInvalid={Boolean(state?.errors.email)} idPrefix="newsletter-page" />
    </div>
  );
}
