/**
 * Job application (/carreiras): SPEC §5 rules and messages, 'Enviando candidatura...', §8 toasts.
 * A job's 'Candidatar-se' link chooses the position (app/shell/early/apply-link.ts): the select is left
 * uncontrolled so a choice made before React runs survives hydration. The optional CV goes with
 * the application (multipart): its formats and size are told beside the field, the browser checks
 * the size, the server its content (docs/decisions/0093).
 *
 * `Island` is what the careers page hydrates, `PageForm` what /enviar/candidatura renders
 * (docs/decisions/0071).
 */
import { useRef, type ChangeEvent, type FormEvent } from "react";
import { Honeypot, IdempotencyField, ReturnTo, sendForm, useLeadForm, type FormState } from "~/components/forms/lead-form-utils";
import { PrivacyNote } from "~/components/forms/privacy-note";
import { JOBS } from "~/components/marketing/carreiras/content";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Send } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { FORM_STAMP_FIELD, LIMITS } from "~/lib/lead-fields";
import { useLocation } from "~/lib/navigation";
import careersForm, { CV_FILE } from "./definition";
import { careersMessages } from "./messages";

export function CareersForm({ positions, initial }: { positions: string[]; initial?: FormState }) {
  const location = useLocation();
  const { form, errors, setErrors, clearError, submitting, run } = useLeadForm(initial);
  const values = form.values;
  const cvInput = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    run(event, {
      schema: careersForm.schema,
      values: (fields) => ({ ...fields, cv: cvInput.current?.files?.[0] }),
      send: async (data, key) => {
        const result = await sendForm<{ ok?: boolean }>(careersForm.api.path, data, key);
        // An answer without `ok: true` is a failure, whatever its status.
        return result.json?.ok ? result : { ...result, ok: false };
      },
      onSuccess: () => toast(careersMessages.success),
      onFailure: ({ status, message, errors: refused }) => {
        // A refused field (the CV's type) is said beside it: the system did not fail, so no red toast.
        if (refused && Object.keys(refused).length > 0) return;
        toast({
          title: careersMessages.failure.title,
          // A rate limit says how long to wait; anything else gets the spec's text.
          description: status === 429 ? message : careersMessages.failure.description,
          variant: "destructive",
        });
      },
    });

  // Too big is said as soon as the file is chosen; its content is the server's to check.
  const onCvChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (file && file.size > CV_FILE.maxBytes) setErrors((prev) => ({ ...prev, cv: careersMessages.cv.tooLarge }));
    else clearError("cv");
  };
  // A refused post without JavaScript could not keep the file (app/routes/enviar.$form.tsx keeps its name).
  const lostCv = values.cv && !errors.cv ? careersMessages.cv.chooseAgain(values.cv) : null;

  const kept = values.position;
  const options = kept && !positions.includes(kept) ? [...positions, kept] : positions;

  return (
    <form
      noValidate
      method="post"
      encType="multipart/form-data"
      action={careersForm.action}
      onSubmit={onSubmit}
      aria-label="Formulário de candidatura"
      className="relative grid gap-5"
    >
      <Honeypot stamp={form.values[FORM_STAMP_FIELD]} />
      <IdempotencyField />
      <ReturnTo path={location.pathname} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="careers-name" label="Nome completo" error={errors.name} required>
          <Input
            name="name"
            defaultValue={values.name}
            autoComplete="name"
            required
            minLength={2}
            maxLength={LIMITS.name}
            onChange={() => clearError("name")}
            {...fieldA11y("careers-name", errors.name)}
          />
        </FormField>
        <FormField id="careers-email" label="E-mail" error={errors.email} required>
          <Input
            name="email"
            defaultValue={values.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={LIMITS.email}
            onChange={() => clearError("email")}
            {...fieldA11y("careers-email", errors.email)}
          />
        </FormField>
        <FormField id="careers-phone" label="Telefone com DDD" error={errors.phone} required>
          <Input
            name="phone"
            defaultValue={values.phone}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            minLength={10}
            maxLength={LIMITS.phone}
            placeholder="(11) 99999-9999"
            onChange={() => clearError("phone")}
            {...fieldA11y("careers-phone", errors.phone)}
          />
        </FormField>
        <FormField id="careers-position" label="Vaga de interesse" error={errors.position} required>
          <NativeSelect
            name="position"
            required
            defaultValue={values.position ?? ""}
            onChange={() => clearError("position")}
            {...fieldA11y("careers-position", errors.position)}
          >
            <option value="">Selecione uma vaga</option>
            {options.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id="careers-linkedin" label="LinkedIn (opcional)" error={errors.linkedinUrl}>
          <Input
            name="linkedinUrl"
            defaultValue={values.linkedinUrl}
            type="url"
            inputMode="url"
            maxLength={LIMITS.url}
            placeholder="https://www.linkedin.com/in/seu-perfil"
            onChange={() => clearError("linkedinUrl")}
            {...fieldA11y("careers-linkedin", errors.linkedinUrl)}
          />
        </FormField>
        <FormField id="careers-portfolio" label="Portfólio (opcional)" error={errors.portfolioUrl}>
          <Input
            name="portfolioUrl"
            defaultValue={values.portfolioUrl}
            type="url"
            inputMode="url"
            maxLength={LIMITS.url}
            placeholder="https://"
            onChange={() => clearError("portfolioUrl")}
            {...fieldA11y("careers-portfolio", errors.portfolioUrl)}
          />
        </FormField>
      </div>
      <FormField id="careers-experience" label="Experiência" error={errors.experience} required hint="Pelo menos 50 caracteres.">
        <Textarea
          name="experience"
          defaultValue={values.experience}
          rows={5}
          required
          minLength={50}
          maxLength={LIMITS.longText}
          placeholder="Conte sobre sua trajetória, projetos e tecnologias com que trabalhou."
          onChange={() => clearError("experience")}
          {...fieldA11y("careers-experience", errors.experience, { hint: true })}
        />
      </FormField>
      <FormField id="careers-motivation" label="Motivação" error={errors.motivation} required hint="Pelo menos 50 caracteres.">
        <Textarea
          name="motivation"
          defaultValue={values.motivation}
          rows={4}
          required
          minLength={50}
          maxLength={LIMITS.longText}
          placeholder="Por que você quer fazer parte da equipe?"
          onChange={() => clearError("motivation")}
          {...fieldA11y("careers-motivation", errors.motivation, { hint: true })}
        />
      </FormField>
      <FormField
        id="careers-cv"
        label={careersMessages.cv.label}
        error={errors.cv}
        hint={lostCv ? `${careersMessages.cv.hint} ${lostCv}` : careersMessages.cv.hint}
      >
        <Input
          ref={cvInput}
          name={CV_FILE.field}
          type="file"
          accept={CV_FILE.accept}
          onChange={onCvChange}
          className="h-auto cursor-pointer py-2 file:mr-4 file:cursor-pointer file:rounded-md file:bg-secondary file:px-3 file:py-1.5 file:text-secondary-foreground hover:file:bg-secondary/80"
          {...fieldA11y("careers-cv", errors.cv, { hint: true })}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        <Send aria-hidden />
        {submitting ? careersMessages.submitting : careersMessages.submit}
      </Button>
      <PrivacyNote purpose="avaliar a sua candidatura e falar com você sobre ela" />
    </form>
  );
}

export { CareersForm as Island };

export function PageForm({ state }: { state?: FormState }) {
  return <CareersForm positions={JOBS.map((job) => job.title)} initial={state} />;
}
