import { ContactSection } from "~/components/marketing/contact-section";
import { ABOUT_CONTACT, ABOUT_HERO } from "~/components/marketing/sobre/content";
import { FoundersSection, MissionSection, StorySection, SynergySection } from "~/components/marketing/sobre/sections";
import { PageHero } from "~/components/marketing/ui";
import type { RouteHandle } from "~/components/site-header";
import { publicPageHeaders } from "~/infra/http-cache.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/sobre";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

/** Opened first, it runs no router: only its islands hydrate, on first use (app/shell/pages/public.tsx). */
export const handle: RouteHandle = { darkHero: true, shell: "public" };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Sobre nós: a consultoria de IA que une estratégia e tecnologia",
    description:
      "Conheça a história, a missão e os fundadores da Agile IA, consultoria brasileira especializada em agentes de inteligência artificial para empresas.",
  });

export default function AboutPage() {
  return (
    <>
      <PageHero copy={ABOUT_HERO} />
      <StorySection />
      <MissionSection />
      <FoundersSection />
      <SynergySection />
      <ContactSection id="contato" source="sobre" {...ABOUT_CONTACT} />
    </>
  );
}
