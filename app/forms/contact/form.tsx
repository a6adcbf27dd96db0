/**
 * Site contact form (home #contact and /sobre): SPEC §5 rules, §4 submitting state, §8 toasts.
 * Posts JSON to /api/contact; without JavaScript the form posts itself to /enviar/contato.
 *
 * `Island` is what the home and /sobre hydrate, `PageForm` what /enviar/contato renders
 * (docs/decisions/0071).
 */
import { Honeypot, IdempotencyField, ReturnTo, sendJson, useLeadForm, type FormState } from "~/components/forms/lead-form-utils";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Send } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { FORM_STAMP_FIELD, LIMITS } from "~/lib/lead-fields";
import { Link, useLocation } from "~/lib/navigation";
import { LEGAL_PATHS } from "~/lib/privacy";
import { cn } from "~/lib/utils";
import contactForm from "./definition";
import { contactMessages } from "./messages";
import type { FormEvent } from "react";

export function ContactForm({ source = "home", initial }: { source?: string; initial?: FormState }) {
  const location = useLocation();
  const { form, errors, clearError, submitting, run } = useLeadForm(initial);
  const values = form.values;
  const id = (name: string) => `contact-${source}-${name}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    run(event, {
      schema: () => import("./schema").then((m) => m.contactFormSchema),
      values: (fields) => ({ ...fields, consent: fields.consent === "on" }),
      // SPEC §7: the consent flag stays in the browser.
      send: ({ consent: _consent, ...payload }, key) => sendJson(contactForm.api.path, { ...payload, source }, key),
      onSuccess: () => toast(contactMessages.success),
      onFailure: ({ message }) =>
        toast({ title: contactMessages.failureTitle, description: message || contactMessages.failureFallback, variant: "destructive" }),
    });

  return (
    <form
      noValidate
      method="post"
      action={contactForm.action}
      onSubmit={onSubmit}
      data-contact-form={source}
      aria-label="Formulário de contato"
      className="relative grid gap-5"
    >
      <Honeypot stamp={form.values[FORM_STAMP_FIELD]} />
      <IdempotencyField />
      <ReturnTo path={`${location.pathname}${location.pathname === "/" ? "#contact" : ""}`} />
      <input type="hidden" name="source" value={source} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={id("name")} label="Nome" error={errors.name} required>
          <Input
            name="name"
            defaultValue={values.name}
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            onChange={() => clearError("name")}
            {...fieldA11y(id("name"), errors.name)}
          />
        </FormField>
        <FormField id={id("company")} label="Empresa" error={errors.company} required>
          <Input
            name="company"
            defaultValue={values.company}
            autoComplete="organization"
            required
            maxLength={LIMITS.company}
            onChange={() => clearError("company")}
            {...fieldA11y(id("company"), errors.company)}
          />
        </FormField>
        <FormField id={id("email")} label="E-mail" error={errors.email} required>
          <Input
            name="email"
            defaultValue={values.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={LIMITS.email}
            onChange={() => clearError("email")}
            {...fieldA11y(id("email"), errors.email)}
          />
        </FormField>
        <FormField id={id("phone")} label="Telefone (opcional)" error={errors.phone}>
          <Input
            name="phone"
            defaultValue={values.phone}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={LIMITS.phone}
            placeholder="(11) 99999-9999"
            onChange={() => clearError("phone")}
            {...fieldA11y(id("phone"), errors.phone)}
          />
        </FormField>
      </div>
      <FormField id={id("message")} label="Mensagem" error={errors.message} required>
        <Textarea
          name="message"
          defaultValue={values.message}
          rows={5}
          required
          maxLength={LIMITS.longText}
          placeholder="Conte sobre sua empresa e o desafio que deseja resolver com IA."
          onChange={() => clearError("message")}
          {...fieldA11y(id("message"), errors.message)}
        />
      </FormField>
      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            name="consent"
            required
            defaultChecked={values.consent === "on"}
            onChange={() => clearError("consent")}
            className={cn(
              "mt-0.5 size-5 shrink-0 cursor-pointer rounded-sm accent-primary",
              errors.consent && "outline-2 outline-destructive",
            )}
            {...fieldA11y(id("consent"), errors.consent)}
          />
          <label htmlFor={id("consent")} className="text-sm leading-snug text-muted-foreground">
            Li e concordo com a{" "}
            <Link to={LEGAL_PATHS.privacy} className="font-medium text-primary underline underline-offset-2 hover:text-primary-hover">
              Política de Privacidade
            </Link>{" "}
            e autorizo o contato da equipe sobre esta mensagem.
          </label>
        </div>
        {errors.consent ? (
          <p id={`${id("consent")}-error`} role="alert" className="text-sm text-destructive">
            {errors.consent}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        <Send aria-hidden />
        {submitting ? contactMessages.submitting : contactMessages.submit}
      </Button>
    </form>
  );
}

export { ContactForm as Island };

export function PageForm({ state }: { state?: FormState }) {
  return <ContactForm source={state?.values.source || "site"} initial={state} />;
}
