/**
 * The pages a newsletter e-mail links to (/newsletter/confirmar, /descadastrar): a card with the
 * site's name, what the link does, and one button that does it. The click is a POST because mail
 * scanners open links by themselves, and a GET alone must change nothing. Public pages are
 * documents (docs/decisions/0058): the button is a plain form's, busy while it posts.
 */
import { Button } from "~/components/ui/button";
import type { Icon } from "~/components/ui/icons";
import { Link } from "~/lib/navigation";
import { SITE_NAME } from "~/lib/site";
import type { ReactNode } from "react";

export function EmailLinkPage({ icon: Icon, children }: { icon: Icon; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-8 text-center shadow-soft">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
          <Icon className="size-6" aria-hidden />
        </span>
        <p className="font-display text-sm font-semibold uppercase tracking-widest text-primary">{SITE_NAME}</p>
        {children}
        <Link to="/" className="mt-6 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
          Voltar ao site
        </Link>
      </div>
    </main>
  );
}

/** The link's one button: posts the token from the e-mail. */
export function EmailLinkForm({ token, label, busyLabel }: { token: string; label: string; busyLabel: string }) {
  return (
    <form method="post" className="mt-6" data-busy-label={busyLabel}>
      <input type="hidden" name="token" value={token} />
      <Button type="submit" size="lg" className="w-full">
        {label}
      </Button>
    </form>
  );
}
