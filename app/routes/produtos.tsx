import { PRODUCTS_HERO, PRODUCTS_META } from "~/components/marketing/produtos/content";
import { HelpSection, OneOffSection, PlansSection } from "~/components/marketing/produtos/sections";
import { PageHero } from "~/components/marketing/ui";
import type { RouteHandle } from "~/components/site-header";
import { Button } from "~/components/ui/button";
import { publicPage } from "~/lib/route-policy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/produtos";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */

export const handle: RouteHandle = { policy: publicPage(), darkHero: true };

export const meta: Route.MetaFunction = (args) => seo(args, PRODUCTS_META);

export default function ProductsPage() {
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
