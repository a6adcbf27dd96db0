import { ConsultationFields, ConsultationRequestDialog } from "~/components/forms/consultation-dialog";
import { Honeypot, IdempotencyField, ReturnTo, type FormState } from "~/components/forms/lead-form-utils";
import { Button } from "~/components/ui/button";
import { FORM_STAMP_FIELD } from "~/lib/lead-fields";
import { consultationMessages } from "~/lib/messages/leads";
import consultationForm from "./definition";

export { ConsultationRequestDialog as Island };

/** Without JavaScript the dialog's form is a page of its own: the same fields, a plain post. */
export function PageForm({ state }: { state?: FormState }) {
  const values = state?.values ?? {};
  return (
    <form method="post" action={consultationForm.action} className="relative grid gap-4" aria-label="Solicitação de consultoria">
      <Honeypot stamp={values[FORM_STAMP_FIELD]} />
      <IdempotencyField />
      <ReturnTo path={values.returnTo || "/"} />
      <input type="hidden" name="source" value={values.source ?? ""} />
      <ConsultationFields form={state ?? { errors: {}, values: {} }} clearError={() => {}} idPrefix="consultation-page" />
      <Button type="submit" className="justify-self-start">
        {consultationMessages.submit}
      </Button>
    </form>
  );
}
