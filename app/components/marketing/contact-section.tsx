/** A contact section: heading and direct channels beside the site contact form. */
import { Island } from "~/components/island";
import { CalendarDays, Clock, Mail, MapPin } from "~/components/ui/icons";
import { ContactForm } from "~/forms/contact/form";
import { BOOKING_PATH, bookingMessages } from "~/lib/booking";
import { formatPhone } from "~/lib/site";
import { useSiteConfig } from "~/lib/site-config";
import { PROMISES } from "./site-content";
import { Section, SectionHeader } from "./ui";
import { WhatsAppIcon, WhatsAppLink } from "./whatsapp";

export function ContactSection({
  id,
  source,
  eyebrow = "Contato",
  title = "Vamos conversar sobre o seu projeto",
  lead = "Preencha o formulário e um especialista entrará em contato. Respondemos em até 24 horas.",
}: {
  id: string;
  source: string;
  eyebrow?: string;
  title?: string;
  lead?: string;
}) {
  const { whatsapp, email } = useSiteConfig();
  const titleId = `${id}-title`;
  return (
    <Section id={id} tone="muted" labelledBy={titleId}>
      <div className="grid grid-cols-1 gap-12 lg:grid-cols-[1fr_1.25fr] lg:gap-16">
        <div>
          <SectionHeader id={titleId} align="left" eyebrow={eyebrow} title={title} lead={lead} />
          <ul className="mt-10 space-y-4">
            <li>
              <WhatsAppLink className="group flex items-center gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm transition-shadow hover:shadow-soft">
                <span aria-hidden className="flex size-12 items-center justify-center rounded-xl bg-[#dcfce7] text-[#0f6b3a]">
                  <WhatsAppIcon className="size-6" />
                </span>
                <span>
                  <span className="block text-sm text-muted-foreground">WhatsApp</span>
                  <span className="block font-semibold text-navy group-hover:text-primary">{formatPhone(whatsapp)}</span>
                </span>
              </WhatsAppLink>
            </li>
            <li>
              <a
                href={`mailto:${email}`}
                className="group flex items-center gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm transition-shadow hover:shadow-soft"
              >
                <span aria-hidden className="flex size-12 items-center justify-center rounded-xl bg-secondary text-primary">
                  <Mail className="size-6" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm text-muted-foreground">E-mail comercial</span>
                  <span className="block [overflow-wrap:anywhere] font-semibold text-navy group-hover:text-primary">{email}</span>
                </span>
              </a>
            </li>
            <li>
              {/* Book the free consultation directly (docs/decisions/0082). */}
              <a
                href={BOOKING_PATH}
                className="group flex items-center gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm transition-shadow hover:shadow-soft"
                data-testid="contact-booking-link"
              >
                <span aria-hidden className="flex size-12 items-center justify-center rounded-xl bg-secondary text-primary">
                  <CalendarDays className="size-6" />
                </span>
                <span>
                  <span className="block text-sm text-muted-foreground">Consultoria gratuita, sem compromisso</span>
                  <span className="block font-semibold text-navy group-hover:text-primary">{bookingMessages.entryLink}</span>
                </span>
              </a>
            </li>
          </ul>
          <ul className="mt-8 space-y-3 text-[0.9375rem] text-muted-foreground">
            <li className="flex items-center gap-3">
              <Clock aria-hidden className="size-5 text-primary" />
              {PROMISES.contactReply}
            </li>
            <li className="flex items-center gap-3">
              <MapPin aria-hidden className="size-5 text-primary" />
              Atendimento remoto para empresas de todo o Brasil
            </li>
          </ul>
        </div>
        <div className="rounded-3xl border border-border bg-card p-6 shadow-soft sm:p-8 lg:p-10">
          <Island name="contact" component={ContactForm} props={{ source }} />
        </div>
      </div>
    </Section>
  );
}
