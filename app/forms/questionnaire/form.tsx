/**
 * Business-optimization questionnaire (SPEC §2 /formulario, §3 fields and choice values, §5 rules,
 * §8 toasts). Posts JSON to /api/business-optimization; without JavaScript the form posts itself
 * to /enviar/questionario.
 *
 * `Island` is what /formulario hydrates, `PageForm` what /enviar/questionario renders with the
 * server's answer (docs/decisions/0071).
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Honeypot, IdempotencyField, ReturnTo, sendJson, useLeadForm, type FormState } from "~/components/forms/lead-form-utils";
import { PrivacyNote } from "~/components/forms/privacy-note";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { CheckCircle2, Send } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { BOOKING_PATH, bookingMessages } from "~/lib/booking";
import { FORM_STAMP_FIELD, LIMITS } from "~/lib/lead-fields";
import questionnaireForm from "./definition";
import { BUSINESS_OPTIMIZATION_CHOICES, BUSINESS_OPTIMIZATION_LABELS as LABELS, type BusinessOptimizationField } from "./fields";
import { questionnaireMessages } from "./messages";

type FieldSpec = {
  name: BusinessOptimizationField;
  kind: "input" | "email" | "tel" | "textarea" | "select";
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  wide?: boolean;
};

const SECTIONS: Array<{ title: string; description: string; fields: FieldSpec[] }> = [
  {
    title: "Informações da empresa",
    description: "Quem é a empresa e com quem devemos falar.",
    fields: [
      { name: "companyName", kind: "input", required: true, autoComplete: "organization" },
      { name: "contactName", kind: "input", required: true, autoComplete: "name" },
      { name: "email", kind: "email", required: true, autoComplete: "email" },
      { name: "phone", kind: "tel", autoComplete: "tel", placeholder: "(11) 99999-9999" },
      { name: "position", kind: "input", autoComplete: "organization-title", placeholder: "Ex.: Diretor de Operações" },
      { name: "industryArea", kind: "input", placeholder: "Ex.: varejo, saúde, logística" },
      { name: "companySize", kind: "select", wide: true },
    ],
  },
  {
    title: "Processos-chave",
    description: "Os processos que mais pesam no dia a dia da operação.",
    fields: [
      { name: "keyProcesses", kind: "textarea", placeholder: "Ex.: atendimento ao cliente, faturamento, análise de contratos" },
      { name: "processStructure", kind: "textarea", placeholder: "Manual, planilhas, sistemas próprios, ERP..." },
    ],
  },
  {
    title: "Desafios atuais",
    description: "O que hoje custa tempo, dinheiro ou clientes.",
    fields: [
      { name: "currentChallenges", kind: "textarea" },
      { name: "bottlenecks", kind: "textarea", placeholder: "Onde o trabalho para, se repete ou depende de poucas pessoas?" },
    ],
  },
  {
    title: "Objetivos de negócio",
    description: "Aonde a empresa quer chegar com a otimização.",
    fields: [
      { name: "shortTermGoals", kind: "textarea", placeholder: "Próximos 6 meses" },
      { name: "longTermGoals", kind: "textarea", placeholder: "Próximos 2 a 3 anos" },
      { name: "optimizationImpact", kind: "textarea", placeholder: "Ex.: reduzir o tempo de resposta pela metade" },
    ],
  },
  {
    title: "Dados disponíveis",
    description: "A matéria-prima dos agentes de IA.",
    fields: [
      { name: "dataTypes", kind: "textarea", placeholder: "Documentos, emails, planilhas, bancos de dados, conversas..." },
      { name: "dataOrganization", kind: "textarea", placeholder: "Onde ficam e como são acessados" },
      { name: "dataQuality", kind: "select", wide: true },
    ],
  },
  {
    title: "Recursos tecnológicos",
    description: "O que já existe e o que precisa ser respeitado.",
    fields: [
      { name: "currentTechnologies", kind: "textarea", placeholder: "ERP, CRM, nuvem, ferramentas de atendimento..." },
      { name: "techRestrictions", kind: "textarea", placeholder: "Políticas de segurança, LGPD, sistemas legados..." },
    ],
  },
  {
    title: "Capacidade da equipe",
    description: "Quem vai conviver com as novas soluções.",
    fields: [
      { name: "teamFamiliarity", kind: "select", wide: true },
      { name: "teamOpenness", kind: "textarea", placeholder: "Como a equipe costuma receber novas ferramentas?" },
    ],
  },
  {
    title: "Critérios de sucesso, orçamento e prazo",
    description: "Como vamos medir o resultado e o investimento previsto.",
    fields: [
      { name: "successIndicators", kind: "textarea", placeholder: "Ex.: tempo de atendimento, custo por processo, NPS" },
      { name: "budget", kind: "select" },
      { name: "timeline", kind: "select" },
    ],
  },
  {
    title: "Informações adicionais",
    description: "Algo mais que devemos saber antes de preparar a proposta?",
    fields: [{ name: "additionalInfo", kind: "textarea" }],
  },
];

/** The error text SPEC §8 maps: status-bearing for 400 and 5xx, the server's words otherwise. */
function failureMessage(status: number, message: string): string {
  return status === 400 || status >= 500 ? `${status}: ${message}` : message;
}

