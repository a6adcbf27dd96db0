/** Every messaging-app link of the site: new tab, company number, prefilled greeting (SPEC §1). */
import { whatsappLink } from "~/lib/site";
import { useSiteConfig } from "~/lib/site-config";
import type { ReactNode } from "react";

/** A speech bubble with a handset: our own drawing, in the spirit of the messaging app's mark. */
export function WhatsAppIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3.5 20.5 5 16.3A8.5 8.5 0 1 1 8 19.2z" />
      <path
        d="M9.2 8.6c.2-.5.5-.5.8-.5h.5c.2 0 .4.1.5.4l.6 1.5c.1.2 0 .4-.1.6l-.5.6c.5 1 1.4 1.9 2.4 2.4l.6-.5c.2-.1.4-.2.6-.1l1.5.6c.3.1.4.3.4.5v.5c0 .3 0 .6-.5.8-.8.4-2 .4-3.6-.6a8.6 8.6 0 0 1-2.7-2.7c-1-1.6-1-2.8-.6-3.5z"
        fill="currentColor"
        stroke="none"
      />
    </svg>
  );
}

export function WhatsAppLink({
  className,
  children,
  text,
  "aria-label": ariaLabel,
}: {
  className?: string;
  children: ReactNode;
  /** Prefilled message; the default greeting asks about the company's AI agents. */
  text?: string;
  "aria-label"?: string;
}) {
  const { whatsapp } = useSiteConfig();
  return (
    <a
      href={whatsappLink(whatsapp, text)}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      aria-label={ariaLabel}
      data-whatsapp-link=""
    >
      {children}
      {!ariaLabel && <span className="sr-only"> (abre em nova aba)</span>}
    </a>
  );
}
