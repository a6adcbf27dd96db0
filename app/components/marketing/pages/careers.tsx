import { useCallback, useState } from "react";
import { ApplicationSection, BenefitsSection, JobsSection } from "~/components/marketing/careers-page";
import { CAREERS_HERO, type Job } from "~/components/marketing/content/carreiras";
import { PageHero } from "~/components/marketing/ui";
import { Button } from "~/components/ui/button";

export function CareersPage() {
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
      <PageHero copy={CAREERS_HERO}>
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
