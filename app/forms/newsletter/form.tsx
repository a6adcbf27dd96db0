/**
 * Footer newsletter: SPEC §5 check (empty or no '@' → 'Email inválido' toast) and §8 success
 * toast with the field cleared. Beyond the spec the subscription is stored for real, with the
 * consent record the LGPD asks for and an unsubscribe link. Without JavaScript the form posts
 * itself to /enviar/newsletter.
 *
 * `Island` is the footer's sign-up, `PageForm` what /enviar/newsletter renders (docs/decisions/0071).
 */
import { useRef, useState, type FormEvent } from "react";
import { Honeypot, IdempotencyField, readForm, ReturnTo, sendJson, type FormState } from "~/components/forms/lead-form-utils";
import { ArrowRight } from "~/components/ui/icons";
import { toast } from "~/components/ui/use-toast";
import { LIMITS, PROOF_FIELD } from "~/lib/lead-fields";
import { Link, useLocation } from "~/lib/navigation";
import { LEGAL_PATHS } from "~/lib/privacy";
import { cn } from "~/lib/utils";
import { IDEMPOTENCY_FIELD } from "~/shell/early/idempotency-key";
import newsletterForm, { isNewsletterEmailAcceptable } from "./definition";
import { newsletterMessages } from "./messages";

export function NewsletterForm({
  className,
  initialEmail,
  initialInvalid = false,
  idPrefix = "newsletter",
}: {
  className?: string;
  initialEmail?: string;
  /** The address of a post made without JavaScript was refused (its answer page shows why). */
  initialInvalid?: boolean;
  /** Ids of the form's fields; a page that shows a second sign-up beside the footer's gives another. */
  idPrefix?: string;
}) {
  const location = useLocation();
  const emailRef = useRef<HTMLInputElement>(null);
  const [submitting, setSubmitting] = useState(false);
  // The spec's message is a toast; the field itself says it is wrong too (decision 0032).
  const [invalid, setInvalid] = useState(initialInvalid);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = emailRef.current?.value ?? "";
    if (!isNewsletterEmailAcceptable(email)) {
      setInvalid(true);
      emailRef.current?.focus();
      toast({ ...newsletterMessages.invalid, variant: "destructive" });
      return;
    }
    setInvalid(false);
    setSubmitting(true);
    const keyInput = form.elements.namedItem(IDEMPOTENCY_FIELD) as HTMLInputElement | null;
    try {
      const values = readForm(form);
      // The proof of work (docs/decisions/0090): without one in time, the form posts natively.
      const pow = await import("~/components/forms/proof-of-work");
      const proof = await pow.proofFor(form);
      if (!proof) return pow.postNatively(form);
      const result = await sendJson(
        newsletterForm.api.path,
        { email: email.trim(), website: values.website, source: "rodape", [PROOF_FIELD]: proof },
        keyInput?.value || undefined,
      );
      if (!result.ok) {
        // A malformed address the browser let through gets the spec's own message.
        if (result.errors?.email) {
          setInvalid(true);
          toast({ ...newsletterMessages.invalid, variant: "destructive" });
        } else toast({ title: newsletterMessages.failureTitle, description: result.message, variant: "destructive" });
        return;
      }
      toast({ ...newsletterMessages.success, note: newsletterMessages.confirmationNote });
      form.reset();
      if (keyInput) keyInput.value = ""; // the next subscription is a new one
      pow.spendProof(form, true);
    } catch {
      toast({ title: newsletterMessages.failureTitle, description: newsletterMessages.failureFallback, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      noValidate
      method="post"
      action={newsletterForm.action}
      onSubmit={onSubmit}
      aria-label="Inscrição na newsletter"
      className={cn("relative", className)}
    >
      <Honeypot />
      <IdempotencyField />
      <ReturnTo path={location.pathname} />
      <input type="hidden" name="source" value="rodape" />
      <div className="flex gap-2">
        <label htmlFor={`${idPrefix}-email`} className="sr-only">
          Seu email
        </label>
        <input
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={LIMITS.email}
          placeholder="seu@email.com"
          ref={emailRef}
          defaultValue={initialEmail}
          aria-invalid={invalid || undefined}
          onChange={() => invalid && setInvalid(false)}
          className="h-11 min-w-0 flex-1 rounded-lg border border-white/40 bg-white/10 px-3 text-base text-white placeholder:text-white/70 focus-visible:border-white focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-cyan"
        />
        <button
          type="submit"
          disabled={submitting}
          className="inline-flex h-11 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg bg-white px-4 text-sm font-semibold text-navy transition-colors hover:bg-muted focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-cyan disabled:opacity-60"
        >
          {submitting ? "Enviando..." : "Inscrever"}
          <ArrowRight className="size-4" aria-hidden />
        </button>
      </div>
      <p className="mt-2 text-xs text-white/70">
        Ao se inscrever, você concorda com a{" "}
        <Link to={LEGAL_PATHS.privacy} className="underline underline-offset-2 hover:text-white">
          Política de Privacidade
        </Link>
        . {newsletterMessages.formNote}
      </p>
    </form>
  );
}

export { NewsletterForm as Island };

export function PageForm({ state }: { state?: FormState }) {
  return (
    <div className="rounded-xl bg-navy p-5 text-white">
      {/* The footer has its own sign-up on this page too: other ids. */}
      <NewsletterForm initialEmail={state?.values.email} initialInvalid={Boolean(state?.errors.email)} idPrefix="newsletter-page" />
    </div>
  );
}
