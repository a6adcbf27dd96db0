import { AboutPage } from "~/components/marketing/pages/about";
import type { RouteHandle } from "~/components/site-header";
import { publicPageHeaders } from "~/infra/http-cache.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/sobre";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

/** Hydrated without the router when opened first (app/shell/pages/about.tsx). */
export const handle: RouteHandle = { darkHero: true, shell: "public" };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Sobre nós: a consultoria de IA que une estratégia e tecnologia",
    description:
      "Conheça a história, a missão e os fundadores da Agile IA, consultoria brasileira especializada em agentes de inteligência artificial para empresas.",
  });

export default AboutPage;
