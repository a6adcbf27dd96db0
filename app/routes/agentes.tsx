import { AgentsPage } from "~/components/marketing/pages/agents";
import type { RouteHandle } from "~/components/site-header";
import { publicPageHeaders } from "~/infra/http-cache.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/agentes";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

/** Hydrated without the router when opened first (app/shell/pages/agents.tsx). */
export const handle: RouteHandle = { darkHero: true, shell: "public" };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Agentes Autônomos de IA para empresas",
    description:
      "Agentes de IA para atendimento, finanças, operações, P&D, cibersegurança e integração de dados. Veja exemplos, benefícios e agende uma consultoria gratuita.",
  });

export default AgentsPage;
