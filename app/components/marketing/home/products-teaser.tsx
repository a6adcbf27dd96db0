import { Button } from "~/components/ui/button";
import { ArrowRight, Check, Crown } from "~/components/ui/icons";
import { findCatalogItem, formatItemPrice } from "~/lib/catalog";
import { Link } from "~/lib/navigation";
import { cn } from "~/lib/utils";
import { EnglishProductName, IconTile, Section, SectionHeader } from "../ui";
import { PRODUCTS_TEASER } from "./content";

export function ProductsTeaser() {
  return (
    <Section id="produtos-premium" tone="muted" labelledBy="products-teaser-title">
      <SectionHeader
        id="products-teaser-title"
        eyebrow={PRODUCTS_TEASER.eyebrow}
        title={PRODUCTS_TEASER.title}
        lead={PRODUCTS_TEASER.lead}
      />
      <div className="mt-14 grid grid-cols-1 items-stretch gap-6 lg:grid-cols-3 lg:gap-8">
        {PRODUCTS_TEASER.cards.map((card) => {
          const item = findCatalogItem("product", card.catalogId);
          const name = item?.name ?? card.catalogId;
          return (
            <article
              key={card.catalogId}
              aria-labelledby={`teaser-${card.catalogId}`}
              className={cn(
                "relative flex flex-col rounded-2xl border p-7 sm:p-8",
                card.premium
                  ? "border-transparent bg-navy text-white shadow-lift ring-2 ring-electric lg:-my-4 lg:py-12"
                  : "border-border bg-card shadow-soft",
              )}
            >
              {card.premium && (
                <span className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-gradient-to-r from-electric to-[#0891b2] px-4 py-1.5 text-xs font-extrabold tracking-[0.16em] text-white shadow-soft">
                  <Crown aria-hidden className="size-3.5" />
                  PREMIUM
                </span>
              )}
              <IconTile icon={card.icon} dark={card.premium} />
              <h3
                id={`teaser-${card.catalogId}`}
                className={cn("mt-6 text-xl font-bold sm:text-2xl", card.premium ? "text-white" : "text-navy")}
              >
                {name}
              </h3>
              <EnglishProductName name={item?.teaserTitle} dark={card.premium} />
              <p className={cn("mt-3 leading-relaxed", card.premium ? "text-white/80" : "text-muted-foreground")}>{card.description}</p>
              <ul className="mt-6 space-y-3">
                {card.features.map((f) => (
                  <li key={f} className="flex items-start gap-3 text-[0.9375rem]">
                    <Check
                      aria-hidden
                      className={cn("mt-0.5 size-4 shrink-0", card.premium ? "text-cyan" : "text-accent")}
                      strokeWidth={3}
                    />
                    {f}
                  </li>
                ))}
              </ul>
              {item && (
                <p className={cn("mt-8 text-sm", card.premium ? "text-white/75" : "text-muted-foreground")}>
                  A partir de{" "}
                  <span className={cn("block font-display text-2xl font-extrabold", card.premium ? "text-white" : "text-navy")}>
                    {formatItemPrice(item)}
                  </span>
                </p>
              )}
              <Button asChild variant={card.premium ? "hero" : "outline"} className="mt-6">
                <Link to="/produtos">
                  Ver detalhes<span className="sr-only"> de {name}</span>
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            </article>
          );
        })}
      </div>
      <div className="mt-14 text-center">
        <Button asChild size="lg">
          <Link to="/produtos">
            {PRODUCTS_TEASER.viewAll}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </Section>
  );
}
