import { useCallback, useState } from "react";
import { ApplicationSection, BenefitsSection, JobsSection } from "~/components/marketing/careers-page";
import { CAREERS_HERO, type Job } from "~/components/marketing/content/carreiras";
import { Highlight, PageHero } from "~/components/marketing/ui";
import type { RouteHandle } from "~/components/site-header";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/carreiras";
import { publicPageHeaders } from "~/domain/http-cache.server";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

export const handle: RouteHandle = { darkHero: true };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Carreiras: vagas remotas em inteligência artificial",
    description:
      "Trabalhe na Agile IA: vagas remotas em tempo integral para engenharia de IA, consultoria, desenvolvimento frontend e vendas B2B. Veja os benefícios e candidate-se.",
  });

export default function Carreiras() {
  const [selectedPosition, setSelectedPosition] = useState<string>();

  // 'Candidatar-se' pre-fills the position and brings the form into view (SPEC §2).
  const apply = useCallback((job: Job) => {
    setSelectedPosition(job.title);
    requestAnimationFrame(() => {
      const target = document.getElementById("candidatura");
      target?.scrollIntoView({ block: "start" });
      document.getElementById("application-title")?.focus({ preventScroll: true });
    });
  }, []);

  return (
    <>
      <PageHero
        eyebrow={CAREERS_HERO.eyebrow}
        title={
          <>
            {CAREERS_HERO.title} <Highlight>{CAREERS_HERO.highlight}</Highlight>
          </>
        }
        lead={CAREERS_HERO.lead}
      >
        <Button asChild size="lg" variant="hero">
          <a href="#vagas">{CAREERS_HERO.positions}</a>
        </Button>
        <Button asChild size="lg" variant="heroOutline">
          <a href="#candidatura">{CAREERS_HERO.apply}</a>
        </Button>
      </PageHero>
      <BenefitsSection />
      <JobsSection onApply={apply} />
      <ApplicationSection selectedPosition={selectedPosition} />
    </>
  );
}
