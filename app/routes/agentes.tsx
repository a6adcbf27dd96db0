import { AGENTS_CONTACT, AGENTS_HERO, AGENTS_META } from "~/components/marketing/agentes/content";
import { AgentBenefitsSection, AgentExamplesSection, AgentsCta } from "~/components/marketing/agentes/sections";
import { ContactSection } from "~/components/marketing/contact-section";
import { PageHero } from "~/components/marketing/ui";
import { OpenChatButton } from "~/components/overlay-buttons";
import type { RouteHandle } from "~/components/site-header";
import { Button } from "~/components/ui/button";
import { MessageSquareText } from "~/components/ui/icons";
import { publicPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/agentes";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */

export const handle: RouteHandle = { policy: publicPage(), darkHero: true };

export const meta: Route.MetaFunction = (args) => seo(args, AGENTS_META);

export default function AgentsPage() {
  return (
    <>
      <PageHero copy={AGENTS_HERO}>
        <OpenChatButton size="lg" className="bg-electric hover:bg-primary">
          <MessageSquareText aria-hidden />
          {AGENTS_HERO.primary}
        </OpenChatButton>
        <Button asChild size="lg" variant="heroOutline">
          <a href="#exemplos">{AGENTS_HERO.secondary}</a>
        </Button>
      </PageHero>
      <AgentExamplesSection />
      <AgentBenefitsSection />
      <AgentsCta />
      <ContactSection id="contato" source="agentes" {...AGENTS_CONTACT} />
    </>
  );
}
