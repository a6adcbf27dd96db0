import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import manropeLatin from "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url";
import { useEffect, useRef, useState } from "react";
import {
  isRouteErrorResponse,
  Link as RouterLink,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation as useRouterLocation,
  useMatches,
  useNavigationType,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import appCss from "./app.css?url";
import { ToastHost } from "./components/ui/toast-host";
import { env } from "./config.server";
import { formStamp } from "./domain/spam/stamp.server";
import { ANALYTICS_PIXEL_PATH } from "./lib/analytics";
import { EARLY_SCRIPT, ROUTER_SCRIPT, VIEW_SCRIPT } from "./lib/early-script";
import { NavigationProvider, plainNavigation, type Navigation } from "./lib/navigation";
import { useNonce } from "./lib/nonce";
import { useResponseStatus } from "./lib/response-status";
import { policyOf, type PolicyHandle } from "./lib/route-policy";
import { SITE_NAME, type PublicSiteConfig } from "./lib/site";
import { FALLBACK_SITE_CONFIG, SiteConfigProvider } from "./lib/site-config";
import { bootScript } from "./shell/boot-script";
import { SHELL_DATA_ID, shellPageOf, type ShellData } from "./shell/contract";
import { shellPages } from "./shell/pages.server";
import type { Route } from "./+types/root";

export const links: LinksFunction = () => [
  // With a precedence React puts the stylesheet first in <head>, ahead of the font and script
  // preloads, so the browser asks for it first.
  { rel: "stylesheet", href: appCss, precedence: "default" },
  // The Latin subsets are needed on every page: fetch them with the CSS so text does not reflow later.
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: manropeLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export async function loader() {
  const site: PublicSiteConfig = {
    siteUrl: env.SITE_URL,
    whatsapp: env.CONTACT_WHATSAPP,
    email: env.CONTACT_EMAIL,
    formStamp: await formStamp(),
  };
  // The browser entries of public pages (vite.config.ts), for the Layout below.
  return { site, shellPages };
}

/** The admin is a router app: shared components navigate through React Router there. */
const routerNavigation: Navigation = {
  Link: (props) => <RouterLink {...props} />,
  useLocation: () => {
    const { pathname, key } = useRouterLocation();
    return { pathname, key };
  },
  useRouteHandles: () => useMatches().map((match) => match.handle),
};

/**
 * A public page is a document with islands (docs/decisions/0058): rendered here with plain
 * navigation (anchors), with the data its islands need and its browser entry instead of React
 * Router's scripts. The router only ever runs the admin, so in the browser this is never a
 * public page. Undefined for a router page.
 */
function useDocumentPage(root: Awaited<ReturnType<typeof loader>> | undefined) {
  const handles = useMatches().map((match) => match.handle);
  const { pathname } = useRouterLocation();
  const name = shellPageOf(handles);
  if (!name) return undefined;
  // The policies stay on the server: the browser needs the handles' display hints only.
  const shown = handles.map((handle) => (handle && typeof handle === "object" ? { ...handle, policy: undefined } : handle));
  const script = root?.shellPages.scripts[name];
  // Without the root's data (an error page in its place) the page stays plain HTML.
  const boot =
    root && script
      ? { script: bootScript(script, root.shellPages.preamble), data: { site: root.site, handles: shown } satisfies ShellData }
      : undefined;
  return { navigation: plainNavigation(shown, pathname), boot };
}

/**
 * Whether the page shown is one Análises counts (its route's policy) and answered 200: it then
 * counts its own view. A 404 (an unknown post) or an error page is not a page anyone read.
 */
function useCountedPage(): boolean {
  const matches = useMatches();
  const status = useResponseStatus();
  return status === 200 && policyOf(matches[matches.length - 1]?.handle).counted === true;
}

/**
 * A route that moves on by itself without JavaScript sets `handle.noscriptRefresh` (a refresh
 * value, e.g. "5; url=/produtos"). HTML allows that <meta> only in <head>, and there only inside
 * <noscript> can it leave the page with JavaScript alone (written as raw HTML: React would hoist a
 * <meta> element out of the <noscript>).
 */
export interface NoScriptRefreshHandle extends PolicyHandle {
  /** The refresh value, or a function of the route's loader data (undefined: the page stays). */
  noscriptRefresh?: string | ((data: unknown) => string | undefined);
}
function NoScriptRefresh() {
  const refresh = useMatches()
    .map((match) => {
      const value = (match.handle as NoScriptRefreshHandle | undefined)?.noscriptRefresh;
      return typeof value === "function" ? value(match.loaderData) : value;
    })
    .findLast(Boolean);
  if (!refresh) return null;
  const content = refresh.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return <noscript dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${content}">` }} />;
}

/** JSON in a script element: `<` escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const site = root?.site;
  const page = useDocumentPage(root);
  const counted = useCountedPage();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1b3f" />
        <Meta />
        <Links />
        <NoScriptRefresh />
        {/* A public page, before anything is painted: what native controls cannot do yet (app/lib/early-script.ts). */}
        {page && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_SCRIPT }} />}
        {/* A router page (the admin): a click made before React hydrated is kept (app/shell/early/held-clicks.ts). */}
        {!page && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ROUTER_SCRIPT }} />}
        {/* The page counts its own view, whoever served it (docs/decisions/0056). */}
        {counted && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: VIEW_SCRIPT }} />}
      </head>
      <body>
        {counted && (
          <noscript>
            <img src={ANALYTICS_PIXEL_PATH} alt="" width={1} height={1} hidden />
          </noscript>
        )}
        <NavigationProvider value={page?.navigation ?? routerNavigation}>
          <SiteConfigProvider value={site ?? FALLBACK_SITE_CONFIG}>
            {children}
            {/* A document's toasts get a root of their own in the browser (app/shell/islands.tsx). */}
            {!page && <ToastHost preload />}
          </SiteConfigProvider>
        </NavigationProvider>
        {page ? (
          page.boot && (
            <>
              <script type="application/json" id={SHELL_DATA_ID} dangerouslySetInnerHTML={{ __html: scriptJson(page.boot.data) }} />
              {/* Downloads start after the first paint: nothing competes with the stylesheet. */}
              <script nonce={nonce} type="module" dangerouslySetInnerHTML={{ __html: page.boot.script }} />
            </>
          )
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** SPEC §2: pages start at the top on navigation (hash links still land on their section). */
function ScrollToTop() {
  const { pathname, hash } = useRouterLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/**
 * A client-side navigation is otherwise silent (docs/decisions/0031): focus stays on a link
 * that is gone, so it falls to <body>. As React Router advises, focus moves to the new page's
 * h1 (or its <main>), or to the section an anchor names, and a polite live region reads the new
 * title. Not on the first load (the browser announces a new page itself), and not on a replace
 * within the same path (the admin's tabs keep their own focus).
 */
function RouteAnnouncer() {
  const { pathname, search, hash, key } = useRouterLocation();
  const navigationType = useNavigationType();
  const [title, setTitle] = useState("");
  const previous = useRef<{ pathname: string; search: string } | null>(null);
  useEffect(() => {
    const last = previous.current;
    previous.current = { pathname, search };
    if (!last || (navigationType === "REPLACE" && last.pathname === pathname)) return;
    const target = hash
      ? document.getElementById(decodeURIComponent(hash.slice(1)))
      : (document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1, main"));
    if (target) {
      // Made focusable by script only, out of the Tab order; a control keeps its own tabindex.
      if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.dataset.routeFocus = "";
      target.focus({ preventScroll: true });
    }
    if (last.pathname === pathname && last.search === search) return; // the same page: nothing to announce
    // Two pages with the same title in a row must still change the region's text.
    setTitle((current) => (current === document.title ? `${document.title}\u00a0` : document.title));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-route-announcer="">
      {title}
    </div>
  );
}

export default function App() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true"; // lets browser tests wait for hydration
  }, []);
  // A document (a public page) has no client-side navigations to scroll, focus or announce.
  const router = !shellPageOf(useMatches().map((match) => match.handle));
  return (
    <>
      {router && <ScrollToTop />}
      <Outlet />
      {router && <RouteAnnouncer />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // In the browser only: on the server, handleError (app/entry.server.tsx) has logged it through
  // the logger's error serializer; printed raw, a failed query's parameters would reach the log
  // (docs/decisions/0110).
  if (!notFound && typeof document !== "undefined") console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="font-display text-sm font-semibold uppercase tracking-widest text-primary">{SITE_NAME}</p>
      <h1 className="text-3xl font-bold">{notFound ? "Página não encontrada" : "Algo deu errado"}</h1>
      <p className="text-muted-foreground">
        {notFound
          ? "O endereço que você acessou não existe."
          : "Tivemos um problema inesperado ao carregar esta página. Tente novamente em instantes."}
      </p>
      <RouterLink to="/" className="rounded-md bg-primary px-5 py-3 font-medium text-primary-foreground hover:bg-primary-hover">
        Voltar ao início
      </RouterLink>
    </main>
  );
}
