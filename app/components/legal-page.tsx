/**
 * Frame of the legal texts (/privacidade, /termos, /cookies): title, version and date, a table of
 * contents built from the sections, and the text in `.prose-content`.
 */
import { Link } from "~/lib/navigation";
import { LEGAL_PATHS } from "~/lib/privacy";
import { cn } from "~/lib/utils";
import type { ReactNode } from "react";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** "2026-11-22" → "22 de novembro de 2026" (a calendar date: no time zone shift). */
// Built once: an Intl formatter costs more to create than a whole page's other text.
const LEGAL_DATE = new Intl.DateTimeFormat("pt-BR", { dateStyle: "long", timeZone: "UTC" });
function formatLegalDate(isoDate: string): string {
  return LEGAL_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

const OTHER_DOCUMENTS = [
  { to: LEGAL_PATHS.privacy, label: "Política de Privacidade" },
  { to: LEGAL_PATHS.terms, label: "Termos de Uso" },
  { to: LEGAL_PATHS.cookies, label: "Política de Cookies" },
];

export function LegalPage({
  eyebrow,
  title,
  version,
  updatedAt,
  intro,
  sections,
  current,
}: {
  eyebrow: string;
  title: string;
  version: string;
  /** ISO date, e.g. "2026-11-22". */
  updatedAt: string;
  intro: ReactNode;
  sections: LegalSection[];
  current: string;
}) {
  return (
    <>
      <header className="border-b border-border bg-muted">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <p className="font-display text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>
          <h1 className="mt-3 text-3xl font-extrabold sm:text-4xl">{title}</h1>
          <p className="mt-4 text-sm text-muted-foreground">
            Versão {version.split(" ")[0]} · Atualizada em <time dateTime={updatedAt}>{formatLegalDate(updatedAt)}</time>
          </p>
          <div className="mt-6 max-w-3xl text-lg leading-8 text-muted-foreground">{intro}</div>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <nav aria-label="Nesta página" className="rounded-xl border border-border bg-card p-5">
            <p className="font-display text-sm font-bold">Nesta página</p>
            <ol className="mt-3 space-y-1.5 text-sm">
              {sections.map((s, i) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="flex gap-2 rounded py-0.5 text-muted-foreground hover:text-primary">
                    <span aria-hidden className="w-5 shrink-0 tabular-nums">
                      {i + 1}.
                    </span>
                    <span>{s.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <nav aria-label="Documentos legais" className="mt-4 rounded-xl border border-border bg-card p-5">
            <p className="font-display text-sm font-bold">Documentos legais</p>
            <ul className="mt-3 space-y-1.5 text-sm">
              {OTHER_DOCUMENTS.map((d) => (
                <li key={d.to}>
                  <Link
                    to={d.to}
                    aria-current={d.to === current ? "page" : undefined}
                    className={cn("text-muted-foreground hover:text-primary", d.to === current && "font-semibold text-foreground")}
                  >
                    {d.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <article className="prose-content min-w-0 max-w-3xl">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-titulo`}>
              <h2 id={`${s.id}-titulo`} className={i === 0 ? "!mt-0" : undefined}>
                {i + 1}. {s.title}
              </h2>
              {s.body}
            </section>
          ))}
          <p className="mt-12 border-t border-border pt-6 text-sm text-muted-foreground">
            Versão {version} · Atualizada em {updatedAt}.
          </p>
        </article>
      </div>
    </>
  );
}

/** A labelled fact list (dado → finalidade → base legal), readable on a phone. */
export function Facts({ items }: { items: Array<{ term: string; value: ReactNode }> }) {
  return (
    <dl className="my-5 grid gap-x-6 gap-y-2 rounded-lg border border-border bg-muted/60 p-4 text-base sm:grid-cols-[10rem_minmax(0,1fr)]">
      {items.map((item) => (
        <div key={item.term} className="contents">
          <dt className="font-semibold">{item.term}</dt>
          <dd className="mb-2 text-muted-foreground sm:mb-0">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
