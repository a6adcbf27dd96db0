import { CAREERS_HERO, CAREERS_META } from "~/components/marketing/carreiras/content";
import { ApplicationSection, BenefitsSection, JobsSection } from "~/components/marketing/carreiras/sections";
import { PageHero } from "~/components/marketing/ui";
import type { RouteHandle } from "~/components/site-header";
import { Button } from "~/components/ui/button";
import { publicPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/carreiras";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */

export const handle: RouteHandle = { policy: publicPage(), darkHero: true };

export const meta: Route.MetaFunction = (args) => seo(args, CAREERS_META);

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
