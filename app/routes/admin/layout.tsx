import { useEffect } from "react";
import { data, Form, NavLink, Outlet } from "react-router";
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
  MessagesSquare,
  Receipt,
  ScrollText,
  ShieldCheck,
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
  { to: "/admin/leads", label: "Leads", icon: Inbox }, // the inbox (pipeline); per-type lists below it
  { to: "/admin/agenda", label: "Agenda", icon: CalendarDays },
  { to: "/admin/conversas", label: "Conversas", icon: MessagesSquare },
  { to: "/admin/pedidos", label: "Pedidos", icon: Receipt },
  { to: "/admin/privacidade", label: "Privacidade", icon: ShieldCheck },
  { to: "/admin/auditoria", label: "Auditoria", icon: ScrollText },
  { to: "/admin/seguranca", label: "Segurança", icon: KeyRound },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, "true"); // UI mirror only (SPEC §4)
  }, []);

  return (
    <div className="min-h-screen bg-muted">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <a href="/" className="font-display text-lg font-extrabold text-foreground">
              {SITE_NAME}
            </a>
            <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground">Admin</span>
          </div>
          <nav aria-label="Administração" className="order-3 w-full overflow-x-auto 2xl:order-none 2xl:w-auto">
            <ul className="flex gap-1">
              {NAV.map(({ to, label, icon: Icon, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={({ isActive }) =>
                      cn(
                        "flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground",
                        isActive && "bg-secondary text-foreground",
                      )
                    }
                  >
                    <Icon className="size-4" aria-hidden />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-2">
            <a
              href="/blog"
              target="_blank"
              rel="noreferrer"
              className="hidden items-center gap-1 text-sm text-muted-foreground hover:text-foreground md:flex"
            >
              Ver site <ExternalLink className="size-3.5" aria-hidden />
            </a>
            <span className="hidden text-sm text-muted-foreground sm:inline">{loaderData.username}</span>
            <Form method="post" action="/logout">
              <Button type="submit" variant="outline" size="sm">
                <LogOut className="size-4" aria-hidden />
                Sair
              </Button>
            </Form>
          </div>
        </div>
      </header>
      <main id="admin-main" className="mx-auto max-w-7xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
