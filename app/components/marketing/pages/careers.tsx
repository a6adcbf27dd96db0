import { ApplicationSection, BenefitsSection, JobsSection } from "~/components/marketing/careers-page";
import { CAREERS_HERO } from "~/components/marketing/content/carreiras";
import { PageHero } from "~/components/marketing/ui";
import { Button } from "~/components/ui/button";

export function CareersPage() {
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
