import { ContactSection } from "~/components/marketing/contact-section";
import { ABOUT_CONTACT, ABOUT_HERO, ABOUT_META } from "~/components/marketing/sobre/content";
import { FoundersSection, MissionSection, StorySection, SynergySection } from "~/components/marketing/sobre/sections";
import { PageHero } from "~/components/marketing/ui";
import type { RouteHandle } from "~/components/site-header";
import { publicPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/sobre";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */

export const handle: RouteHandle = { policy: publicPage(), darkHero: true };

export const meta: Route.MetaFunction = (args) => seo(args, ABOUT_META);

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
