/**
 * Floating messaging button, bottom-left, shown 2 s after load (SPEC §2, §9). The delay is a CSS
 * animation (`appear-late` in app.css): a plain link that works from the first paint, with or
 * without JavaScript.
 */
import { formatPhone } from "~/lib/site";
import { useSiteConfig } from "~/lib/site-config";
import { WhatsAppIcon, WhatsAppLink } from "./whatsapp";

export function FloatingWhatsApp() {
  const { whatsapp } = useSiteConfig();
  const number = formatPhone(whatsapp);
  return (
    <aside
      aria-label="WhatsApp"
      className="group fixed bottom-4 left-4 z-40 animate-appear-late sm:bottom-6 sm:left-6"
      data-floating-whatsapp=""
      // Always shown after its 2 s; never over the focused element (app/shell/early/floating-controls.ts).
      data-floating-control="left"
    >
      <WhatsAppLink
        aria-label={`Conversar no WhatsApp: ${number} (abre em nova aba)`}
        className="flex size-14 items-center justify-center rounded-full bg-[color-mix(in_srgb,var(--color-whatsapp)_85%,black)] text-white shadow-lift ring-4 ring-white/70 transition-transform hover:scale-105 hover:bg-[color-mix(in_srgb,var(--color-whatsapp)_72%,black)]"
      >
        <WhatsAppIcon className="size-7" />
      </WhatsAppLink>
      {/* CSS-only tooltip: no tooltip library for one label. The number is also in the link's name. */}
      <span
        aria-hidden
        className="pointer-events-none absolute bottom-1/2 left-full ml-3 translate-y-1/2 whitespace-nowrap rounded-md bg-navy px-3 py-1.5 text-sm font-medium text-white opacity-0 shadow-soft transition-opacity group-hover:opacity-100 group-focus-within:opacity-100"
      >
        {number}
      </span>
    </aside>
  );
}
