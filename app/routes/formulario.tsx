import { QuestionnairePage } from "~/components/marketing/pages/questionnaire";
import type { RouteHandle } from "~/components/site-header";
import { publicPageHeaders } from "~/infra/http-cache.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/formulario";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

/** Hydrated without the router when opened first (app/shell/pages/questionnaire.tsx). */
export const handle: RouteHandle = { shell: "public" };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Formulário de Otimização de Negócios",
    description:
      "Conte como sua empresa funciona hoje e receba em até 48 horas uma proposta personalizada de otimização com agentes de IA.",
  });

export default QuestionnairePage;
