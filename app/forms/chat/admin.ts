/**
 * How the admin shows a chat's contact: its lead page's fields (/admin/leads/funil/conversas/{id}).
 * The conversation's own pages, /admin/conversas, are the widget's (app/routes/admin/conversas*.tsx).
 */
import type { LeadField } from "../define";

type ChatContactField = LeadField & { key: "email" | "phone" | "company" | "createdAt" };

const chatAdmin: { fields: ChatContactField[] } = {
  fields: [
    { key: "email", label: "E-mail", kind: "email" },
    { key: "phone", label: "Telefone" },
    { key: "company", label: "Empresa" },
    { key: "createdAt", label: "Iniciada em", kind: "date" },
  ],
};

export default chatAdmin;
