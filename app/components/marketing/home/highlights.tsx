import { Button } from "~/components/ui/button";
import { ArrowRight } from "~/components/ui/icons";
import { Link } from "~/lib/navigation";
import { cardNumber, IconTile, Section, SectionHeader } from "../ui";
import { AGENTS_BLOCK, RESULTS_BLOCK } from "./content";

/** First extra block: what an autonomous agent is, with a worked example (anchor ai-agents). */
export function AgentsHighlight() {
  return (
    <Section id="ai-agents" labelledBy="ai-agents-title">
      <div className="grid grid-cols-1 items-center gap-14 lg:grid-cols-2">
        <div>
          <SectionHeader
            id="ai-agents-title"
            align="left"
            eyebrow={AGENTS_BLOCK.eyebrow}
            title={AGENTS_BLOCK.title}
            lead={AGENTS_BLOCK.lead}
          />
          <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2">
            {AGENTS_BLOCK.points.map((p) => (
              <li key={p.title} className="flex gap-4">
                <IconTile icon={p.icon} className="size-11" />
                <span>
                  <span className="block font-display font-bold text-navy">{p.title}</span>
                  <span className="mt-1 block text-[0.9375rem] leading-relaxed text-muted-foreground">{p.text}</span>
                </span>
              </li>
            ))}
          </ul>
          <Button asChild size="lg" variant="outline" className="mt-10 py-3">
            <Link to="/agentes">
              {AGENTS_BLOCK.link}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>

        <div className="rounded-3xl border border-border bg-gradient-to-b from-secondary to-background p-6 shadow-soft sm:p-8">
          <h3 className="font-display text-lg font-bold text-navy">{AGENTS_BLOCK.flowTitle}</h3>
          <ol className="relative mt-6 space-y-5 before:absolute before:bottom-6 before:left-[1.1rem] before:top-6 before:w-px before:bg-primary/25">
            {AGENTS_BLOCK.flow.map((f, i) => (
              <li key={f.step} className="relative flex gap-4">
                <span className="z-10 flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-display text-sm font-bold text-white ring-4 ring-secondary">
                  {cardNumber(i + 1)}
                </span>
                <span className="flex-1 rounded-xl border border-border bg-card px-4 py-3 shadow-sm">
                  <span className="block font-semibold text-navy">{f.step}</span>
                  <span className="block text-sm text-muted-foreground">{f.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </Section>
  );
}

/** Second extra block: the promises that make the offer concrete. */
export function ResultsHighlight() {
  return (
    <Section tone="dark" labelledBy="results-title" className="overflow-hidden">
      <div aria-hidden className="absolute inset-0 bg-[radial-gradient(40%_60%_at_0%_0%,rgb(37_99_235/0.35),transparent_70%)]" />
      <div className="relative">
        <SectionHeader id="results-title" dark {...RESULTS_BLOCK} />
        <dl className="mt-14 grid grid-cols-1 gap-px overflow-hidden rounded-2xl bg-white/10 sm:grid-cols-2 lg:grid-cols-4">
          {RESULTS_BLOCK.stats.map((s) => (
            <div key={s.value} className="flex flex-col-reverse gap-2 bg-navy-800 p-7 text-center">
              <dt className="text-[0.9375rem] text-white/75">{s.label}</dt>
              <dd className="font-display text-4xl font-extrabold text-white sm:text-5xl">{s.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-12 text-center">
          <h3 className="text-sm font-bold uppercase tracking-[0.16em] text-cyan">{RESULTS_BLOCK.sectorsTitle}</h3>
          <ul className="mx-auto mt-5 flex max-w-4xl flex-wrap justify-center gap-2.5">
            {RESULTS_BLOCK.sectors.map((s) => (
              <li key={s} className="rounded-full border border-white/15 bg-white/5 px-4 py-2 text-sm text-white/85">
                {s}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
