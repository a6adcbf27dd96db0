import { MessageSquareText } from "lucide-react";
import { AgentBenefitsSection, AgentExamplesSection, AgentsCta } from "~/components/marketing/agents-page";
import { ContactSection } from "~/components/marketing/contact-section";
import { AGENTS_CONTACT, AGENTS_HERO } from "~/components/marketing/content/agentes";
import { Highlight, PageHero } from "~/components/marketing/ui";
import type { RouteHandle } from "~/components/site-header";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { openChatWidget } from "~/lib/widget-events";
import type { Route } from "./+types/agentes";
import { publicPageHeaders } from "~/domain/http-cache.server";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

export const handle: RouteHandle = { darkHero: true };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Agentes Autônomos de IA para empresas",
    description:
      "Agentes de IA para atendimento, finanças, operações, P&D, cibersegurança e integração de dados. Veja exemplos, benefícios e agende uma consultoria gratuita.",
  });

export default function Agentes() {
  return (
    <>
      <PageHero
        eyebrow={AGENTS_HERO.eyebrow}
        title={
          <>
            {AGENTS_HERO.title} <Highlight>{AGENTS_HERO.highlight}</Highlight>
          </>
        }
        lead={AGENTS_HERO.lead}
      >
        <Button size="lg" onClick={openChatWidget} className="bg-electric hover:bg-primary">
          <MessageSquareText aria-hidden />
          {AGENTS_HERO.primary}
        </Button>
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
