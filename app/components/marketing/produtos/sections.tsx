/** Sections of /produtos: every plan and product of the catalog with its buy link. */
import { OpenChatButton } from "~/components/overlay-buttons";
import { Button } from "~/components/ui/button";
import { ArrowRight, Check, ChevronDown, Mail, MessageSquareText, Sparkles, Star } from "~/components/ui/icons";
import { formatBRL, formatItemPrice, plans, products, type CatalogItem } from "~/lib/catalog";
import { Link } from "~/lib/navigation";
import { cn } from "~/lib/utils";
import { EnglishProductName, Section, SectionHeader } from "../ui";
import { WhatsAppIcon, WhatsAppLink } from "../whatsapp";
import { FAQ, HELP_BLOCK, ONE_OFF_HEADER, PLANS_HEADER } from "./content";

export function checkoutHref(item: CatalogItem): string {
  return `/checkout/${item.kind}/${item.id}`;
}

function ItemList({ title, items, featured }: { title: string; items: string[]; featured: boolean }) {
  return (
    <div>
      <h4 className={cn("text-xs font-bold uppercase tracking-[0.16em]", featured ? "text-cyan" : "text-navy")}>{title}</h4>
      <ul className="mt-3.5 space-y-2.5">
        {items.map((i) => (
          <li key={i} className="flex items-start gap-3 text-[0.9375rem]">
            <Check aria-hidden className={cn("mt-0.5 size-4 shrink-0", featured ? "text-cyan" : "text-accent")} strokeWidth={3} />
            {i}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CatalogCard({ item, className }: { item: CatalogItem; className?: string }) {
  const featured = Boolean(item.highlight);
  const isPlan = item.kind === "plan";
  const titleId = `item-${item.id}`;
  return (
    <article
      aria-labelledby={titleId}
      data-catalog-item={item.id}
      data-price={formatItemPrice(item)}
      className={cn(
        "relative flex flex-col rounded-3xl border p-7 sm:p-8",
        featured ? "border-transparent bg-navy text-white shadow-lift ring-2 ring-electric" : "border-border bg-card shadow-soft",
        className,
      )}
    >
      {featured && (
        <span className="absolute -top-3.5 left-7 inline-flex items-center gap-1.5 rounded-full bg-gradient-to-r from-electric to-[#0891b2] px-4 py-1.5 text-xs font-bold text-white shadow-soft">
          <Star aria-hidden className="size-3.5 fill-current" />
          {item.highlight}
        </span>
      )}
      <h3 id={titleId} className={cn("text-2xl font-bold", featured ? "text-white" : "text-navy")}>
        {item.name}
      </h3>
      <EnglishProductName name={item.teaserTitle} dark={featured} />
      <p className={cn("mt-3 leading-relaxed", featured ? "text-white/80" : "text-muted-foreground")}>{item.description}</p>
      <p className="mt-7 flex flex-wrap items-baseline gap-x-1.5">
        <span className={cn("font-display text-[2rem] font-extrabold tracking-tight sm:text-4xl", featured ? "text-white" : "text-navy")}>
          {formatBRL(item.priceCents)}
        </span>
        <span className={cn("text-sm font-medium", featured ? "text-white/75" : "text-muted-foreground")}>
          {isPlan ? "/mês" : "pagamento único"}
        </span>
      </p>
      <Button asChild size="lg" variant={featured ? "hero" : isPlan ? "default" : "outline"} className="mt-6">
        <Link to={checkoutHref(item)} data-buy={item.id}>
          {isPlan ? "Assinar plano" : "Comprar agora"}
          <span className="sr-only">: {item.name}</span>
          <ArrowRight aria-hidden />
        </Link>
      </Button>
      <div className={cn("mt-8 space-y-7 border-t pt-7", featured ? "border-white/15" : "border-border")}>
        <ItemList title={isPlan ? "O plano inclui" : "O que entregamos"} items={item.features} featured={featured} />
        <ItemList title="Benefícios" items={item.benefits} featured={featured} />
      </div>
    </article>
  );
}

export function PlansSection() {
  return (
    <Section id="planos" tone="muted" labelledBy="plans-title">
      <SectionHeader id="plans-title" {...PLANS_HEADER} />
      <div className="mt-16 grid grid-cols-1 items-start gap-8 lg:grid-cols-3">
        {plans.map((p) => (
          <CatalogCard key={p.id} item={p} className={p.highlight ? "lg:-mt-4" : undefined} />
        ))}
      </div>
    </Section>
  );
}

export function OneOffSection() {
  return (
    <Section id="avulsos" labelledBy="one-off-title">
      <SectionHeader id="one-off-title" {...ONE_OFF_HEADER} />
      <div className="mt-14 flex flex-wrap justify-center gap-6 lg:gap-8">
        {products.map((p) => (
          <CatalogCard key={p.id} item={p} className="w-full md:w-[calc(50%-0.75rem)] xl:w-[calc(33.333%-1.34rem)]" />
        ))}
      </div>
    </Section>
  );
}

export function HelpSection() {
  return (
    <Section tone="muted" labelledBy="help-title">
      <div className="grid grid-cols-1 gap-12 lg:grid-cols-2 lg:gap-16">
        <div className="relative overflow-hidden rounded-3xl bg-navy p-6 text-white shadow-lift sm:p-10">
          <div aria-hidden className="absolute inset-0 bg-[radial-gradient(60%_70%_at_100%_0%,rgb(37_99_235/0.5),transparent_70%)]" />
          <div className="relative">
            <Sparkles aria-hidden className="size-8 text-cyan" />
            <h2 id="help-title" className="mt-5 text-3xl font-extrabold">
              {HELP_BLOCK.title}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-white/80">{HELP_BLOCK.lead}</p>
            <div className="mt-8 flex flex-col gap-3">
              <OpenChatButton size="lg" variant="hero" className="py-3">
                <MessageSquareText aria-hidden />
                {HELP_BLOCK.chat}
              </OpenChatButton>
              <Button asChild size="lg" className="bg-electric py-3 hover:bg-primary">
                <Link to="/#contact">
                  <Mail aria-hidden />
                  {HELP_BLOCK.contact}
                </Link>
              </Button>
              <Button asChild size="lg" variant="whatsapp">
                <WhatsAppLink>
                  <WhatsAppIcon className="size-5" />
                  Conversar no WhatsApp
                </WhatsAppLink>
              </Button>
            </div>
          </div>
        </div>
        <div>
          <h2 className="text-3xl font-extrabold text-navy">Perguntas frequentes</h2>
          <div className="mt-8 divide-y divide-border rounded-2xl border border-border bg-card">
            {FAQ.map((f) => (
              <details key={f.q} className="group px-6 py-5 [&_summary::-webkit-details-marker]:hidden">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-display text-lg font-bold text-navy">
                  {f.q}
                  <ChevronDown aria-hidden className="size-5 shrink-0 text-primary transition-transform group-open:rotate-180" />
                </summary>
                <p className="mt-3 leading-relaxed text-muted-foreground">{f.a}</p>
              </details>
            ))}
          </div>
        </div>
      </div>
    </Section>
  );
}
