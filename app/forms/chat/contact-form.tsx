/**
 * The chat's contact step (SPEC §5): the widget's first form (app/components/chat/chat-widget.tsx),
 * and alone the page /enviar/chat renders when it is posted without JavaScript.
 */
import { useState, type FormEvent } from "react";
import { Honeypot, IdempotencyField, ReturnTo, type FormState } from "~/components/forms/lead-form-utils";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { fieldErrors } from "~/lib/form-errors";
import { FORM_STAMP_FIELD, PROOF_FIELD } from "~/lib/lead-fields";
import { useLocation } from "~/lib/navigation";
import { LEGAL_PATHS } from "~/lib/privacy";
import chatForm from "./definition";
import { chatContactMessages } from "./messages";
import { CHAT_COMPANY_MAX, chatContactSchema, type ChatContactInput } from "./schema";

type ContactErrors = Partial<Record<keyof ChatContactInput, string>>;

/** The chat's contact waits this long for its proof of work (the solver's own limit), not the lead forms' 8 s. */
const CHAT_PROOF_WAIT_MS = 60_000;

/**
 * The widget's contact step (SPEC §5). Also rendered alone by /enviar/chat, the page it posts to
 * without JavaScript, with `initial` errors and values and no `onSubmit` (a plain post).
 */
export function ChatContactForm({
  loading = false,
  onSubmit,
  initial,
  idPrefix = "chat",
}: {
  loading?: boolean;
  /** The contact and its proof of work (docs/decisions/0090). */
  onSubmit?: (values: ChatContactInput & { [PROOF_FIELD]?: string }) => void;
  initial?: FormState;
  /** The fields' ids: /enviar/chat also has the widget's dialog, so it gives others. */
  idPrefix?: string;
}) {
  const [errors, setErrors] = useState<ContactErrors>(initial?.errors ?? {});
  // Waiting for the proof of work: sending already, for the visitor (and a second submit is not another contact).
  const [proving, setProving] = useState(false);
  const busy = loading || proving;
  const values = initial?.values ?? {};
  const location = useLocation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onSubmit) return; // a plain post (/enviar/chat)
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const parsed = chatContactSchema.safeParse({
      email: form.get("email") ?? "",
      phone: form.get("phone") ?? "",
      message: form.get("message") ?? "",
    });
    if (!parsed.success) {
      const next: ContactErrors = fieldErrors(parsed.error);
      setErrors(next);
      const first = (["email", "phone", "message"] as const).find((k) => next[k]);
      if (first) event.currentTarget.querySelector<HTMLElement>(`#${idPrefix}-${first}`)?.focus();
      return;
    }
    setErrors({});
    // The proof of work (docs/decisions/0090): without one in time, the form posts natively (/enviar/chat).
    const element = event.currentTarget;
    setProving(true);
    void import("~/components/forms/proof-of-work")
      .then(async (pow) => {
        // Waited for as long as the solver works (a slow phone, a busy host): posting natively
        // meanwhile would reload the page and close the sheet (docs/decisions/0121).
        const proof = await pow.proofFor(element, CHAT_PROOF_WAIT_MS);
        if (!proof) return pow.postNatively(element);
        pow.spendProof(element);
        onSubmit({ ...parsed.data, [PROOF_FIELD]: proof });
      })
      .catch(() => HTMLFormElement.prototype.submit.call(element)) // its code did not load: the native post
      .finally(() => setProving(false));
  };

  return (
    <form
      noValidate
      method="post"
      action={chatForm.action}
      onSubmit={submit}
      className="group relative grid gap-3"
      aria-label="Seus dados para a consultoria"
    >
      <Honeypot stamp={values[FORM_STAMP_FIELD]} />
      <IdempotencyField />
      <ReturnTo path={values.returnTo || location.pathname} />
      <FormField id={`${idPrefix}-email`} label={chatContactMessages.emailLabel} error={errors.email} required>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={320}
          // Where the dialog puts focus when it opens (native dialog focusing steps).
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's first field, where native dialog focusing puts it
          autoFocus
          defaultValue={values.email}
          {...fieldA11y(`${idPrefix}-email`, errors.email)}
        />
      </FormField>
      <FormField id={`${idPrefix}-phone`} label={chatContactMessages.phoneLabel} error={errors.phone} required>
        <Input
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          minLength={10}
          maxLength={30}
          placeholder="(11) 99999-9999"
          defaultValue={values.phone}
          {...fieldA11y(`${idPrefix}-phone`, errors.phone)}
        />
      </FormField>
      <FormField id={`${idPrefix}-message`} label={chatContactMessages.companyLabel} error={errors.message}>
        <Input
          name="message"
          autoComplete="organization"
          maxLength={CHAT_COMPANY_MAX}
          defaultValue={values.message}
          {...fieldA11y(`${idPrefix}-message`, errors.message)}
        />
      </FormField>
      {/* aria-busy: sent before the page's script ran, held until it does (app/shell/early/held-submits.ts). */}
      <Button type="submit" disabled={busy} className="w-full group-aria-busy:cursor-progress group-aria-busy:opacity-70">
        {busy ? chatContactMessages.submitting : chatContactMessages.submit}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        {chatContactMessages.privacyNote}{" "}
        <a href={LEGAL_PATHS.privacy} target="_blank" rel="noopener" className="underline underline-offset-2 hover:text-foreground">
          Política de Privacidade<span className="sr-only"> (abre em nova aba)</span>
        </a>
      </p>
    </form>
  );
}
