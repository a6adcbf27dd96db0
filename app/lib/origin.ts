/**
 * One vocabulary for where a lead came from (browser-safe; docs/decisions/0087):
 * - 'Origem' (da visita) is only the visit's origin: landing page, the site the visitor came
 *   from, and the campaign's source, medium and name, stored on each lead (docs/decisions/0042);
 * - the button a visitor pressed to ask for a consultation is the 'Botão usado';
 * - the form a contact, a newsletter sign-up or a consent record was made on is the 'Formulário',
 *   shown with a human label instead of its code ('contato:home').
 */

export type OriginKey = "landingPath" | "referrerHost" | "utmSource" | "utmMedium" | "utmCampaign";

/** The visit's origin, in the order the admin shows it (the pipeline's page, the full record, CSV exports). */
export const ORIGIN_COLUMNS: ReadonlyArray<{ key: OriginKey; label: string }> = [
  { key: "utmCampaign", label: "Campanha (utm_campaign)" },
  { key: "utmSource", label: "Fonte (utm_source)" },
  { key: "utmMedium", label: "Meio (utm_medium)" },
  { key: "landingPath", label: "Página de entrada" },
  { key: "referrerHost", label: "Site de origem" },
];

export const ORIGIN_TITLE = "Origem da visita";
export const DIRECT_VISIT = "Acesso direto";
/** The inbox filter's value for visits without a campaign or another site (a direct visit, or none counted). */
export const DIRECT_ORIGIN = "direto";

/** Where a form sits, by the code its hidden `source` field sends (app/routes/*: ContactSection, the footer). */
const FORM_PLACES: Record<string, string> = {
  home: "Formulário de contato da página inicial",
  sobre: "Formulário de contato da página Sobre",
  agentes: "Formulário de contato da página Agentes",
  site: "Formulário de contato",
  rodape: "Newsletter no rodapé do site",
};

/** Consent records' codes (app/domain/leads/capture.server.ts, newsletter.server.ts): `contato:home`, `newsletter:rodape`, `descadastro`. */
const CONSENT_PLACES: Record<string, string> = {
  descadastro: "Link de descadastro no e-mail",
};

/** A human label for a form's code; an unknown code is shown as it is, after a label that says what it is. */
export function formPlaceLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return FORM_PLACES[code] ?? `Formulário “${code}”`;
}

/** A consent record's form: 'contato:home' → 'Formulário de contato da página inicial'. */
export function consentPlaceLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  if (CONSENT_PLACES[code]) return CONSENT_PLACES[code];
  const [kind, place] = code.split(":", 2);
  if (kind === "newsletter") return place === "rodape" || !place ? FORM_PLACES.rodape! : `Newsletter (${formPlaceLabel(place)})`;
  if (kind === "contato") return formPlaceLabel(place || "site");
  return formPlaceLabel(code);
}

/**
 * The visit's origin on one line, for e-mails: 'campanha outono · fonte newsletter · meio email ·
 * entrada /sobre · site mail.example.com' (or 'acesso direto'); without any of it, that no visit was recorded.
 */
export function originSummary(row: Partial<Record<OriginKey, string | null | undefined>> | null | undefined): string {
  const parts = [
    row?.utmCampaign && `campanha ${row.utmCampaign}`,
    row?.utmSource && `fonte ${row.utmSource}`,
    row?.utmMedium && `meio ${row.utmMedium}`,
    row?.landingPath && `entrada ${row.landingPath}`,
  ].filter(Boolean);
  if (row?.referrerHost) parts.push(`site ${row.referrerHost}`);
  else if (parts.length) parts.push(DIRECT_VISIT.toLowerCase());
  return parts.length ? parts.join(" · ") : "sem dados da visita";
}

/** What a consent was given for (consent_records.purpose, CONSENT_PURPOSES in app/lib/privacy.ts). */
export function consentPurposeLabel(purpose: string): string {
  return purpose === "newsletter" ? "newsletter" : purpose === "contact-policy" ? "política de privacidade, no contato" : purpose;
}

/** The visit's source as Análises and the inbox group it: the campaign's source, else the site, else a direct visit. */
export function visitSourceLabel(source: string | null | undefined): string {
  return source ? source : DIRECT_VISIT;
}

/**
 * A lead whose submission proved nothing (posted without JavaScript, docs/decisions/0106): how
 * the admin sees it marked, on its record and in the team's e-mail.
 */
export const UNVERIFIED_LEAD = {
  title: "Sem verificação",
  description:
    "enviado sem JavaScript, sem a prova de que veio do formulário do site. Nenhuma resposta automática foi enviada ao endereço informado: confira antes de responder.",
} as const;
