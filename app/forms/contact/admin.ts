/**
 * How the admin shows contact messages (/admin/leads/contatos): the list's columns, the lead
 * page's fields in order and the CSV's columns, with their labels.
 */
import type { LeadTypeInfo } from "../define";

const contactAdmin: LeadTypeInfo = {
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
};

export default contactAdmin;
