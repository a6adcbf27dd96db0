/** The lead forms' shared texts (one home per text); a form's own are in app/forms/{name}/messages.ts. */

/** Server answers shared by every lead endpoint. */
export const leadServerMessages = {
  rateLimited: (wait: string) => `Muitos envios em pouco tempo. Aguarde ${wait} e tente novamente.`,
  /** The confirmation of a post made without JavaScript says what did not happen (docs/decisions/0106). */
  unverifiedNote:
    "Como o formulário foi enviado sem JavaScript, não mandamos e-mail automático de confirmação. Seus dados chegaram à nossa equipe, que responde pelo contato que você informou.",
} as const;

export const adminLeadMessages = {
  loadError: "Erro ao carregar os dados. Tente novamente mais tarde.",
  loadErrorTitle: "Erro ao carregar os dados",
  notInformed: "Não informado",
  statusError: { title: "Erro ao atualizar status", description: "Não foi possível alterar o status da consulta." },
} as const;
