import { consultationInvoker } from "~/components/overlay-buttons";
import { ArrowRight, ChevronDown } from "~/components/ui/icons";
import { cardNumber, IconTile, Section, SectionHeader } from "../ui";
import { METHODOLOGY_HEADER, PHASES } from "./content";

export function MethodologySection() {
  return (
    <Section id="metodologia" tone="muted" labelledBy="methodology-title">
      <SectionHeader
        id="methodology-title"
        eyebrow={METHODOLOGY_HEADER.eyebrow}
        title={METHODOLOGY_HEADER.title}
        lead={METHODOLOGY_HEADER.lead}
      />
      <ol className="mt-14 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-4">
        {PHASES.map((phase) => (
          <li key={phase.number} className="relative flex flex-col rounded-2xl border border-border bg-card p-7 shadow-soft">
            <div className="flex items-center justify-between">
              <IconTile icon={phase.icon} />
              <span className="rounded-full bg-secondary px-3 py-1 font-display text-sm font-bold text-primary">
                <span className="sr-only">Fase </span>
                {cardNumber(phase.number)}
              </span>
            </div>
            <h3 className="mt-6 text-xl font-bold text-navy">{phase.title}</h3>
            <p className="mt-3 leading-relaxed text-muted-foreground">{phase.description}</p>
            <ul className="mt-5 flex flex-wrap gap-2">
              {phase.deliverables.map((d) => (
                <li key={d} className="rounded-md bg-accent-soft/60 px-2.5 py-1 text-xs font-semibold text-[#155e75]">
                  {d}
                </li>
              ))}
            </ul>
            {/* A native disclosure: opens with a tap before any script, and without one. */}
            <details className="group mt-auto pt-6">
              <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 rounded-md text-sm font-semibold text-primary hover:text-primary-hover hover:underline [&::-webkit-details-marker]:hidden">
                {METHODOLOGY_HEADER.more}
                <span className="sr-only">: {phase.title}</span>
                <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
              </summary>
              <div className="mt-4 grid gap-4 border-t border-border pt-4 text-sm">
                <div>
                  <h4 className="font-semibold text-navy">{METHODOLOGY_HEADER.stepsTitle}</h4>
                  <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-muted-foreground">
                    {phase.steps.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h4 className="font-semibold text-navy">{METHODOLOGY_HEADER.durationTitle}</h4>
                  <p className="mt-1 text-muted-foreground">{phase.duration}</p>
                </div>
                <div>
                  <h4 className="font-semibold text-navy">{METHODOLOGY_HEADER.deliverablesTitle}</h4>
                  <p className="mt-1 text-muted-foreground">{phase.deliverables.join(", ")}.</p>
                </div>
                <button
                  type="button"
                  {...consultationInvoker(phase.title)}
                  aria-label={`${METHODOLOGY_HEADER.talk}: ${phase.title}`}
                  className="inline-flex items-center gap-1.5 self-start rounded-md font-semibold text-primary hover:text-primary-hover hover:underline"
                >
                  {METHODOLOGY_HEADER.talk}
                  <ArrowRight aria-hidden className="size-4" />
                </button>
              </div>
            </details>
          </li>
        ))}
      </ol>
    </Section>
  );
}
