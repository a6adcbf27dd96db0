import { useMatches } from "react-router";
import { ChatLauncher } from "~/components/chat/chat-launcher";
import { Island } from "~/components/island";
import { FloatingWhatsApp } from "~/components/marketing/floating-whatsapp";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ConsultationRequestDialog } from "~/forms/consultation/form";
import type { ReactNode } from "react";

/**
 * A page where the visitor pays or confirms a payment declares `floatingControls: false` in its
 * route's handle: no floating buttons over its actions. The chat stays reachable from the footer.
 */
export interface FloatingControlsHandle {
  floatingControls?: false;
}

/** Public pages: header, content, footer, and the overlays every page can open. `failed`: an error page in place of the route's own. */
export function SiteChrome({ children, failed = false }: { children: ReactNode; failed?: boolean }) {
  const floating = useMatches().every((m) => (m.handle as FloatingControlsHandle | undefined)?.floatingControls !== false);
  return (
    <>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow-lift"
      >
        Pular para o conteúdo
      </a>
      <SiteHeader noHero={failed} />
      <main id="conteudo">{children}</main>
      <SiteFooter />
      {floating && <FloatingWhatsApp />}
      <ChatLauncher floating={floating} />
      <Island name="consultation" component={ConsultationRequestDialog} props={{}} />
    </>
  );
}
