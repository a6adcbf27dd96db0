/**
 * The consultation-request dialog behind the spec's "parent handler" buttons ('Solicitar
 * Apresentação de Cases', 'Solicitar Proposta Exclusiva', ...). A native <dialog> in every public
 * page, opened by ConsultationRequestButton (app/components/overlay-buttons.tsx), which records
 * which button asked; the request is stored with that source (status 'pending'). Without
 * JavaScript the form posts to /enviar/consultoria.
 *
 * `Island` is the dialog every public page hydrates, `PageForm` what /enviar/consultoria renders
 * (docs/decisions/0071).
 */
import { useRef, type FormEvent } from "react";
import { Honeypot, IdempotencyField, ReturnTo, sendJson, useLeadForm, type FormState } from "~/components/forms/lead-form-utils";
import { PrivacyNote } from "~/components/forms/privacy-note";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { centeredDialogClassName, DialogCloseButton, useDialogState } from "~/components/ui/native-dialog";
import { toast } from "~/components/ui/use-toast";
import { BOOKING_PATH, bookingMessages } from "~/lib/booking";
import { FORM_STAMP_FIELD, LIMITS } from "~/lib/lead-fields";
import { useLocation } from "~/lib/navigation";
import { CONSULTATION_DIALOG_ID } from "~/lib/widget-events";
import consultationForm from "./definition";
import { consultationMessages } from "./messages";

type Field = "name" | "email" | "phone" | "company" | "industryArea";

export function ConsultationFields({
  form,
  clearError,
  idPrefix = "consultation",
}: {
  form: FormState;
  clearError: (name: string) => void;
  /** The fields' ids: the page without JavaScript also has the dialog, so it gives others. */
  idPrefix?: string;
}) {
  const field = (name: Field, label: string, props: React.ComponentProps<"input">) => (
    <FormField id={`${idPrefix}-${name}`} label={label} error={form.errors[name]} required>
      <Input
        name={name}
        required
        defaultValue={form.values[name]}
        onChange={() => clearError(name)}
        {...props}
        {...fieldA11y(`${idPrefix}-${name}`, form.errors[name])}
      />
    </FormField>
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {field("name", "Nome", { autoComplete: "name", maxLength: LIMITS.name })}
        {field("email", "E-mail", { type: "email", autoComplete: "email", inputMode: "email", maxLength: LIMITS.email })}
        {field("phone", "Telefone com DDD", {
          type: "tel",
          autoComplete: "tel",
          inputMode: "tel",
          minLength: 10,
          maxLength: LIMITS.phone,
          placeholder: "(11) 99999-9999",
        })}
        {field("company", "Empresa", { autoComplete: "organization", maxLength: LIMITS.company })}
      </div>
      {field("industryArea", "Área de atuação", {
        maxLength: LIMITS.shortText,
        placeholder: "Ex.: varejo, saúde, indústria, serviços financeiros",
      })}
    </>
  );
}

export function ConsultationRequestDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const { source } = useDialogState(dialog);
  const location = useLocation();
  const { form, clearError, submitting, run } = useLeadForm();

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    run(event, {
      schema: consultationForm.schema,
      send: (data, key) => sendJson(consultationForm.api.path, data, key),
      onSuccess: () => {
        // The next step right away: a meeting time instead of waiting for our reply (docs/decisions/0082).
        toast({
          ...consultationMessages.success,
          duration: 15_000,
          action: { label: bookingMessages.entryLink, onClick: () => window.location.assign(BOOKING_PATH) },
        });
        dialog.current?.close();
      },
      onFailure: ({ message }) =>
        toast({
          title: consultationMessages.failureTitle,
          description: message || consultationMessages.failureFallback,
          variant: "destructive",
        }),
    });

  return (
    <dialog
      ref={dialog}
      id={CONSULTATION_DIALOG_ID}
      // The browser owns `open` (a tap may open it before the island wakes): not a mismatch.
      suppressHydrationWarning
      aria-labelledby="solicitar-consultoria-title"
      aria-describedby="solicitar-consultoria-description"
      closedby="any"
      className={centeredDialogClassName}
      data-testid="consultation-dialog"
    >
      <div className="grid gap-4 p-6">
        <div className="flex flex-col gap-1.5 pr-10 text-left">
          <h2 id="solicitar-consultoria-title" className="font-display text-lg leading-tight font-semibold text-foreground">
            {consultationMessages.title}
          </h2>
          <p id="solicitar-consultoria-description" className="text-sm text-muted-foreground">
            {consultationMessages.description}
          </p>
          {source ? <p className="text-xs font-medium text-primary">{consultationMessages.sourceNote(source)}</p> : null}
        </div>
        <form
          noValidate
          method="post"
          action={consultationForm.action}
          onSubmit={onSubmit}
          className="relative grid gap-4"
          aria-label="Solicitação de consultoria"
        >
          <Honeypot />
          <IdempotencyField />
          <ReturnTo path={location.pathname} />
          <input type="hidden" name="source" defaultValue="" />
          <ConsultationFields form={form} clearError={clearError} />
          {/* Sending comes first in the markup: Enter in a field submits with the first submit button. */}
          <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
            <Button type="submit" disabled={submitting}>
              {submitting ? consultationMessages.submitting : consultationMessages.submit}
            </Button>
            {/* Closes the dialog without sending, script or not. */}
            <Button type="submit" formMethod="dialog" formNoValidate variant="outline" disabled={submitting}>
              Cancelar
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">Resposta em até 24 horas.</p>
          <PrivacyNote purpose="responder a esta solicitação de consultoria" />
        </form>
        <DialogCloseButton />
      </div>
    </dialog>
  );
}

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
