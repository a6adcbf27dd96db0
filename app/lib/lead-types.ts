/**
 * The lead types the admin reviews beyond the questionnaire (browser-safe: labels and columns
 * only). URL segment → what the list, the detail view and the CSV export show; a form's own is
 * in its folder (app/forms/{name}/admin.ts, docs/decisions/0071).
 */
import careersAdmin from "~/forms/careers/admin";
import type { LeadTypeInfo } from "~/forms/define";

export const LEAD_TYPES = ["contatos", "consultas", "candidaturas", "newsletter"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export function isLeadType(value: string | undefined): value is LeadType {
  return LEAD_TYPES.includes(value as LeadType);
}

export type { LeadField, LeadTypeInfo } from "~/forms/define";

export const LEAD_TYPE_INFO: Record<LeadType, LeadTypeInfo> = {
  contatos: {
    title: "Mensagens de contato",
    singular: "Mensagem de contato",
    description: "Enviadas pelo formulário de contato da página inicial e da página Sobre.",
    searchHint: "Buscar por nome, empresa, e-mail, telefone ou mensagem",
    empty: "Nenhuma mensagem encontrada.",
    fields: [
      { key: "id", label: "ID" },
      { key: "name", label: "Nome", inTable: true },
      { key: "company", label: "Empresa", inTable: true },
      { key: "email", label: "E-mail", inTable: true, kind: "email" },
      { key: "phone", label: "Telefone", inTable: true },
      { key: "message", label: "Mensagem", inTable: true, kind: "long" },
      { key: "createdAt", label: "Recebida em", inTable: true, kind: "date" },
    ],
  },
  consultas: {
    title: "Solicitações de consultoria",
    singular: "Solicitação de consultoria",
    description: "Pedidos feitos pelos botões de consultoria exclusiva do site.",
    searchHint: "Buscar por nome, empresa, e-mail, telefone ou área",
    empty: "Nenhuma solicitação encontrada.",
    fields: [
      { key: "id", label: "ID" },
      { key: "name", label: "Nome", inTable: true },
      { key: "company", label: "Empresa", inTable: true },
      { key: "email", label: "E-mail", inTable: true, kind: "email" },
      { key: "phone", label: "Telefone", inTable: true },
      { key: "industryArea", label: "Área de atuação", inTable: true },
      { key: "status", label: "Etapa", inTable: true, kind: "status" },
      { key: "source", label: "Botão usado" },
      { key: "createdAt", label: "Recebida em", inTable: true, kind: "date" },
    ],
  },
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
