import { PRODUCTS_HERO } from "~/components/marketing/content/produtos";
import { HelpSection, OneOffSection, PlansSection } from "~/components/marketing/products-page";
import { PageHero } from "~/components/marketing/ui";
import { Button } from "~/components/ui/button";

export function ProductsPage() {
  return (
    <>
      <PageHero copy={PRODUCTS_HERO}>
        <Button asChild size="lg" variant="hero">
          <a href="#planos">{PRODUCTS_HERO.plans}</a>
        </Button>
        <Button asChild size="lg" variant="heroOutline">
          <a href="#avulsos">{PRODUCTS_HERO.products}</a>
        </Button>
      </PageHero>
      <PlansSection />
      <OneOffSection />
      <HelpSection />
    </>
  );
}
