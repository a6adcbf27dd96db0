/**
 * The consultation-request dialog behind the spec's "parent handler" buttons ('Solicitar
 * Apresentação de Cases', 'Solicitar Proposta Exclusiva', ...). Any section opens it with
 * openConsultationRequest(source); the request is stored with that source (status 'pending').
 */
import { useRef, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/use-toast";
import { consultationMessages } from "~/lib/messages/leads";
import { LIMITS } from "~/lib/lead-fields";
import { Honeypot, sendJson, useLeadForm } from "./lead-form-utils";

export interface ConsultationDialogProps {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Which button asked (stored with the request). */
  source: string;
}

/** Loaded on first open by ConsultationRequestHost (./consultation-request). */
export default function ConsultationDialog({ open, setOpen, source }: ConsultationDialogProps) {
  const { errors, clearError, submitting, run } = useLeadForm();
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    run(event, {
      schema: (m) => m.consultationSchema,
      values: (fields) => ({ ...fields, source }),
      send: (data) => sendJson("/api/consultations", data),
      onSuccess: () => {
        toast(consultationMessages.success);
        setOpen(false);
      },
      onFailure: ({ message }) =>
        toast({ title: consultationMessages.failureTitle, description: message || consultationMessages.failureFallback, variant: "destructive" }),
    });

  const field = (name: "name" | "email" | "phone" | "company" | "industryArea", label: string, props: React.ComponentProps<"input">) => (
    <FormField id={`consultation-${name}`} label={label} error={errors[name]} required>
      <Input name={name} required onChange={() => clearError(name)} {...props} {...fieldA11y(`consultation-${name}`, errors[name])} />
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && setOpen(next)}>
      <DialogContent className="max-w-xl" data-testid="consultation-dialog">
        <DialogHeader>
          <DialogTitle>{consultationMessages.title}</DialogTitle>
          <DialogDescription>{consultationMessages.description}</DialogDescription>
          {source ? <p className="text-xs font-medium text-primary">Solicitação: {source}</p> : null}
        </DialogHeader>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="relative grid gap-4" aria-label="Solicitação de consultoria">
          <Honeypot />
          <div className="grid gap-4 sm:grid-cols-2">
            {field("name", "Nome", { autoComplete: "name", maxLength: LIMITS.name })}
            {field("email", "Email", { type: "email", autoComplete: "email", inputMode: "email", maxLength: LIMITS.email })}
            {field("phone", "Telefone com DDD", {
              type: "tel",
              autoComplete: "tel",
              inputMode: "tel",
              maxLength: LIMITS.phone,
              placeholder: "(11) 99999-9999",
            })}
            {field("company", "Empresa", { autoComplete: "organization", maxLength: LIMITS.company })}
          </div>
          {field("industryArea", "Área de atuação", {
            maxLength: LIMITS.shortText,
            placeholder: "Ex.: varejo, saúde, indústria, serviços financeiros",
          })}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={submitting}>
              Cancelar
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? consultationMessages.submitting : consultationMessages.submit}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">Resposta em até 24 horas.</p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
