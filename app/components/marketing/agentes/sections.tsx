/** Sections of /agentes. */
import { OpenChatButton } from "~/components/overlay-buttons";
import { Button } from "~/components/ui/button";
import { ArrowDown, Check, MessageSquareText } from "~/components/ui/icons";
import { BenefitGrid, cardNumber, Container, HeroBackdrop, IconTile, Section, SectionHeader } from "../ui";
import { AGENT_BENEFITS, AGENT_BENEFITS_HEADER, AGENT_EXAMPLES, AGENTS_CTA, AGENTS_HEADER } from "./content";

export function AgentExamplesSection() {
  return (
    <Section id="exemplos" labelledBy="agents-title">
      <SectionHeader id="agents-title" {...AGENTS_HEADER} />
      <div className="mt-14 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {AGENT_EXAMPLES.map((agent, i) => (
          <article
            key={agent.id}
            aria-labelledby={`agent-${agent.id}`}
            className="flex flex-col rounded-2xl border border-border bg-card p-7 shadow-soft transition-shadow hover:shadow-lift"
          >
            <div className="flex items-start justify-between">
              <IconTile icon={agent.icon} />
              <span
                aria-hidden
                data-n={cardNumber(i + 1)}
                className="font-display text-3xl font-extrabold text-secondary-foreground/15 before:content-[attr(data-n)]"
              />
            </div>
            <p className="mt-6 text-xs font-bold uppercase tracking-[0.16em] text-accent">{agent.area}</p>
            <h3 id={`agent-${agent.id}`} className="mt-2 text-xl font-bold text-navy">
              {agent.name}
            </h3>
            <p className="mt-3 flex-1 leading-relaxed text-muted-foreground">{agent.description}</p>
            <ul className="mt-6 space-y-2.5 border-t border-border pt-6">
              {agent.capabilities.map((c) => (
                <li key={c} className="flex items-start gap-3 text-[0.9375rem] text-foreground">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" strokeWidth={3} />
                  {c}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </Section>
  );
}

export function AgentBenefitsSection() {
  return (
    <Section tone="muted" labelledBy="agent-benefits-title">
      <SectionHeader id="agent-benefits-title" {...AGENT_BENEFITS_HEADER} />
      <BenefitGrid items={AGENT_BENEFITS} />
    </Section>
  );
}

/** SPEC §2: the call to action scrolls to the contact block or opens the widget. */
export function AgentsCta() {
  return (
    <section aria-labelledby="agents-cta-title" className="relative isolate overflow-hidden bg-navy py-20 text-white sm:py-24">
      <HeroBackdrop />
      <Container className="relative text-center">
        <h2 id="agents-cta-title" className="mx-auto max-w-3xl text-3xl font-extrabold leading-tight sm:text-4xl lg:text-5xl">
          {AGENTS_CTA.title}
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-white/80">{AGENTS_CTA.lead}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <OpenChatButton size="lg" variant="hero">
            <MessageSquareText aria-hidden />
            {AGENTS_CTA.chat}
          </OpenChatButton>
          <Button asChild size="lg" variant="heroOutline">
            <a href="#contato">
              {AGENTS_CTA.contact}
              <ArrowDown aria-hidden />
            </a>
          </Button>
        </div>
      </Container>
    </section>
  );
}
