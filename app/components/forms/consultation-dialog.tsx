/**
 * The consultation-request dialog behind the spec's "parent handler" buttons ('Solicitar
 * Apresentação de Cases', 'Solicitar Proposta Exclusiva', ...). Any section opens it with
 * openConsultationRequest(source); the request is stored with that source (status 'pending').
 */
import { useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/use-toast";
import { consultationMessages } from "~/lib/messages/leads";
import { LIMITS } from "~/lib/lead-fields";
import { focusFirstError, Honeypot, readForm, sendJson, validate } from "./lead-form-utils";

export interface ConsultationDialogProps {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Which button asked (stored with the request). */
  source: string;
}

/** Loaded on first open by ConsultationRequestHost (./consultation-request). */
export default function ConsultationDialog({ open, setOpen, source }: ConsultationDialogProps) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function clearError(name: string) {
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = await validate((m) => m.consultationSchema, { ...readForm(form), source });
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(form, checked.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const result = await sendJson("/api/consultations", checked.data);
      if (!result.ok) {
        if (result.errors) setErrors(result.errors);
        throw new Error(result.message);
      }
      toast(consultationMessages.success);
      form.reset();
      setOpen(false);
    } catch (error) {
      toast({
        title: consultationMessages.failureTitle,
        description: (error instanceof Error && error.message) || consultationMessages.failureFallback,
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

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
