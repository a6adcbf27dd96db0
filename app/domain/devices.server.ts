/** A short, human name for the device behind a User-Agent, as the admin's session list shows it. */
import Bowser from "bowser";

const PLATFORM_LABELS: Record<string, string> = { mobile: "celular", tablet: "tablet", desktop: "computador", tv: "TV" };

/** "Chrome 126 · Windows 10 (computador)", "Safari 17 · iOS (celular)", or "Dispositivo desconhecido". */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return "Dispositivo desconhecido";
  const { browser, os, platform } = Bowser.parse(userAgent);
  const name = browser.name ? [browser.name, browser.version?.split(".")[0]].filter(Boolean).join(" ") : "";
  const system = os.name ? [os.name, os.versionName].filter(Boolean).join(" ") : "";
  const kind = platform.type ? PLATFORM_LABELS[platform.type] : undefined;
  if (!name && !system) return "Dispositivo desconhecido";
  return [name || "Navegador desconhecido", system && `${system}${kind ? ` (${kind})` : ""}`].filter(Boolean).join(" · ");
}
