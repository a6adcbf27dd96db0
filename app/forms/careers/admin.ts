/**
 * How the admin shows applications (/admin/leads/candidaturas): the list's columns, the lead
 * page's fields in order and the CSV's columns, with their labels.
 */
import type { LeadTypeInfo } from "../define";

const careersAdmin: LeadTypeInfo = {
  title: "Candidaturas",
  singular: "Candidatura",
  description: "Enviadas pelo formulário da página Carreiras.",
  searchHint: "Buscar por nome, e-mail, telefone ou vaga",
  empty: "Nenhuma candidatura encontrada.",
  fields: [
    { key: "id", label: "ID" },
    { key: "name", label: "Nome", inTable: true },
    { key: "position", label: "Vaga", inTable: true },
    { key: "email", label: "E-mail", inTable: true, kind: "email" },
    { key: "phone", label: "Telefone", inTable: true },
    { key: "experience", label: "Experiência", kind: "long" },
    { key: "motivation", label: "Motivação", kind: "long" },
    { key: "linkedinUrl", label: "LinkedIn", kind: "url" },
    { key: "portfolioUrl", label: "Portfólio", kind: "url" },
    { key: "createdAt", label: "Recebida em", inTable: true, kind: "date" },
  ],
};

export default careersAdmin;
