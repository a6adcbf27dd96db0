import { FoundersSection, MissionSection, StorySection, SynergySection } from "~/components/marketing/about-page";
import { ContactSection } from "~/components/marketing/contact-section";
import { ABOUT_HERO } from "~/components/marketing/content/sobre";
import { Highlight, PageHero } from "~/components/marketing/ui";
import type { RouteHandle } from "~/components/site-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/sobre";
import { publicPageHeaders } from "~/domain/http-cache.server";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

export const handle: RouteHandle = { darkHero: true };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Sobre nós: a consultoria de IA que une estratégia e tecnologia",
    description:
      "Conheça a história, a missão e os fundadores da Agile IA, consultoria brasileira especializada em agentes de inteligência artificial para empresas.",
  });

export default function Sobre() {
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
