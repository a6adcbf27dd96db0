import { ProductsPage } from "~/components/marketing/pages/products";
import type { RouteHandle } from "~/components/site-header";
import { publicPageHeaders } from "~/infra/http-cache.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/produtos";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

/** Hydrated without the router when opened first (app/shell/pages/products.tsx). */
export const handle: RouteHandle = { darkHero: true, shell: "public" };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Produtos e Assinaturas: planos mensais e soluções de IA",
    description:
      "Planos mensais Essencial, Estratégico e Inovador e soluções avulsas: chatbot, consultoria de 8 horas, treinamento de equipe, implementação de agente e mapeamento de processos.",
  });

export default ProductsPage;