export function QuestionnaireForm({ initial }: { initial?: FormState }) {
  const { form, errors, clearError, submitting, run } = useLeadForm(initial);
  // After a send, a confirmation takes the (reset) sections' place and the visitor's eye.
  const [confirmed, setConfirmed] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!confirmed) return;
    confirmation.current?.focus({ preventScroll: true });
    confirmation.current?.scrollIntoView({ block: "start" });
  }, [confirmed]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    run(event, {
      schema: () => import("./schema").then((m) => m.businessOptimizationSchema),
      send: async (data, key) => {
        const result = await sendJson<{ success?: boolean; data?: { id?: number }; error?: string }>(questionnaireForm.api.path, data, key);
        if (result.ok && !result.json?.success) throw new Error(result.json?.error || questionnaireMessages.unknownError);
        return result;
      },
      onSuccess: (result) => {
        const id = result.json?.data?.id;
        window.dispatchEvent(new CustomEvent(questionnaireMessages.submittedEvent, { detail: { id } }));
        toast({ title: questionnaireMessages.successTitle, description: questionnaireMessages.successDescription(id ?? "") });
        setConfirmed(true);
      },
      onFailure: ({ status, message }) =>
        toast({
          title: questionnaireMessages.failureTitle,
          description: questionnaireMessages.failureDescription(status ? failureMessage(status, message) : message),
          variant: "destructive",
          duration: questionnaireMessages.failureDurationMs,
        }),
    });

  function renderField(spec: FieldSpec) {
    const id = `bo-${spec.name}`;
    const error = errors[spec.name];
    const common = {
      name: spec.name,
      defaultValue: form.values[spec.name] ?? "",
      required: spec.required,
      placeholder: spec.placeholder,
      onChange: () => clearError(spec.name),
      ...fieldA11y(id, error),
    };
    let control: React.ReactNode;
    if (spec.kind === "textarea") control = <Textarea rows={3} maxLength={LIMITS.longText} {...common} />;
    else if (spec.kind === "select") {
      const choices = BUSINESS_OPTIMIZATION_CHOICES[spec.name] ?? [];
      control = (
        <NativeSelect {...common}>
          <option value="">Selecione uma opção</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      );
    } else {
      control = (
        <Input
          type={spec.kind === "input" ? "text" : spec.kind}
          autoComplete={spec.autoComplete}
          inputMode={spec.kind === "email" ? "email" : spec.kind === "tel" ? "tel" : undefined}
          maxLength={spec.kind === "email" ? LIMITS.email : LIMITS.shortText}
          {...common}
        />
      );
    }
    const wide = spec.kind === "textarea" || spec.wide;
    return (
      <FormField
        key={spec.name}
        id={id}
        label={LABELS[spec.name]}
        error={error}
        required={spec.required}
        className={wide ? "sm:col-span-2" : undefined}
      >
        {control}
      </FormField>
    );
  }

  return (
    <form
      noValidate
      method="post"
      action={questionnaireForm.action}
      onSubmit={onSubmit}
      aria-label="Formulário de otimização de negócios"
      className="relative mx-auto grid max-w-5xl gap-6 px-4"
    >
      <Honeypot stamp={form.values[FORM_STAMP_FIELD]} />
      <IdempotencyField />
      <ReturnTo path="/formulario" />
      <p hidden={confirmed} className="text-sm text-muted-foreground">
        Campos marcados com <span aria-hidden="true">*</span>
        <span className="sr-only">asterisco</span> são obrigatórios; os demais ajudam a tornar a proposta mais precisa.
      </p>
      {confirmed ? (
        <div
          ref={confirmation}
          tabIndex={-1}
          data-testid="questionnaire-confirmation"
          className="flex scroll-mt-24 flex-col items-center gap-3 rounded-2xl border border-border bg-card p-6 text-center shadow-soft outline-none sm:p-10"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
            <CheckCircle2 className="size-8" aria-hidden />
          </span>
          <h2 className="text-2xl font-bold">{questionnaireMessages.confirmation.title}</h2>
          <p className="max-w-xl text-muted-foreground">{questionnaireMessages.confirmation.next}</p>
          <p className="max-w-xl text-muted-foreground">{questionnaireMessages.confirmation.book}</p>
          <div className="mt-3 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <a href={BOOKING_PATH}>{bookingMessages.entryLink}</a>
            </Button>
            <Button type="button" variant="outline" onClick={() => setConfirmed(false)}>
              {questionnaireMessages.confirmation.again}
            </Button>
          </div>
        </div>
      ) : null}
      {SECTIONS.map((section, index) => (
        <fieldset key={section.title} hidden={confirmed} className="rounded-2xl border border-border bg-card p-6 shadow-soft sm:p-8">
          <legend className="sr-only">{section.title}</legend>
          <div className="mb-6 flex items-start gap-4">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-display text-sm font-bold text-primary-foreground"
            >
              {String(index + 1).padStart(2, "0")}
            </span>
            <div>
              <h2 className="text-xl font-bold">{section.title}</h2>
              <p className="text-sm text-muted-foreground">{section.description}</p>
            </div>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">{section.fields.map(renderField)}</div>
        </fieldset>
      ))}
      <div
        hidden={confirmed}
        className="flex flex-col items-start gap-4 rounded-2xl border border-border bg-card p-6 shadow-soft sm:flex-row sm:items-center sm:justify-between sm:p-8"
      >
        <div className="grid max-w-xl gap-2">
          <p className="text-sm text-muted-foreground">{questionnaireMessages.replyNote}</p>
          <PrivacyNote purpose="preparar a proposta e falar com você sobre ela" />
        </div>
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          <Send aria-hidden />
          {submitting ? questionnaireMessages.submitting : questionnaireMessages.submit}
        </Button>
      </div>
    </form>
  );
}

export { QuestionnaireForm as Island };

export function PageForm({ state }: { state?: FormState }) {
  return <QuestionnaireForm initial={state} />;
}
