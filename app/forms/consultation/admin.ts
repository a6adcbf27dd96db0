/**
 * How the admin shows consultation requests (/admin/leads/consultas): the list's columns, the
 * lead page's fields in order and the CSV's columns, with their labels.
 */
import type { LeadTypeInfo } from "../define";

const consultationAdmin: LeadTypeInfo = {
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
};

export default consultationAdmin;
