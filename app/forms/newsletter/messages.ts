/** The newsletter sign-up's texts (SPEC §8), and its double opt-in's (docs/decisions/0011). */
export const newsletterMessages = {
  invalid: { title: "Email inválido", description: "Por favor, insira um endereço de email válido." },
  success: {
    title: "Obrigado por se inscrever!",
    description: "Você receberá nossas novidades sobre IA e atualizações da empresa.",
  },
  failureTitle: "Não foi possível concluir a inscrição",
  failureFallback: "Por favor, tente novamente mais tarde.",
  /** Beyond the spec: the double opt-in, said where there is room (never in the SPEC §8 toast). */
  confirmationNote:
    "Se este e-mail ainda não estiver inscrito, enviaremos um link para confirmar a inscrição. Ela só começa depois do clique.",
  formNote: "Enviaremos um link de confirmação; cancele quando quiser pelo link presente em cada e-mail.",
  /** A sign-up posted without JavaScript gets no confirmation e-mail (docs/decisions/0106). */
  unverifiedNote:
    "Como o formulário foi enviado sem JavaScript, não enviamos o e-mail de confirmação: a inscrição só começa depois dele. Para recebê-lo, ative o JavaScript e inscreva-se de novo.",
} as const;
