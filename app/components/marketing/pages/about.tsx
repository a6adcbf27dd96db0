import { FoundersSection, MissionSection, StorySection, SynergySection } from "~/components/marketing/about-page";
import { ContactSection } from "~/components/marketing/contact-section";
import { ABOUT_HERO } from "~/components/marketing/content/sobre";
import { Highlight, PageHero } from "~/components/marketing/ui";

export function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow={ABOUT_HERO.eyebrow}
        title={
          <>
            {ABOUT_HERO.title} <Highlight>{ABOUT_HERO.highlight}</Highlight>
          </>
        }
        lead={ABOUT_HERO.lead}
      />
      <StorySection />
      <MissionSection />
      <FoundersSection />
      <SynergySection />
      <ContactSection
        id="contato"
        source="sobre"
        title="Fale com os nossos especialistas"
        lead="Conte um pouco sobre a sua empresa e o seu desafio. Respondemos em até 24 horas."
      />
    </>
  );
}
