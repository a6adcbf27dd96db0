import { ConsultationRequestButton, OpenChatButton } from "~/components/overlay-buttons";
import { Button } from "~/components/ui/button";
import { Clock, FileSignature, MessageSquareText, ShieldCheck } from "~/components/ui/icons";
import { Container, Eyebrow, HeroBackdrop } from "../ui";
import { WhatsAppIcon, WhatsAppLink } from "../whatsapp";
import { CLOSING_CTA, WHATSAPP_EXPERT } from "./content";

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="relative isolate overflow-hidden bg-navy py-20 text-white sm:py-24">
      <HeroBackdrop />
      <Container className="relative text-center">
        <Eyebrow dark>{CLOSING_CTA.eyebrow}</Eyebrow>
        <h2 id="cta-title" className="mx-auto mt-4 max-w-3xl text-3xl font-extrabold leading-tight sm:text-4xl lg:text-5xl">
          {CLOSING_CTA.title}
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-white/80">{CLOSING_CTA.lead}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <ConsultationRequestButton size="lg" variant="hero" source={CLOSING_CTA.proposal}>
            <FileSignature aria-hidden />
            {CLOSING_CTA.proposal}
          </ConsultationRequestButton>
          <OpenChatButton size="lg" className="bg-electric hover:bg-primary">
            <MessageSquareText aria-hidden />
            {CLOSING_CTA.chat}
          </OpenChatButton>
        </div>
      </Container>
    </section>
  );
}

export function WhatsAppExpert() {
  return (
    <section aria-labelledby="whatsapp-expert-title" className="bg-background py-20 sm:py-24">
      <Container>
        <div className="grid grid-cols-1 items-center gap-10 overflow-hidden rounded-3xl border border-border bg-gradient-to-br from-[#ecfdf3] via-background to-secondary p-7 shadow-soft sm:p-10 lg:grid-cols-[1.3fr_1fr] lg:p-14">
          <div>
            <Eyebrow className="text-[#0f6b3a] [&>span]:bg-[#0f6b3a]">{WHATSAPP_EXPERT.eyebrow}</Eyebrow>
            <h2 id="whatsapp-expert-title" className="mt-4 text-3xl font-extrabold text-navy sm:text-4xl">
              {WHATSAPP_EXPERT.title}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{WHATSAPP_EXPERT.lead}</p>
            <ul className="mt-7 flex flex-wrap gap-2.5">
              {WHATSAPP_EXPERT.perks.map((p) => (
                <li
                  key={p}
                  className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-navy shadow-sm ring-1 ring-border"
                >
                  <ShieldCheck aria-hidden className="size-4 text-[#0f6b3a]" />
                  {p}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-soft ring-1 ring-border sm:p-8">
            <dl className="space-y-4 text-[0.9375rem]">
              <div>
                <dt className="flex items-center gap-3 font-semibold text-navy">
                  <Clock aria-hidden className="size-5 text-primary" />
                  Horário dos especialistas
                </dt>
                <dd className="pl-8 text-muted-foreground">{WHATSAPP_EXPERT.hours}</dd>
              </div>
              <div>
                <dt className="flex items-center gap-3 font-semibold text-navy">
                  <MessageSquareText aria-hidden className="size-5 text-primary" />
                  Tempo de resposta
                </dt>
                <dd className="pl-8 text-muted-foreground">{WHATSAPP_EXPERT.reply}</dd>
              </div>
            </dl>
            <Button asChild size="lg" variant="whatsapp" className="mt-7 w-full">
              <WhatsAppLink>
                <WhatsAppIcon className="size-5" />
                {WHATSAPP_EXPERT.button}
              </WhatsAppLink>
            </Button>
          </div>
        </div>
      </Container>
    </section>
  );
}
