/** Sections of /carreiras. */
import { Island } from "~/components/island";
import { Briefcase, Check, Clock, FileText, MapPin } from "~/components/ui/icons";
import { CareersForm } from "~/forms/careers/form";
import { useSiteConfig } from "~/lib/site-config";
import { BenefitGrid, Section, SectionHeader } from "../ui";
import { APPLICATION, BENEFITS, BENEFITS_HEADER, JOBS, JOBS_HEADER, type Job } from "./content";

export function BenefitsSection() {
  return (
    <Section labelledBy="benefits-title">
      <SectionHeader id="benefits-title" {...BENEFITS_HEADER} />
      <BenefitGrid items={BENEFITS} raised />
    </Section>
  );
}

function List({ title, items }: { title: string; items: string[] }) {
  return (
    <div>
      <h4 className="text-sm font-bold uppercase tracking-[0.14em] text-navy">{title}</h4>
      <ul className="mt-4 space-y-2.5">
        {items.map((i) => (
          <li key={i} className="flex items-start gap-3 text-[0.9375rem] text-foreground">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" strokeWidth={3} />
            {i}
          </li>
        ))}
      </ul>
    </div>
  );
}

function JobCard({ job }: { job: Job }) {
  const titleId = `job-${job.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-3xl border border-border bg-card p-7 shadow-soft sm:p-9">
      <div className="flex flex-col gap-5 md:flex-row md:items-start md:justify-between">
        <div>
          <h3 id={titleId} className="text-2xl font-bold text-navy">
            {job.title}
          </h3>
          <ul className="mt-3 flex flex-wrap gap-2 text-sm" aria-label="Detalhes da vaga">
            <li className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 font-semibold text-primary">
              <Briefcase aria-hidden className="size-3.5" />
              {job.department}
            </li>
            <li className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 font-medium text-muted-foreground">
              <MapPin aria-hidden className="size-3.5" />
              {job.location}
            </li>
            <li className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 font-medium text-muted-foreground">
              <Clock aria-hidden className="size-3.5" />
              {job.type}
            </li>
          </ul>
        </div>
        {/* SPEC §2: pre-fills the position and scrolls to the form (app/shell/early/apply-link.ts does
            both from the first paint; without JavaScript the link still reaches the form). */}
        <a
          href="#candidatura"
          data-apply={job.title}
          className="inline-flex h-11 shrink-0 items-center justify-center rounded-lg bg-primary px-6 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover"
        >
          {APPLICATION.apply}
          <span className="sr-only">: {job.title}</span>
        </a>
      </div>
      <p className="mt-6 max-w-3xl text-lg leading-relaxed text-muted-foreground">{job.description}</p>
      <div className="mt-8 grid grid-cols-1 gap-8 border-t border-border pt-8 md:grid-cols-2">
        <List title="Requisitos" items={job.requirements} />
        <List title="Responsabilidades" items={job.responsibilities} />
      </div>
    </article>
  );
}

export function JobsSection() {
  return (
    <Section id="vagas" tone="muted" labelledBy="jobs-title">
      <SectionHeader id="jobs-title" {...JOBS_HEADER} />
      <div className="mt-14 space-y-6">
        {JOBS.map((job) => (
          <JobCard key={job.id} job={job} />
        ))}
      </div>
    </Section>
  );
}

export function ApplicationSection() {
  const { email } = useSiteConfig();
  return (
    <Section id="candidatura" labelledBy="application-title">
      <div className="grid grid-cols-1 gap-12 lg:grid-cols-[1fr_1.5fr] lg:gap-16">
        <div>
          <SectionHeader
            id="application-title"
            focusable
            align="left"
            eyebrow={APPLICATION.eyebrow}
            title={APPLICATION.title}
            lead={APPLICATION.lead}
          />
          <div className="mt-8 flex gap-4 rounded-2xl border border-border bg-muted p-6">
            <FileText aria-hidden className="size-6 shrink-0 text-primary" />
            <p className="leading-relaxed text-foreground">
              Anexe o seu currículo ao formulário ou, se preferir, envie-o por e-mail para{" "}
              <a
                href={`mailto:${email}`}
                className="[overflow-wrap:anywhere] font-semibold text-primary underline underline-offset-2 hover:text-primary-hover"
              >
                {email}
              </a>
              , informando a vaga no assunto. Formatos aceitos: PDF, DOC ou DOCX, com tamanho máximo de 5MB.
            </p>
          </div>
        </div>
        <div className="rounded-3xl border border-border bg-card p-6 shadow-soft sm:p-8 lg:p-10">
          <Island name="careers" component={CareersForm} props={{ positions: JOBS.map((j) => j.title) }} />
        </div>
      </div>
    </Section>
  );
}
