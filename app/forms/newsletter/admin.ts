/**
 * How the admin shows the newsletter's subscribers (/admin/leads/newsletter): the list's columns,
 * a subscriber's fields in order and the CSV's columns, with their labels.
 */
import type { LeadTypeInfo } from "../define";

const newsletterAdmin: LeadTypeInfo = {
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
};

export default newsletterAdmin;
