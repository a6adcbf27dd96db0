import { consultationInvoker } from "~/components/overlay-buttons";
import { ArrowRight } from "~/components/ui/icons";
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
            <button
              type="button"
              {...consultationInvoker(`${METHODOLOGY_HEADER.more}: ${phase.title}`)}
              className="mt-auto inline-flex items-center gap-1.5 self-start rounded-md pt-6 text-sm font-semibold text-primary hover:text-primary-hover hover:underline"
            >
              {METHODOLOGY_HEADER.more}
              <span className="sr-only">: {phase.title}</span>
              <ArrowRight aria-hidden className="size-4" />
            </button>
          </li>
        ))}
      </ol>
    </Section>
  );
}
