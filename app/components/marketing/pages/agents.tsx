import { MessageSquareText } from "lucide-react";
import { AgentBenefitsSection, AgentExamplesSection, AgentsCta } from "~/components/marketing/agents-page";
import { ContactSection } from "~/components/marketing/contact-section";
import { AGENTS_CONTACT, AGENTS_HERO } from "~/components/marketing/content/agentes";
import { PageHero } from "~/components/marketing/ui";
import { OpenChatButton } from "~/components/overlay-buttons";
import { Button } from "~/components/ui/button";

export function AgentsPage() {
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
