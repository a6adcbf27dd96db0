/**
 * A lead form that exists only for the tests (tests/integration/form-folder.test.ts): a folder laid
 * out as app/forms/{form}/ is (app/forms/define.ts), to prove that a form is its folder and nothing
 * else (docs/decisions/0141).
 */
import { defineLeadForm } from "~/forms/define";

export default defineLeadForm({
  name: "trial",
  slug: "teste",
  schema: () => import("./schema").then((m) => m.trialSchema),
  page: {
    title: "Formulário de teste",
    lead: "Só existe nos testes.",
    failureTitle: "Falha no envio",
    success: () => ({ title: "Recebido", description: "Obrigado." }),
  },
  // What the admin's pipeline shows of its leads (app/lib/pipeline.ts): its kind is the privacy declaration's.
  lead: {
    type: "testes",
    label: "Pedido de teste",
    plural: "Pedidos de teste",
    stages: "sales",
    audit: "trial",
    fields: [
      { key: "name", label: "Nome" },
      { key: "email", label: "E-mail", kind: "email" },
      { key: "wish", label: "O que deseja", kind: "long" },
      { key: "createdAt", label: "Recebido em", kind: "date" },
    ],
  },
});
