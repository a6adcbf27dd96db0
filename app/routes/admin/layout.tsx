import { useEffect } from "react";
import { data, Form, NavLink, Outlet, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  BarChart3,
  CalendarDays,
  ClipboardList,
  ExternalLink,
  FileText,
  Inbox,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Menu,
  MessagesSquare,
  Receipt,
  ScrollText,
  ShieldAlert,
  ShieldCheck,
  X,
} from "~/components/ui/icons";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { AUTH_STORAGE_KEY } from "~/lib/messages/auth";
import { SITE_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireAdmin(context);
  return data({ username: user.username }, { headers: { "Cache-Control": "no-store" } });
}

/** Admin navigation; each area adds its entry here. */
const NAV = [
  { to: "/admin/dashboard", label: "Painel", icon: LayoutDashboard },
  { to: "/admin/analises", label: "Análises", icon: BarChart3 },
  { to: "/admin", label: "Blog", icon: FileText, end: true },
  { to: "/admin/business-optimizations", label: "Questionários", icon: ClipboardList },
  { to: "/admin/leads", label: "Leads", icon: Inbox, except: "/admin/leads/spam" }, // the inbox (pipeline); per-type lists below it
  { to: "/admin/leads/spam", label: "Spam", icon: ShieldAlert }, // suspected submissions, apart from the leads (docs/decisions/0090)
  { to: "/admin/agenda", label: "Agenda", icon: CalendarDays },
  { to: "/admin/conversas", label: "Conversas", icon: MessagesSquare },
  { to: "/admin/pedidos", label: "Pedidos", icon: Receipt },
  { to: "/admin/privacidade", label: "Privacidade", icon: ShieldCheck },
  { to: "/admin/auditoria", label: "Auditoria", icon: ScrollText },
  { to: "/admin/seguranca", label: "Segurança", icon: KeyRound },
];

/** The phone menu's id: a native popover (docs/decisions/0063), named by its button's `popovertarget`. */
const MENU_ID = "admin-menu";

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, "true"); // UI mirror only (SPEC §4)
  }, []);
  // A page chosen in the phone menu closes it (a tap outside and Escape close it natively).
  const location = useLocation();
  useEffect(() => {
    const menu = document.getElementById(MENU_ID);
    if (menu?.matches(":popover-open")) menu.hidePopover();
  }, [location.pathname, location.search]);

  return (
    <div className="min-h-screen bg-muted">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      <header className="group/header border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 lg:h-auto lg:flex-wrap lg:py-3">
          <div className="flex items-center gap-3">
            <a href="/" className="font-display text-lg font-extrabold text-foreground">
              {SITE_NAME}
            </a>
            <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground">Admin</span>
          </div>
          {/* Below lg a panel that drops from the header (two columns of large targets); from lg the
              same list sits in the header, wrapping instead of scrolling sideways. One markup. */}
          <div
            id={MENU_ID}
            popover="auto"
            className="inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full max-w-none overflow-y-auto border-0 border-b border-border bg-background p-4 text-foreground shadow-lift lg:contents"
          >
            <nav aria-label="Administração" className="lg:order-3 lg:w-full 2xl:order-none 2xl:w-auto">
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:flex lg:flex-wrap lg:gap-1">
                {NAV.map(({ to, label, icon: Icon, end, except }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      end={end}
                      // The inbox is not the current page on the Spam page below its address.
                      aria-current={except && pathname.startsWith(except) ? "false" : "page"}
                      className={({ isActive }) =>
                        cn(
                          // Tighter from lg: the twelve fit one row at 1440 px.
                          "flex min-h-12 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground lg:min-h-0 lg:gap-1.5 lg:whitespace-nowrap lg:px-2.5",
                          "max-lg:border max-lg:border-border",
                          isActive && !(except && pathname.startsWith(except)) && "bg-secondary text-foreground max-lg:border-primary/40",
                        )
                      }
                    >
                      <Icon className="size-4 shrink-0" aria-hidden />
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <div className="mt-4 flex items-center justify-between gap-3 border-t border-border pt-4 text-sm text-muted-foreground lg:hidden">
                <span>
                  Conectado como <strong className="text-foreground">{loaderData.username}</strong>
                </span>
                <a href="/blog" target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center gap-1 hover:text-foreground">
                  Ver site <ExternalLink className="size-3.5" aria-hidden />
                  <span className="sr-only"> (abre em uma nova aba)</span>
                </a>
              </div>
            </nav>
          </div>
          <div className="flex items-center gap-2">
            <a
              href="/blog"
              target="_blank"
              rel="noreferrer"
              className="hidden items-center gap-1 text-sm text-muted-foreground hover:text-foreground lg:flex"
            >
              Ver site <ExternalLink className="size-3.5" aria-hidden />
            </a>
            <span className="hidden text-sm text-muted-foreground lg:inline">{loaderData.username}</span>
            <Form method="post" action="/logout">
              <Button type="submit" variant="outline" size="sm">
                <LogOut className="size-4" aria-hidden />
                Sair
              </Button>
            </Form>
            <Button type="button" size="sm" popoverTarget={MENU_ID} className="lg:hidden">
              <Menu className="size-4 group-has-[#admin-menu:popover-open]/header:hidden" aria-hidden />
              <X className="hidden size-4 group-has-[#admin-menu:popover-open]/header:block" aria-hidden />
              Menu
            </Button>
          </div>
        </div>
      </header>
      <main id="admin-main" className="mx-auto max-w-7xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
