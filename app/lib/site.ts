/** Company facts shared by browser and server. Contact data comes from the environment via the root loader. */
export const SITE_NAME = "Agile IA";
export const SITE_DESCRIPTION =
  "Consultoria em inteligência artificial empresarial: agentes autônomos, chatbots, automação de processos, treinamento de equipes e mapeamento estratégico.";

export interface PublicSiteConfig {
  siteUrl: string;
  whatsapp: string; // digits only, with country code
  email: string;
  /** The signed time this page was rendered, for its lead forms (app/domain/spam/stamp.server.ts). */
  formStamp?: string;
}

export const WHATSAPP_GREETING = "Olá! Gostaria de saber mais sobre os agentes de IA da Agile IA para a minha empresa.";

export function whatsappLink(number: string, text = WHATSAPP_GREETING): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

/** "+55 (11) 99999-9999" for Brazilian numbers, the digits otherwise. */
export function formatPhone(number: string): string {
  const d = number.replace(/\D/g, "");
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(d);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : `+${d}`;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl}/`).toString();
}
