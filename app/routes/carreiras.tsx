import { CareersPage } from "~/components/marketing/pages/careers";
import type { RouteHandle } from "~/components/site-header";
import { publicPageHeaders } from "~/infra/http-cache.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/carreiras";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

/** Hydrated without the router when opened first (app/shell/pages/careers.tsx). */
export const handle: RouteHandle = { darkHero: true, shell: "public" };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Carreiras: vagas remotas em inteligência artificial",
    description:
      "Trabalhe na Agile IA: vagas remotas em tempo integral para engenharia de IA, consultoria, desenvolvimento frontend e vendas B2B. Veja os benefícios e candidate-se.",
  });

export default CareersPage;
