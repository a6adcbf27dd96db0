/**
 * Job application (/carreiras): SPEC §5 rules and messages, 'Enviando candidatura...', §8 toasts.
 * `selectedPosition` changes when a job's apply button is used: the position field follows it.
 */
import { Send } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useLocation } from "~/lib/navigation";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { careersMessages } from "~/lib/messages/leads";
import { LIMITS } from "~/lib/lead-fields";
import { Honeypot, nativeSelectClassName, ReturnTo, sendJson, useLeadForm, useScriptValidation } from "./lead-form-utils";

export function CareersForm({ positions, selectedPosition }: { positions: string[]; selectedPosition?: string }) {
  const formRef = useScriptValidation();
  const location = useLocation();
  const [position, setPosition] = useState(selectedPosition ?? "");
  const { errors, setErrors, clearError, submitting, run } = useLeadForm();

  useEffect(() => {
    if (selectedPosition) {
      setPosition(selectedPosition);
      setErrors(({ position: _, ...rest }) => rest);
    }
  }, [selectedPosition, setErrors]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    run(event, {
      schema: (m) => m.careerApplicationSchema,
      send: async (data) => {
        const result = await sendJson<{ ok?: boolean }>("/api/careers/application", data);
        // An answer without `ok: true` is a failure, whatever its status.
        return result.json?.ok ? result : { ...result, ok: false };
      },
      onSuccess: () => {
        toast(careersMessages.success);
        setPosition("");
      },
      onFailure: ({ status, message }) =>
        toast({
          title: careersMessages.failure.title,
          // A rate limit says how long to wait; anything else gets the spec's text.
          description: status === 429 ? message : careersMessages.failure.description,
          variant: "destructive",
        }),
    });

  const options = position && !positions.includes(position) ? [...positions, position] : positions;

  return (
    <form
      ref={formRef}
      method="post"
      action="/api/careers/application"
      onSubmit={onSubmit}
      aria-label="Formulário de candidatura"
      className="relative grid gap-5"
    >
      <Honeypot />
      <ReturnTo path={location.pathname} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="careers-name" label="Nome completo" error={errors.name} required>
          <Input name="name" autoComplete="name" required minLength={2} maxLength={LIMITS.name} onChange={() => clearError("name")} {...fieldA11y("careers-name", errors.name)} />
        </FormField>
        <FormField id="careers-email" label="Email" error={errors.email} required>
          <Input name="email" type="email" autoComplete="email" inputMode="email" required maxLength={LIMITS.email} onChange={() => clearError("email")} {...fieldA11y("careers-email", errors.email)} />
        </FormField>
        <FormField id="careers-phone" label="Telefone com DDD" error={errors.phone} required>
          <Input
            name="phone"
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
          <select
            name="position"
            required
            value={position}
            onChange={(e) => {
              setPosition(e.target.value);
              clearError("position");
            }}
            className={nativeSelectClassName}
            {...fieldA11y("careers-position", errors.position)}
          >
            <option value="">Selecione uma vaga</option>
            {options.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="careers-linkedin" label="LinkedIn (opcional)" error={errors.linkedinUrl}>
          <Input
            name="linkedinUrl"
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
          rows={4}
          required
          minLength={50}
          maxLength={LIMITS.longText}
          placeholder="Por que você quer fazer parte da equipe?"
          onChange={() => clearError("motivation")}
          {...fieldA11y("careers-motivation", errors.motivation, { hint: true })}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto sm:justify-self-start">
        <Send aria-hidden />
        {submitting ? careersMessages.submitting : careersMessages.submit}
      </Button>
    </form>
  );
}
