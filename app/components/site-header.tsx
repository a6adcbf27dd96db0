/**
 * Site header (SPEC §2): sticky; transparent at the top and translucent with a shadow past 10 px.
 * Pages whose route handle sets `darkHero` start with a navy hero, so the header overlays it with
 * light text until the visitor scrolls. Below `xl` the nav collapses behind a menu button.
 *
 * Nothing here needs React in the browser, so the header works from the first paint: the phone
 * menu is a native popover (its button toggles it, Escape and a tap outside close it; besides the
 * desktop's items it offers 'Consultoria Gratuita', like the floating button), and the
 * "scrolled" state is a `data-scrolled` attribute the early script keeps up to date
 * (app/shell/early/header-scroll.ts), which the `header-solid` variant of app.css styles. Without
 * JavaScript the header stays solid, so it is readable everywhere.
 */
import { chatInvoker } from "~/components/overlay-buttons";
import { Button } from "~/components/ui/button";
import { Menu, MessageCircle, X } from "~/components/ui/icons";
import { Link, useLocation, useRouteHandles } from "~/lib/navigation";
import type { PolicyHandle } from "~/lib/route-policy";
import { cn } from "~/lib/utils";
import type { ShellHandle } from "~/shell/contract";
import { BrandLink } from "./marketing/brand";
import { WhatsAppIcon, WhatsAppLink } from "./marketing/whatsapp";

export interface RouteHandle extends ShellHandle, PolicyHandle {
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

/** Id of the phone menu (a popover); its button names it in `popovertarget`. */
const MENU_ID = "menu-principal";

/** On the home page a section item scrolls; elsewhere 'home' goes to / and others to /#section. */
function sectionHref(section: string, onHome: boolean): string {
  if (section === "home" && !onHome) return "/";
  return `/#${section}`;
}

/** `noHero`: the page failed, so the hero its route declares is not there to lay the header over. */
export function SiteHeader({ noHero = false }: { noHero?: boolean }) {
  const { pathname } = useLocation();
  const handles = useRouteHandles();
  const overlay = !noHero && handles.some((handle) => (handle as RouteHandle | undefined)?.darkHero);
  const onHome = pathname === "/";

  const linkClass = cn(
    "rounded-md px-3 py-2 text-[0.9375rem] font-semibold transition-colors",
    // The current page's item is marked by colour and an underline (not by colour alone).
    "aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8",
    overlay
      ? "text-white/85 hover:text-white aria-[current=page]:text-white header-solid:text-navy/80 header-solid:hover:text-primary header-solid:aria-[current=page]:text-primary"
      : "text-navy/80 hover:text-primary aria-[current=page]:text-primary",
  );

  function itemHref(item: NavItem) {
    return "section" in item ? sectionHref(item.section, onHome) : item.to;
  }
  function isCurrent(item: NavItem) {
    return "to" in item && (pathname === item.to || pathname.startsWith(`${item.to}/`));
  }

  return (
    <header
      data-site-header=""
      data-scrolled="false"
      className={cn(
        "sticky top-0 z-40 border-b border-transparent bg-transparent transition-[background-color,box-shadow,border-color] duration-300",
        "header-solid:border-border/70 header-solid:bg-white/85 header-solid:shadow-soft header-solid:backdrop-blur-md header-solid:supports-[backdrop-filter]:bg-white/75",
        overlay && "-mb-16",
      )}
    >
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-4 px-5 sm:px-6 lg:px-8">
        <BrandLink tone={overlay ? "overlay" : "dark"} id="header" />

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
          <Button
            asChild
            variant="outline"
            className={cn(
              overlay &&
                "border-white/40 bg-transparent text-white hover:bg-white/10 header-solid:border-input header-solid:bg-background header-solid:text-foreground header-solid:hover:bg-muted",
            )}
          >
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
          <Button
            asChild
            className={cn(
              overlay &&
                "bg-white text-navy shadow-soft hover:bg-muted header-solid:bg-primary header-solid:text-primary-foreground header-solid:hover:bg-primary-hover",
            )}
          >
            <Link to="/#contact">Contato</Link>
          </Button>
        </div>

        <button
          type="button"
          popoverTarget={MENU_ID}
          className={cn(
            "group/menu inline-flex size-11 items-center justify-center rounded-lg xl:hidden",
            overlay ? "text-white hover:bg-white/10 header-solid:text-navy header-solid:hover:bg-muted" : "text-navy hover:bg-muted",
          )}
          aria-label="Abrir menu"
        >
          <Menu className="size-6 header-menu-open:hidden" aria-hidden />
          <X className="hidden size-6 header-menu-open:block" aria-hidden />
        </button>
      </div>

      <div
        id={MENU_ID}
        popover="auto"
        data-mobile-menu=""
        className="inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full max-w-none overflow-y-auto border-0 border-t border-border bg-white p-0 text-foreground shadow-lift xl:hidden"
      >
        <nav aria-label="Menu principal" className="mx-auto max-w-7xl px-5 pb-6 pt-3 sm:px-6">
          <ul className="flex flex-col">
            {NAV.map((item) => (
              <li key={item.label}>
                <Link
                  to={itemHref(item)}
                  aria-current={isCurrent(item) ? "page" : undefined}
                  className="flex items-center rounded-lg px-3 py-3.5 text-base font-semibold text-navy hover:bg-muted aria-[current=page]:text-primary"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-4 grid gap-3 border-t border-border pt-5 sm:grid-cols-2">
            <Button asChild variant="outline" size="lg">
              <Link to="/produtos">Produtos e Assinaturas</Link>
            </Button>
            <Button asChild variant="whatsapp" size="lg">
              <WhatsAppLink>
                <WhatsAppIcon className="size-5" />
                WhatsApp
              </WhatsAppLink>
            </Button>
            <Button asChild size="lg">
              <Link to="/#contact">Contato</Link>
            </Button>
            {/* The floating button's twin: an invoker, so it opens the chat before (or without)
                React; the early script closes the menu first (app/shell/early/phone-menu.ts). */}
            <Button {...chatInvoker} size="lg">
              <MessageCircle className="size-5" aria-hidden />
              Consultoria Gratuita
            </Button>
          </div>
        </nav>
      </div>
    </header>
  );
}
