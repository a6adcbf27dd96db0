import { FoundersSection, MissionSection, StorySection, SynergySection } from "~/components/marketing/about-page";
import { ContactSection } from "~/components/marketing/contact-section";
import { ABOUT_HERO } from "~/components/marketing/content/sobre";
import { PageHero } from "~/components/marketing/ui";

export function AboutPage() {
  return (
    <>
      <PageHero copy={ABOUT_HERO} />
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
