/**
 * The lead types the admin reviews beyond the questionnaire (browser-safe: labels and columns
 * only). URL segment → what the list, the detail view and the CSV export show; a form's own is
 * in its folder (app/forms/{name}/admin.ts, docs/decisions/0071).
 */
import careersAdmin from "~/forms/careers/admin";
import consultationAdmin from "~/forms/consultation/admin";
import contactAdmin from "~/forms/contact/admin";
import type { LeadTypeInfo } from "~/forms/define";

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
  newsletter: {
    title: "Inscritos na newsletter",
    singular: "Inscrição na newsletter",
    description: "Inscrições do rodapé do site, com o registro de consentimento (LGPD).",
    searchHint: "Buscar por e-mail",
    empty: "Nenhum inscrito encontrado.",
    fields: [
      { key: "id", label: "ID" },
      { key: "email", label: "E-mail", inTable: true, kind: "email" },
      { key: "status", label: "Situação", inTable: true, kind: "subscription" },
      { key: "source", label: "Formulário", inTable: true, kind: "place" },
      { key: "policyVersion", label: "Versão da política aceita", inTable: true },
      { key: "consentedAt", label: "Consentimento em", inTable: true, kind: "date" },
      { key: "unsubscribedAt", label: "Descadastrado em", kind: "date" },
      { key: "createdAt", label: "Inscrito em", kind: "date" },
    ],
  },
};

export function subscriptionStatusLabel(value: string): string {
  return value === "active" ? "Ativo" : value === "unsubscribed" ? "Descadastrado" : value === "pending" ? "Aguardando confirmação" : value;
}
