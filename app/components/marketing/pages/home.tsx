import { ContactSection } from "~/components/marketing/contact-section";
import { HOME_CONTACT } from "~/components/marketing/content/home";
import { AboutSection } from "~/components/marketing/home/about";
import { ClosingCta, WhatsAppExpert } from "~/components/marketing/home/closing";
import { HomeHero } from "~/components/marketing/home/hero";
import { AgentsHighlight, ResultsHighlight } from "~/components/marketing/home/highlights";
import { MethodologySection } from "~/components/marketing/home/methodology";
import { ProductsTeaser } from "~/components/marketing/home/products-teaser";
import { ServicesSection } from "~/components/marketing/home/services";

/** The home page's content, in SPEC §2 order (rendered by routes/home.tsx and app/shell/pages/home.tsx). */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <ServicesSection />
      <AgentsHighlight />
      <ResultsHighlight />
      <MethodologySection />
      <AboutSection />
      <ProductsTeaser />
      <ClosingCta />
      <WhatsAppExpert />
      <ContactSection id="contact" source="home" {...HOME_CONTACT} />
    </>
  );
}
