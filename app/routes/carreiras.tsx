import { CAREERS_HERO } from "~/components/marketing/carreiras/content";
import { ApplicationSection, BenefitsSection, JobsSection } from "~/components/marketing/carreiras/sections";
import { PageHero } from "~/components/marketing/ui";
import type { RouteHandle } from "~/components/site-header";
import { Button } from "~/components/ui/button";
import { publicPageHeaders } from "~/infra/http-cache.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/carreiras";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

/** Opened first, it runs no router: only its islands hydrate, on first use (app/shell/pages/public.tsx). */
export const handle: RouteHandle = { darkHero: true, shell: "public" };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Carreiras: vagas remotas em inteligência artificial",
    description:
      "Trabalhe na Agile IA: vagas remotas em tempo integral para engenharia de IA, consultoria, desenvolvimento frontend e vendas B2B. Veja os benefícios e candidate-se.",
  });

export default function CareersPage() {
  return (
    <>
      <PageHero copy={CAREERS_HERO}>
        <Button asChild size="lg" variant="hero">
          <a href="#vagas">{CAREERS_HERO.positions}</a>
        </Button>
        <Button asChild size="lg" variant="heroOutline">
          <a href="#candidatura">{CAREERS_HERO.apply}</a>
        </Button>
      </PageHero>
      <BenefitsSection />
      <JobsSection />
      <ApplicationSection />
    </>
  );
}
