import { ConsultationRequestButton, OpenChatButton } from "~/components/overlay-buttons";
import { Button } from "~/components/ui/button";
import { ArrowRight, CalendarCheck, Check, Clock, MessageSquareText, Presentation } from "~/components/ui/icons";
import { Link } from "~/lib/navigation";
import { cardNumber, IconTile, Section, SectionHeader } from "../ui";
import { CONSULTATION_PANEL, SERVICES, SERVICES_HEADER, type ServiceCard } from "./content";

function ServiceCardView({ service }: { service: ServiceCard }) {
  const titleId = `service-${service.index}`;
  return (
    <article
      aria-labelledby={titleId}
      data-learn-more={service.learnMoreUrl}
      className="group relative flex flex-col rounded-2xl border border-border bg-card p-7 shadow-soft transition-shadow hover:shadow-lift sm:p-8"
    >
      <div className="flex items-start justify-between">
        <IconTile icon={service.icon} />
        <span
          aria-hidden
          data-n={cardNumber(service.index)}
          className="font-display text-4xl font-extrabold text-secondary-foreground/15 before:content-[attr(data-n)]"
        />
      </div>
      <p className="mt-6 text-xs font-bold uppercase tracking-[0.16em] text-accent">Solução {cardNumber(service.index)}</p>
      <h3 id={titleId} className="mt-2 text-xl font-bold text-navy sm:text-[1.375rem]">
        {service.title}
      </h3>
      <p className="mt-3 leading-relaxed text-muted-foreground">{service.description}</p>
      <ul className="mt-6 space-y-3 border-t border-border pt-6">
        {service.features.map((f) => (
          <li key={f} className="flex items-start gap-3 text-[0.9375rem] text-foreground">
            <span aria-hidden className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Check className="size-3.5" strokeWidth={3} />
            </span>
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-col gap-2.5 pt-8">
        <Button asChild>
          <Link to="/agentes">
            Conhecer solução detalhada
            {/* Three cards, three names (decision 0032): the visible words first, then whose they are. */}
            <span className="sr-only">: {service.title}</span>
            <ArrowRight aria-hidden />
          </Link>
        </Button>
        <OpenChatButton variant="outline">
          <MessageSquareText aria-hidden />
          Consultoria Gratuita
          <span className="sr-only">: {service.title}</span>
        </OpenChatButton>
      </div>
    </article>
  );
}

function ConsultationPanel() {
  return (
    <div className="relative mt-16 overflow-hidden rounded-3xl bg-navy px-5 py-10 text-white shadow-lift sm:px-10 lg:px-14 lg:py-14">
      <div aria-hidden className="absolute inset-0 bg-[radial-gradient(50%_80%_at_100%_0%,rgb(37_99_235/0.5),transparent_70%)]" />
      <div className="relative grid grid-cols-1 items-center gap-8 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <h3 className="text-2xl font-extrabold sm:text-3xl">{CONSULTATION_PANEL.title}</h3>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-white/80">{CONSULTATION_PANEL.text}</p>
        </div>
        <div className="flex flex-col gap-3">
          <ConsultationRequestButton size="lg" variant="hero" className="py-3" source={CONSULTATION_PANEL.cases}>
            <Presentation aria-hidden />
            {CONSULTATION_PANEL.cases}
          </ConsultationRequestButton>
          <OpenChatButton size="lg" className="bg-electric py-3 hover:bg-primary">
            <CalendarCheck aria-hidden />
            {CONSULTATION_PANEL.schedule}
          </OpenChatButton>
          <p className="flex items-center justify-center gap-2 text-sm text-white/75">
            <Clock aria-hidden className="size-4 text-cyan" />
            {CONSULTATION_PANEL.note}
          </p>
        </div>
      </div>
    </div>
  );
}

export function ServicesSection() {
  return (
    <Section id="services" tone="muted" labelledBy="services-title">
      <SectionHeader id="services-title" {...SERVICES_HEADER} />
      <div className="mt-14 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 lg:gap-8">
        {SERVICES.map((s) => (
          <ServiceCardView key={s.index} service={s} />
        ))}
      </div>
      <ConsultationPanel />
    </Section>
  );
}
