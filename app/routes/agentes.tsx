import { MessageSquareText } from "lucide-react";
import { AGENTS_CONTACT, AGENTS_HERO } from "~/components/marketing/agentes/content";
import { AgentBenefitsSection, AgentExamplesSection, AgentsCta } from "~/components/marketing/agentes/sections";
import { ContactSection } from "~/components/marketing/contact-section";
import { PageHero } from "~/components/marketing/ui";
import { OpenChatButton } from "~/components/overlay-buttons";
import type { RouteHandle } from "~/components/site-header";
import { Button } from "~/components/ui/button";
import { publicPageHeaders } from "~/infra/http-cache.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/agentes";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */
export const headers = publicPageHeaders;

/** Opened first, it runs no router: only its islands hydrate, on first use (app/shell/pages/public.tsx). */
export const handle: RouteHandle = { darkHero: true, shell: "public" };

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Agentes Autônomos de IA para empresas",
    description:
      "Agentes de IA para atendimento, finanças, operações, P&D, cibersegurança e integração de dados. Veja exemplos, benefícios e agende uma consultoria gratuita.",
  });

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
