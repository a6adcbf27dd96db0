import { OpenChatButton } from "~/components/overlay-buttons";
import { Button } from "~/components/ui/button";
import { BookOpen, CalendarCheck } from "~/components/ui/icons";
import { IconTile, Section, SectionHeader } from "../ui";
import { ABOUT_BLOCK } from "./content";

function ImpactBars() {
  return (
    <div className="rounded-3xl border border-border bg-card p-6 shadow-soft sm:p-8">
      <h3 className="font-display text-xl font-bold text-navy">{ABOUT_BLOCK.impactTitle}</h3>
      <ul className="mt-7 space-y-6">
        {ABOUT_BLOCK.impact.map((item) => (
          <li key={item.label}>
            <div className="flex items-baseline justify-between gap-4 text-[0.9375rem]">
              <span className="font-semibold text-navy">{item.label}</span>
              <span className="shrink-0 text-sm font-semibold text-primary">
                {item.level} · {item.value}%
              </span>
            </div>
            <div
              role="meter"
              aria-label={item.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={item.value}
              aria-valuetext={`${item.level}, ${item.value}%`}
              className="mt-2.5 h-2.5 overflow-hidden rounded-full bg-secondary"
            >
              <div className="h-full rounded-full bg-gradient-to-r from-primary to-cyan" style={{ width: `${item.value}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Technology marks set in type, so no third-party logo files are shipped. */
function PartnerMarks() {
  return (
    <div className="mt-16 border-t border-border pt-12">
      <h3 className="text-center text-sm font-bold uppercase tracking-[0.16em] text-muted-foreground">{ABOUT_BLOCK.partnersTitle}</h3>
      <ul className="mt-7 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {ABOUT_BLOCK.partners.map(({ name, icon: Mark }) => (
          <li
            key={name}
            className="flex h-16 items-center justify-center gap-2 rounded-xl border border-border bg-card px-3 font-display text-[0.9375rem] font-bold text-navy/80"
          >
            <Mark aria-hidden className="size-[1.125rem] shrink-0 text-primary/70" />
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AboutSection() {
  return (
    <Section id="about" labelledBy="about-title">
      <div className="grid grid-cols-1 gap-14 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-16">
        <div>
          <SectionHeader id="about-title" align="left" eyebrow={ABOUT_BLOCK.eyebrow} title={ABOUT_BLOCK.title} lead={ABOUT_BLOCK.lead} />
          <ul className="mt-10 grid grid-cols-1 gap-5 sm:grid-cols-2">
            {ABOUT_BLOCK.benefits.map((b) => (
              <li key={b.title} className="rounded-2xl border border-border bg-muted/60 p-5">
                <IconTile icon={b.icon} className="size-10" />
                <span className="mt-4 block font-display font-bold text-navy">{b.title}</span>
                <span className="mt-1 block text-[0.9375rem] leading-relaxed text-muted-foreground">{b.text}</span>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg" variant="outline">
              <a href="#metodologia">
                <BookOpen aria-hidden />
                {ABOUT_BLOCK.methodology}
              </a>
            </Button>
            <OpenChatButton size="lg">
              <CalendarCheck aria-hidden />
              {ABOUT_BLOCK.schedule}
            </OpenChatButton>
          </div>
        </div>
        <div className="lg:pt-14">
          <ImpactBars />
        </div>
      </div>
      <PartnerMarks />
    </Section>
  );
}
