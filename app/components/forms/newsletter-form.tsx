/**
 * Footer newsletter: SPEC §5 check (empty or no '@' → 'Email inválido' toast) and §8 success
 * toast with the field cleared. Beyond the spec the subscription is stored for real, with the
 * consent record the LGPD asks for and an unsubscribe link.
 */
import { ArrowRight } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useLocation } from "~/lib/navigation";
import { toast } from "~/components/ui/use-toast";
import { newsletterMessages } from "~/lib/messages/leads";
import { LEGAL_PATHS } from "~/lib/privacy";
import { isNewsletterEmailAcceptable, LIMITS } from "~/lib/lead-fields";
import { cn } from "~/lib/utils";
import { Honeypot, readForm, ReturnTo, sendJson, useScriptValidation } from "./lead-form-utils";

export function NewsletterForm({ className }: { className?: string }) {
  const formRef = useScriptValidation();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isNewsletterEmailAcceptable(email)) {
      toast({ ...newsletterMessages.invalid, variant: "destructive" });
      return;
    }
    setSubmitting(true);
    try {
      const values = readForm(event.currentTarget);
      const result = await sendJson("/api/newsletter", { email: email.trim(), website: values.website, source: "rodape" });
      if (!result.ok) {
        // A malformed address the browser let through gets the spec's own message.
        if (result.errors?.email) toast({ ...newsletterMessages.invalid, variant: "destructive" });
        else toast({ title: newsletterMessages.failureTitle, description: result.message, variant: "destructive" });
        return;
      }
      toast(newsletterMessages.success);
      setEmail("");
    } catch {
      toast({ title: newsletterMessages.failureTitle, description: newsletterMessages.failureFallback, variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      action="/api/newsletter"
      onSubmit={onSubmit}
      aria-label="Inscrição na newsletter"
      className={cn("relative", className)}
    >
      <Honeypot />
      <ReturnTo path={location.pathname} />
      <input type="hidden" name="source" value="rodape" />
      <div className="flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Seu email
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={LIMITS.email}
          placeholder="seu@email.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
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
        . Cancele quando quiser pelo link presente em cada email.
      </p>
    </form>
  );
}
