import { ConsultationRequestButton } from "~/components/overlay-buttons";
import { Button } from "~/components/ui/button";
import { ArrowRight, Bot, CheckCircle2, Sparkles } from "~/components/ui/icons";
import { Link } from "~/lib/navigation";
import { Container, Eyebrow, Highlight, HeroBackdrop } from "../ui";
import { ASSISTANT_CARD, HERO } from "./content";

/** The mock 'business AI assistant' card of SPEC §1. */
function AssistantCard() {
  return (
    <div className="relative mx-auto w-full max-w-md lg:mx-0 lg:ml-auto">
      <div
        aria-hidden
        className="absolute -inset-6 rounded-[2rem] bg-gradient-to-br from-electric/40 via-cyan/10 to-transparent blur-2xl"
      />
      <figure className="relative rounded-2xl border border-white/15 bg-navy-800/80 p-5 shadow-lift backdrop-blur sm:p-6">
        <figcaption className="flex items-center gap-3 border-b border-white/10 pb-4">
          <span
            aria-hidden
            className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-electric to-cyan text-navy"
          >
            <Bot className="size-6" />
          </span>
          <span className="flex-1">
            <span className="block font-display font-bold text-white">{ASSISTANT_CARD.title}</span>
            <span className="flex items-center gap-1.5 text-xs text-white/70">
              <span aria-hidden className="size-2 animate-pulse-soft rounded-full bg-[#4ade80]" />
              {ASSISTANT_CARD.status}
            </span>
          </span>
          <Sparkles aria-hidden className="size-5 text-cyan" />
        </figcaption>
        <ul className="mt-4 space-y-2.5">
          {ASSISTANT_CARD.items.map((item) => (
            <li key={item.label} className="flex items-start gap-3 rounded-xl bg-white/[0.06] px-3.5 py-3 ring-1 ring-white/10">
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-cyan" />
              <span>
                <span className="block text-sm font-semibold text-white">{item.label}</span>
                <span className="block text-xs text-white/70">{item.detail}</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-5 space-y-2 text-sm" role="group" aria-label="Exemplo de conversa">
          <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-md bg-white px-3.5 py-2 text-navy">{ASSISTANT_CARD.question}</p>
          <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-md bg-primary px-3.5 py-2 text-white">{ASSISTANT_CARD.answer}</p>
        </div>
      </figure>
    </div>
  );
}

export function HomeHero() {
  return (
    <section id="home" aria-labelledby="home-title" className="relative isolate overflow-hidden bg-navy pt-16 text-white">
      <HeroBackdrop />
      {/* On a phone the first screen ends with the trust bullets, above the floating buttons' corner
          (tests/e2e/floating.spec.ts): hence the tighter spacing below sm. */}
      <Container className="relative grid grid-cols-1 items-center gap-14 pb-16 pt-9 sm:py-24 lg:grid-cols-[1.1fr_1fr] lg:py-28">
        <div>
          <Eyebrow dark>{HERO.eyebrow}</Eyebrow>
          <h1 id="home-title" className="mt-4 text-[2.375rem] sm:mt-5 font-extrabold leading-[1.08] sm:text-5xl lg:text-[3.5rem]">
            {HERO.titleStart} <Highlight>{HERO.titleHighlight}</Highlight> {HERO.titleEnd}
          </h1>
          <p className="mt-5 max-w-xl text-[1.0625rem] leading-relaxed text-white/80 sm:mt-6 sm:text-xl">{HERO.lead}</p>
          <div className="mt-7 flex flex-col gap-3 sm:mt-9 sm:flex-row">
            <ConsultationRequestButton size="lg" source={HERO.primary} className="bg-electric hover:bg-primary">
              {HERO.primary}
              <ArrowRight aria-hidden />
            </ConsultationRequestButton>
            <Button asChild size="lg" variant="heroOutline">
              <Link to="/produtos">{HERO.secondary}</Link>
            </Button>
          </div>
          <ul className="mt-6 flex flex-col gap-2 text-sm text-white/80 sm:mt-10 sm:flex-row sm:flex-wrap sm:gap-x-6 sm:gap-y-3">
            {HERO.proof.map((p) => (
              <li key={p} className="flex items-center gap-2">
                <CheckCircle2 aria-hidden className="size-4 text-cyan" />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <AssistantCard />
      </Container>
    </section>
  );
}
