import { HelpSection, OneOffSection, PlansSection } from "~/components/marketing/products-page";
import { PRODUCTS_HERO } from "~/components/marketing/content/produtos";
import { Highlight, PageHero } from "~/components/marketing/ui";
import type { RouteHandle } from "~/components/site-header";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/produtos";
import { publicPageHeaders } from "~/domain/http-cache.server";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

export const handle: RouteHandle = { darkHero: true };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Produtos e Assinaturas: planos mensais e soluções de IA",
    description:
      "Planos mensais Essencial, Estratégico e Inovador e soluções avulsas: chatbot, consultoria de 8 horas, treinamento de equipe, implementação de agente e mapeamento de processos.",
  });

export default function Produtos() {
  return (
    <>
      <PageHero
        eyebrow={PRODUCTS_HERO.eyebrow}
        title={
          <>
            {PRODUCTS_HERO.title} <Highlight>{PRODUCTS_HERO.highlight}</Highlight>
          </>
        }
        lead={PRODUCTS_HERO.lead}
      >
        <Button asChild size="lg" variant="hero">
          <a href="#planos">{PRODUCTS_HERO.plans}</a>
        </Button>
        <Button asChild size="lg" variant="heroOutline">
          <a href="#avulsos">{PRODUCTS_HERO.products}</a>
        </Button>
      </PageHero>
      <PlansSection />
      <OneOffSection />
      <HelpSection />
    </>
  );
}
