import { createContext, useContext } from "react";
import type { PublicSiteConfig } from "./site";

/** Defaults match the environment defaults (app/config.server.ts). */
export const FALLBACK_SITE_CONFIG: PublicSiteConfig = { siteUrl: "", whatsapp: "5511999999999", email: "contato@agileia.com.br" };

const SiteConfigContext = createContext<PublicSiteConfig>(FALLBACK_SITE_CONFIG);

/** Provided by app/root.tsx from its loader, or by app/shell from the page's embedded data. */
export const SiteConfigProvider = SiteConfigContext.Provider;

/** Contact data and site URL (from the environment) for any component. */
export function useSiteConfig(): PublicSiteConfig {
  return useContext(SiteConfigContext);
}
