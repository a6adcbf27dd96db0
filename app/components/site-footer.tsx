/** Site footer exactly as SPEC §2, plus the floating messaging button every public page shows. */
import { Island } from "~/components/island";
import { chatInvoker } from "~/components/overlay-buttons";
import { Mail, MessageSquareText } from "~/components/ui/icons";
import { NewsletterForm } from "~/forms/newsletter/form";
import { Link } from "~/lib/navigation";
import { LEGAL_PATHS } from "~/lib/privacy";
import { formatPhone, SITE_NAME } from "~/lib/site";
import { useSiteConfig } from "~/lib/site-config";
import { BrandLink } from "./marketing/brand";
import { FOOTER_SOLUTIONS, SOCIAL_PROFILE } from "./marketing/site-content";
import { WhatsAppIcon, WhatsAppLink } from "./marketing/whatsapp";

const COMPANY_LINKS = [
  { label: "Sobre Nós", to: "/sobre" },
  { label: "Casos de Sucesso", to: "/blog" },
  { label: "Blog", to: "/blog" },
  { label: "Carreiras", to: "/carreiras" },
  { label: "Formulário", to: "/formulario" },
  { label: "Contato", to: "/#contact" },
];

const LEGAL_LINKS = [
  { label: "Política de Privacidade", to: LEGAL_PATHS.privacy },
  { label: "Termos de Uso", to: LEGAL_PATHS.terms },
  { label: "Cookies", to: LEGAL_PATHS.cookies },
];

const linkClass = "rounded-sm text-white/75 transition-colors hover:text-white";

function ColumnTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="font-display text-sm font-bold uppercase tracking-[0.14em] text-white">
      {children}
    </h2>
  );
}

/** LinkedIn-style "in" mark, drawn here rather than fetched. */
function SocialMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden focusable="false">
      <rect x="2" y="2" width="20" height="20" rx="4" fill="currentColor" />
      <path
        d="M7 10v7M7 7v.01M11 17v-7m0 3.2c0-1.8 1-3.2 2.7-3.2 1.6 0 2.3 1.1 2.3 3v4"
        stroke="#0b1b3f"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

export function SiteFooter() {
  const { whatsapp, email } = useSiteConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="relative overflow-hidden bg-navy text-white" aria-labelledby="footer-title">
      <h2 id="footer-title" className="sr-only">
        Rodapé
      </h2>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-cyan/60 to-transparent"
      />
      <div className="mx-auto grid grid-cols-1 max-w-7xl gap-12 px-5 pb-12 pt-16 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.4fr] lg:px-8 lg:pt-20">
        <div>
          <BrandLink tone="light" id="footer" />
          <p className="mt-5 max-w-sm text-[0.9375rem] leading-relaxed text-white/75">
            Agentes de IA sob medida, automação de processos e consultoria estratégica para empresas que querem crescer com inteligência
            artificial, com segurança e resultados mensuráveis.
          </p>
          <a
            href={SOCIAL_PROFILE.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-6 inline-flex items-center gap-2 rounded-md text-sm font-semibold text-white/85 hover:text-white"
          >
            <SocialMark />
            {SOCIAL_PROFILE.label}
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </div>

        <nav aria-labelledby="footer-solucoes">
          <ColumnTitle id="footer-solucoes">Soluções</ColumnTitle>
          <ul className="mt-5 space-y-3 text-[0.9375rem]">
            {FOOTER_SOLUTIONS.map((label) => (
              <li key={label}>
                <Link to="/agentes" className={linkClass}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-empresa">
          <ColumnTitle id="footer-empresa">Empresa</ColumnTitle>
          <ul className="mt-5 space-y-3 text-[0.9375rem]">
            {COMPANY_LINKS.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li className="pt-2">
              <button
                type="button"
                {...chatInvoker}
                className="inline-flex items-center gap-2 rounded-lg bg-white/10 px-4 py-2.5 text-sm font-semibold text-white ring-1 ring-white/20 transition-colors hover:bg-white/15"
              >
                <MessageSquareText className="size-4" aria-hidden />
                Consultoria Gratuita
              </button>
            </li>
          </ul>
        </nav>

        <div>
          <ColumnTitle id="footer-contato">Contato Direto</ColumnTitle>
          <ul className="mt-5 space-y-3 text-[0.9375rem]">
            <li>
              <WhatsAppLink className={`${linkClass} inline-flex items-center gap-2.5`}>
                <WhatsAppIcon className="size-5 text-[#4ade80]" />
                WhatsApp: {formatPhone(whatsapp)}
              </WhatsAppLink>
            </li>
            <li>
              <a href={`mailto:${email}`} className={`${linkClass} inline-flex items-center gap-2.5 [overflow-wrap:anywhere]`}>
                <Mail className="size-5 shrink-0 text-cyan" aria-hidden />
                {email}
              </a>
            </li>
          </ul>
          <div className="mt-8">
            <p className="font-display text-sm font-bold text-white">Receba novidades sobre IA</p>
            <p className="mt-1 text-sm text-white/70">Conteúdos práticos e novidades da empresa, sem spam.</p>
            <Island name="newsletter" component={NewsletterForm} props={{ className: "mt-4" }} />
          </div>
        </div>
      </div>

      <div className="border-t border-white/10">
        {/* The page ends with the floating buttons' band (app.css), so its last line scrolls clear of them. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-5 pt-6 pb-(--float-band) text-sm text-white/70 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>
            © {year} {SITE_NAME}. Todos os direitos reservados.
          </p>
          <ul aria-label="Informações legais" className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
