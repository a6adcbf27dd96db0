/**
 * Site header (SPEC §2): sticky; transparent at the top and translucent with a shadow past 10 px.
 * Pages whose route handle sets `darkHero` start with a navy hero, so the header overlays it with
 * light text until the visitor scrolls. Below `xl` the nav collapses behind a menu button.
 */
import { Menu, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useRouteHandles } from "~/lib/navigation";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { ShellHandle } from "~/shell/contract";
import { BrandLink } from "./marketing/brand";
import { WhatsAppIcon, WhatsAppLink } from "./marketing/whatsapp";

/** SPEC §9: header style scroll threshold. */
export const HEADER_SCROLL_THRESHOLD = 10;

export interface RouteHandle extends ShellHandle {
  /** The page starts with a dark hero the header can overlay. */
  darkHero?: boolean;
}

type NavItem = { label: string; section: string } | { label: string; to: string };

// Início and Soluções scroll to their home sections; Agentes Autônomos opens /agentes (SPEC §2).
const NAV: NavItem[] = [
  { label: "Início", section: "home" },
  { label: "Soluções", section: "services" },
  { label: "Agentes Autônomos", to: "/agentes" },
  { label: "Sobre", to: "/sobre" },
  { label: "Blog", to: "/blog" },
];

/** On the home page a section item scrolls; elsewhere 'home' goes to / and others to /#section. */
function sectionHref(section: string, onHome: boolean): string {
  if (section === "home" && !onHome) return "/";
  return `/#${section}`;
}

export function SiteHeader() {
  const { pathname, key } = useLocation();
  const overlay = useRouteHandles().some((handle) => (handle as RouteHandle | undefined)?.darkHero);
  const onHome = pathname === "/";
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  // Any navigation (including to a section of the same page) closes the menu.
  useEffect(() => setOpen(false), [key]);

  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const solid = scrolled || open;
  const light = overlay && !solid; // light text over the dark hero

  const linkClass = cn(
    "rounded-md px-3 py-2 text-[0.9375rem] font-semibold transition-colors",
    // The current page's item is marked by colour and an underline (not by colour alone).
    "aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8",
    light ? "text-white/85 hover:text-white aria-[current=page]:text-white" : "text-navy/80 hover:text-primary aria-[current=page]:text-primary",
  );

  function itemHref(item: NavItem) {
    return "section" in item ? sectionHref(item.section, onHome) : item.to;
  }
  function isCurrent(item: NavItem) {
    return "to" in item && (pathname === item.to || pathname.startsWith(`${item.to}/`));
  }

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={cn(
        "sticky top-0 z-40 transition-[background-color,box-shadow,border-color] duration-300",
        overlay && "-mb-16",
        solid
          ? "border-b border-border/70 bg-white/85 shadow-soft backdrop-blur-md supports-[backdrop-filter]:bg-white/75"
          : "border-b border-transparent bg-transparent",
      )}
    >
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-4 px-5 sm:px-6 lg:px-8">
        <BrandLink light={light} onClick={close} />

        <nav aria-label="Principal" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.label}>
                <Link to={itemHref(item)} className={linkClass} aria-current={isCurrent(item) ? "page" : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 xl:flex">
          <Button asChild variant={light ? "heroOutline" : "outline"}>
            <Link to="/produtos" aria-current={pathname === "/produtos" ? "page" : undefined}>
              Produtos e Assinaturas
            </Link>
          </Button>
          <Button asChild variant="whatsapp">
            <WhatsAppLink>
              <WhatsAppIcon className="size-4" />
              WhatsApp
            </WhatsAppLink>
          </Button>
          <Button asChild variant={light ? "hero" : "default"}>
            <Link to="/#contact">Contato</Link>
          </Button>
        </div>

        <button
          ref={toggleRef}
          type="button"
          className={cn(
            "inline-flex size-11 items-center justify-center rounded-lg xl:hidden",
            light ? "text-white hover:bg-white/10" : "text-navy hover:bg-muted",
          )}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Fechar menu" : "Abrir menu"}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </div>

      <div
        id={menuId}
        hidden={!open}
        data-mobile-menu=""
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-white shadow-lift xl:hidden"
      >
        <nav aria-label="Menu principal" className="mx-auto max-w-7xl px-5 pb-6 pt-3 sm:px-6">
          <ul className="flex flex-col">
            {NAV.map((item) => (
              <li key={item.label}>
                <Link
                  to={itemHref(item)}
                  onClick={close}
                  aria-current={isCurrent(item) ? "page" : undefined}
                  className="flex items-center rounded-lg px-3 py-3.5 text-base font-semibold text-navy hover:bg-muted aria-[current=page]:text-primary"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-4 grid gap-3 border-t border-border pt-5 sm:grid-cols-3">
            <Button asChild variant="outline" size="lg">
              <Link to="/produtos" onClick={close}>
                Produtos e Assinaturas
              </Link>
            </Button>
            <Button asChild variant="whatsapp" size="lg">
              <WhatsAppLink>
                <WhatsAppIcon className="size-5" />
                WhatsApp
              </WhatsAppLink>
            </Button>
            <Button asChild size="lg">
              <Link to="/#contact" onClick={close}>
                Contato
              </Link>
            </Button>
          </div>
        </nav>
      </div>
    </header>
  );
}
