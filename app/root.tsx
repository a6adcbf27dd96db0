import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import manropeLatin from "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url";
import appCss from "./app.css?url";
import { env } from "./config.server";
import { ToastHost } from "./components/ui/toast-host";
import { useNonce } from "./lib/nonce";
import { SITE_NAME, type PublicSiteConfig } from "./lib/site";

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

export function loader() {
  const site: PublicSiteConfig = { siteUrl: env.SITE_URL, whatsapp: env.CONTACT_WHATSAPP, email: env.CONTACT_EMAIL };
  return { site };
}

/** Contact data and site URL for any component (from the environment, via the root loader). */
export function useSiteConfig(): PublicSiteConfig {
  const data = useRouteLoaderData<typeof loader>("root");
  return data?.site ?? { siteUrl: "", whatsapp: "5511999999999", email: "contato@agileia.com.br" };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1b3f" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ToastHost />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** SPEC §2: pages start at the top on navigation (hash links still land on their section). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export default function App() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true"; // lets browser tests wait for hydration
  }, []);
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="font-display text-sm font-semibold uppercase tracking-widest text-primary">{SITE_NAME}</p>
      <h1 className="text-3xl font-bold">{notFound ? "Página não encontrada" : "Algo deu errado"}</h1>
      <p className="text-muted-foreground">
        {notFound
          ? "O endereço que você acessou não existe."
          : "Tivemos um problema inesperado ao carregar esta página. Tente novamente em instantes."}
      </p>
      <Link to="/" className="rounded-md bg-primary px-5 py-3 font-medium text-primary-foreground hover:bg-primary-hover">
        Voltar ao início
      </Link>
    </main>
  );
}
