/** Layout pieces shared by every marketing section: width, rhythm and heading styles. */
import type { Icon } from "~/components/ui/icons";
import { cn } from "~/lib/utils";
import type { ReactNode } from "react";

export function Container({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("mx-auto w-full max-w-7xl px-5 sm:px-6 lg:px-8", className)}>{children}</div>;
}

type Tone = "light" | "muted" | "dark";

const toneClasses: Record<Tone, string> = {
  light: "bg-background text-foreground",
  muted: "bg-muted text-foreground",
  dark: "bg-navy text-white",
};

export function Section({
  id,
  tone = "light",
  className,
  labelledBy,
  children,
}: {
  id?: string;
  tone?: Tone;
  className?: string;
  /** id of the section's heading, so the region has a name. */
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    // No content-visibility: skipped sections keep estimated heights, so a jump to an anchor
    // (/#contact from the menu) landed off target while they rendered.
    <section id={id} aria-labelledby={labelledBy} className={cn("relative py-20 sm:py-24 lg:py-28", toneClasses[tone], className)}>
      <Container>{children}</Container>
    </section>
  );
}

export function Eyebrow({ children, dark = false, className }: { children: ReactNode; dark?: boolean; className?: string }) {
  return (
    <p
      className={cn(
        "inline-flex items-center gap-2 font-display text-xs font-bold uppercase tracking-[0.18em]",
        dark ? "text-cyan" : "text-primary",
        className,
      )}
    >
      <span aria-hidden className={cn("h-px w-6", dark ? "bg-cyan" : "bg-primary")} />
      {children}
    </p>
  );
}

/** Eyebrow + h2 + lead paragraph, centred or left-aligned. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  lead,
  dark = false,
  align = "center",
  focusable = false,
  className,
}: {
  id: string;
  /** Lets a script move focus to the heading (e.g. after scrolling to a form). */
  focusable?: boolean;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  dark?: boolean;
  align?: "center" | "left";
  className?: string;
}) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && <Eyebrow dark={dark}>{eyebrow}</Eyebrow>}
      <h2
        id={id}
        tabIndex={focusable ? -1 : undefined}
        className={cn("mt-4 text-3xl font-extrabold leading-tight sm:text-4xl lg:text-[2.75rem]", dark ? "text-white" : "text-navy")}
      >
        {title}
      </h2>
      {lead && <p className={cn("mt-5 text-lg leading-relaxed", dark ? "text-white/80" : "text-muted-foreground")}>{lead}</p>}
    </div>
  );
}

export type { Icon };

/** A rounded tile holding a lucide icon. */
export function IconTile({ icon: I, dark = false, className }: { icon: Icon; dark?: boolean; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex size-12 shrink-0 items-center justify-center rounded-xl",
        dark ? "bg-white/10 text-cyan ring-1 ring-white/15" : "bg-secondary text-primary ring-1 ring-primary/10",
        className,
      )}
    >
      <I className="size-6" aria-hidden />
    </span>
  );
}

/** Zero-padded card number (SPEC §9: "Card numbering: zero-padded to 2 digits"). */
export function cardNumber(n: number): string {
  return String(n).padStart(2, "0");
}

/** Dark page hero used by every marketing page: navy with a soft blue/cyan glow and a grid. */
export function HeroBackdrop() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 overflow-hidden">
      <div className="absolute inset-0 bg-[radial-gradient(60%_55%_at_85%_10%,rgb(37_99_235/0.45),transparent_70%),radial-gradient(45%_45%_at_5%_90%,rgb(34_211_238/0.18),transparent_70%)]" />
      <div className="absolute inset-0 bg-[linear-gradient(rgb(255_255_255/0.045)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.045)_1px,transparent_1px)] bg-[size:56px_56px] [mask-image:radial-gradient(ellipse_at_center,black_35%,transparent_80%)]" />
    </div>
  );
}

/**
 * Hero of the inner pages. The header overlays it (route handle `darkHero`), so it reserves the
 * header's height at the top.
 */
/** The words of a page hero; the title may end with a highlighted phrase. */
export type HeroCopy = { eyebrow: string; title: string; highlight?: string; lead: string };

export function PageHero({ copy, children, aside }: { copy: HeroCopy; children?: ReactNode; aside?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="relative isolate overflow-hidden bg-navy pt-16 text-white">
      <HeroBackdrop />
      <Container className="relative py-16 sm:py-24 lg:py-28">
        <div className={cn(aside && "grid grid-cols-1 items-center gap-12 lg:grid-cols-[1.15fr_1fr]")}>
          <div className="max-w-3xl">
            <Eyebrow dark>{copy.eyebrow}</Eyebrow>
            <h1 id="page-title" className="mt-5 text-4xl font-extrabold leading-[1.1] text-white sm:text-5xl lg:text-6xl">
              {copy.title}
              {copy.highlight && (
                <>
                  {" "}
                  <Highlight>{copy.highlight}</Highlight>
                </>
              )}
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-white/80 sm:text-xl">{copy.lead}</p>
            {children && <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{children}</div>}
          </div>
          {aside}
        </div>
      </Container>
    </section>
  );
}

/** Gradient text for a highlighted phrase in a dark hero heading. */
export function Highlight({ children }: { children: ReactNode }) {
  return <span className="bg-gradient-to-r from-[#60a5fa] to-cyan bg-clip-text text-transparent">{children}</span>;
}

export type Benefit = { icon: Icon; title: string; text: string };

/** A grid of icon cards (title and one sentence each): the agents' and the careers' benefits. */
export function BenefitGrid({ items, raised = false }: { items: readonly Benefit[]; raised?: boolean }) {
  return (
    <ul className="mt-14 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((b) => (
        <li key={b.title} className={cn("rounded-2xl border border-border bg-card p-7", raised && "shadow-soft")}>
          <IconTile icon={b.icon} />
          <span className="mt-5 block font-display text-xl font-bold text-navy">{b.title}</span>
          <span className="mt-2 block leading-relaxed text-muted-foreground">{b.text}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The English name the SPEC gives a product, under its Portuguese catalog name: one order on every
 * page that lists products (docs/glossary.md).
 */
export function EnglishProductName({ name, dark = false }: { name?: string; dark?: boolean }) {
  if (!name) return null;
  return (
    <p lang="en" className={cn("mt-1 text-sm font-semibold", dark ? "text-white/75" : "text-muted-foreground")}>
      {name}
    </p>
  );
}
