/** Sections of /sobre. */
import { Check, Plus } from "~/components/ui/icons";
import { IconTile, Section, SectionHeader } from "../ui";
import { FOUNDERS, FOUNDERS_HEADER, MVV, STORY, SYNERGY, type Founder } from "./content";

export function StorySection() {
  return (
    <Section labelledBy="story-title">
      <div className="grid grid-cols-1 gap-12 lg:grid-cols-[1.3fr_1fr] lg:gap-16">
        <div>
          <SectionHeader id="story-title" align="left" eyebrow={STORY.eyebrow} title={STORY.title} />
          <div className="mt-8 space-y-5 text-lg leading-relaxed text-muted-foreground">
            {STORY.paragraphs.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </div>
        </div>
        <ol className="relative space-y-6 self-center border-l-2 border-primary/20 pl-8">
          {STORY.milestones.map((m) => (
            <li key={m.year} className="relative rounded-2xl border border-border bg-card p-6 shadow-soft">
              <span aria-hidden className="absolute -left-[2.6rem] top-7 size-4 rounded-full bg-primary ring-4 ring-secondary" />
              <span className="font-display text-sm font-extrabold uppercase tracking-[0.16em] text-primary">{m.year}</span>
              <p className="mt-2 text-foreground">{m.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}

export function MissionSection() {
  return (
    <Section tone="muted" labelledBy="mvv-title">
      <SectionHeader id="mvv-title" eyebrow={MVV.eyebrow} title={MVV.title} />
      <div className="mt-14 grid grid-cols-1 gap-6 md:grid-cols-2">
        {MVV.items.map((item) => (
          <article key={item.title} className="rounded-2xl border border-border bg-card p-8 shadow-soft">
            <IconTile icon={item.icon} />
            <h3 className="mt-6 text-2xl font-bold text-navy">{item.title}</h3>
            <p className="mt-3 text-lg leading-relaxed text-muted-foreground">{item.text}</p>
          </article>
        ))}
      </div>
      <h3 className="mt-14 text-center text-2xl font-bold text-navy">{MVV.valuesTitle}</h3>
      <ul className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {MVV.values.map((v) => (
          <li key={v.title} className="rounded-2xl border border-border bg-card p-6">
            <IconTile icon={v.icon} className="size-10" />
            <span className="mt-4 block font-display text-lg font-bold text-navy">{v.title}</span>
            <span className="mt-1.5 block leading-relaxed text-muted-foreground">{v.text}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Initials avatar drawn in CSS: no portrait files. */
function Avatar({ initials, name }: { initials: string; name: string }) {
  return (
    <span
      role="img"
      aria-label={`Avatar de ${name}`}
      className="relative flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-gradient-to-br from-navy via-navy-700 to-electric font-display text-3xl font-extrabold text-white shadow-soft ring-4 ring-white"
    >
      <span aria-hidden className="absolute -right-4 -top-4 size-12 rounded-full bg-cyan/30" />
      <span aria-hidden className="relative">
        {initials}
      </span>
    </span>
  );
}

function FounderCard({ founder }: { founder: Founder }) {
  return (
    <article className="flex flex-col rounded-3xl border border-border bg-card p-7 shadow-soft sm:p-9">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Avatar initials={founder.initials} name={founder.name} />
        <div>
          <h3 className="text-2xl font-bold text-navy">{founder.name}</h3>
          <p className="mt-1 font-semibold text-primary">{founder.role}</p>
        </div>
      </div>
      <p className="mt-6 leading-relaxed text-muted-foreground">{founder.bio}</p>
      <h4 className="mt-7 text-sm font-bold uppercase tracking-[0.14em] text-navy">Experiência</h4>
      <ul className="mt-4 space-y-3">
        {founder.experience.map((e) => (
          <li key={e} className="flex items-start gap-3 text-[0.9375rem] text-foreground">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" strokeWidth={3} />
            {e}
          </li>
        ))}
      </ul>
    </article>
  );
}

export function FoundersSection() {
  return (
    <Section labelledBy="founders-title">
      <SectionHeader id="founders-title" {...FOUNDERS_HEADER} />
      <div className="mt-14 grid grid-cols-1 gap-8 lg:grid-cols-2">
        {FOUNDERS.map((f) => (
          <FounderCard key={f.name} founder={f} />
        ))}
      </div>
    </Section>
  );
}

export function SynergySection() {
  return (
    <Section tone="dark" labelledBy="synergy-title" className="overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(45%_60%_at_100%_100%,rgb(34_211_238/0.2),transparent_70%),radial-gradient(45%_60%_at_0%_0%,rgb(37_99_235/0.35),transparent_70%)]"
      />
      <div className="relative">
        <SectionHeader id="synergy-title" dark eyebrow={SYNERGY.eyebrow} title={SYNERGY.title} lead={SYNERGY.lead} />
        <div className="mt-14 grid grid-cols-1 items-center gap-6 lg:grid-cols-[1fr_auto_1fr]">
          {SYNERGY.pillars.map((p, i) => (
            <div key={p.title} className={i === 1 ? "order-3" : "order-1"}>
              <article className="h-full rounded-2xl border border-white/15 bg-white/[0.06] p-7">
                <IconTile icon={p.icon} dark />
                <h3 className="mt-5 text-xl font-bold text-white">{p.title}</h3>
                <p className="mt-2 leading-relaxed text-white/80">{p.text}</p>
              </article>
            </div>
          ))}
          <span
            aria-hidden
            className="mx-auto flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-electric to-cyan text-navy shadow-lift order-2"
          >
            <Plus className="size-7" strokeWidth={3} />
          </span>
        </div>
        <p className="mx-auto mt-10 max-w-2xl text-center font-display text-xl font-bold text-white">{SYNERGY.result}</p>
      </div>
    </Section>
  );
}
