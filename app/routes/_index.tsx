import { ContactSection } from "~/components/marketing/contact-section";
import { AboutSection } from "~/components/marketing/home/about";
import { ClosingCta, WhatsAppExpert } from "~/components/marketing/home/closing";
import { HOME_CONTACT, HOME_META } from "~/components/marketing/home/content";
import { HomeHero } from "~/components/marketing/home/hero";
import { AgentsHighlight, ResultsHighlight } from "~/components/marketing/home/highlights";
import { MethodologySection } from "~/components/marketing/home/methodology";
import { ProductsTeaser } from "~/components/marketing/home/products-teaser";
import { ServicesSection } from "~/components/marketing/home/services";
import { SOCIAL_PROFILE } from "~/components/marketing/site-content";
import type { RouteHandle } from "~/components/site-header";
import { publicPage } from "~/lib/route-policy";
import { seo, siteUrlFrom, websiteJsonLd } from "~/lib/seo";
import { absoluteUrl, SITE_DESCRIPTION, SITE_NAME } from "~/lib/site";
import type { Route } from "./+types/_index";

/** The same page for every visitor: cacheable by CDNs and by the server's page cache. */

export const handle: RouteHandle = { policy: publicPage(), darkHero: true };

export const meta: Route.MetaFunction = (args) => {
  const siteUrl = siteUrlFrom(args);
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { site?: { whatsapp?: string; email?: string } } | undefined;
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, "/favicon.svg"),
    description: SITE_DESCRIPTION,
    email: root?.site?.email,
    sameAs: [SOCIAL_PROFILE.url],
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "sales",
      telephone: root?.site?.whatsapp ? `+${root.site.whatsapp.replace(/\D/g, "")}` : undefined,
      email: root?.site?.email,
      areaServed: "BR",
      availableLanguage: ["Portuguese"],
    },
  };
  return seo(args, {
    ...HOME_META,
    path: "/",
    extra: [{ "script:ld+json": organization }, { "script:ld+json": websiteJsonLd(siteUrl) }],
  });
};

/** The home page's sections, in SPEC §2 order. */
export default function HomePage() {
  return (
    <>
      <HomeHero />
      <ServicesSection />
      <AgentsHighlight />
      <ResultsHighlight />
      <MethodologySection />
      <AboutSection />
      <ProductsTeaser />
      <ClosingCta />
      <WhatsAppExpert />
      <ContactSection id="contact" source="home" {...HOME_CONTACT} />
    </>
  );
}
