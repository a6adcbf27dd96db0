/**
 * The lead types the admin reviews beyond the questionnaire (browser-safe: labels and columns
 * only). URL segment → what the list, the detail view and the CSV export show; a form's own is
 * in its folder (app/forms/{name}/admin.ts, docs/decisions/0071).
 */
import careersAdmin from "~/forms/careers/admin";
import consultationAdmin from "~/forms/consultation/admin";
import contactAdmin from "~/forms/contact/admin";
import type { LeadTypeInfo } from "~/forms/define";
import newsletterAdmin from "~/forms/newsletter/admin";

export const LEAD_TYPES = ["contatos", "consultas", "candidaturas", "newsletter"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export function isLeadType(value: string | undefined): value is LeadType {
  return LEAD_TYPES.includes(value as LeadType);
}

export type { LeadField, LeadTypeInfo } from "~/forms/define";

export const LEAD_TYPE_INFO: Record<LeadType, LeadTypeInfo> = {
  contatos: contactAdmin,
  consultas: consultationAdmin,
  candidaturas: careersAdmin,
  newsletter: newsletterAdmin,
};

export function subscriptionStatusLabel(value: string): string {
  return value === "active" ? "Ativo" : value === "unsubscribed" ? "Descadastrado" : value === "pending" ? "Aguardando confirmação" : value;
}
