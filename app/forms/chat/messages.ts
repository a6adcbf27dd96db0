/** The texts of the chat's contact step (SPEC §4, §5), in the widget and posted without JavaScript (/enviar/chat). */
export const chatContactMessages = {
  emailLabel: "E-mail",
  phoneLabel: "Telefone",
  companyLabel: "Nome da empresa",
  submit: "Iniciar consultoria",
  submitting: "Enviando...",
  privacyNote: "Usamos seus dados apenas para responder a esta consulta.",
  /** The page the contact step reaches when it is posted without JavaScript (/enviar/chat). */
  nativeConfirmation: {
    title: "Recebemos seu contato",
    description: "Obrigado! Um de nossos especialistas entrará em contato pelo email informado em até 24 horas.",
  },
  nativeFailureTitle: "Não foi possível enviar seus dados",
} as const;
