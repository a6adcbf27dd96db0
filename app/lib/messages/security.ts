/** Texts of the admin's security page (/admin/seguranca) and of the login's second step. */
export const securityTexts = {
  pageTitle: "Segurança da conta",
  pageIntro: "Veja onde sua conta está conectada e encerre o que você não reconhece.",
  sessionsTitle: "Sessões ativas",
  sessionsIntro:
    "Cada login abre uma sessão, que termina após 30 minutos sem uso ou 8 horas depois de aberta. Encerrar uma sessão desconecta aquele dispositivo na hora.",
  thisSession: "Esta sessão",
  endOthers: "Encerrar outras sessões",
  endOne: "Encerrar",
  noOtherSessions: "Nenhuma outra sessão ativa.",
  columns: { device: "Dispositivo", ip: "Endereço IP", createdAt: "Início", lastSeenAt: "Último acesso" },
} as const;

export const securityToasts = {
  othersEnded: (n: number) => ({
    title: "Sessões encerradas",
    description:
      n === 0
        ? "Não havia outras sessões ativas."
        : `${n} ${n === 1 ? "sessão encerrada" : "sessões encerradas"}. Só este dispositivo continua conectado.`,
  }),
  oneEnded: { title: "Sessão encerrada", description: "Aquele dispositivo foi desconectado." },
  notFound: { title: "Sessão não encontrada", description: "Ela já tinha sido encerrada ou expirou." },
} as const;

/** The two-factor login: the login's second step and the security page's section. */
export const twoFactorTexts = {
  stepTitle: "Verificação em duas etapas",
  stepIntro: "Digite o código de 6 dígitos que aparece no seu aplicativo autenticador.",
  codeLabel: "Código de verificação",
  codeHint: "Sem acesso ao aplicativo? Digite um dos seus códigos de recuperação neste mesmo campo.",
  remember: "Lembrar este dispositivo por 30 dias",
  verify: "Verificar",
  verifying: "Verificando...",
  backToLogin: "Voltar ao login",
  enrolTitle: "Ative a verificação em duas etapas",
  enrolRequiredIntro: "Este site exige um segundo fator para entrar na área administrativa. Configure-o agora: leva menos de um minuto.",
  enrolSteps: [
    "Abra um aplicativo autenticador no celular (Google Authenticator, Microsoft Authenticator, 1Password, Authy ou outro compatível).",
    "Escaneie o QR code com o aplicativo.",
    "Digite o código de 6 dígitos que o aplicativo mostrar.",
  ],
  qrLabel: "QR code para configurar o aplicativo autenticador",
  manualKeySummary: "Não consegue escanear? Digite a chave manualmente",
  manualKeyHint: "Escolha “chave de configuração” no aplicativo, tipo baseado em tempo, e digite:",
  enrolConfirm: "Ativar verificação",
  enrolConfirmAndEnter: "Ativar e entrar",
  recoveryTitle: "Guarde seus códigos de recuperação",
  recoveryIntro:
    "Se perder o celular, cada código abaixo permite entrar uma única vez no lugar do código do aplicativo. Guarde-os num gerenciador de senhas ou imprima. Eles não serão mostrados de novo.",
  continueToAdmin: "Continuar para o painel",
  sectionTitle: "Verificação em duas etapas",
  sectionIntro:
    "Além da senha, o login pede um código do aplicativo autenticador do seu celular. Quem descobrir a senha, sozinho, não entra.",
  statusOn: "Ativada",
  statusOff: "Desativada",
  requiredNote: "Obrigatória neste site (ADMIN_REQUIRE_2FA=1).",
  enabledSince: "Ativada em",
  recoveryLeft: (n: number) => `${n} ${n === 1 ? "código de recuperação restante" : "códigos de recuperação restantes"}`,
  start: "Configurar verificação em duas etapas",
  regenerate: "Gerar novos códigos de recuperação",
  regenerateHint: "Os códigos atuais deixam de valer.",
  reset: "Desativar verificação em duas etapas",
  resetRequiredHint: "Como ela é obrigatória, o próximo login pedirá uma nova configuração.",
  passwordLabel: "Senha atual",
  passwordHint: "Confirme com sua senha para alterar a verificação em duas etapas.",
  devicesTitle: "Dispositivos lembrados",
  devicesIntro: "Navegadores em que você marcou “Lembrar este dispositivo por 30 dias”: eles não pedem o código ao entrar.",
  noDevices: "Nenhum dispositivo lembrado.",
  forgetDevices: "Esquecer todos os dispositivos",
  until: "Lembrado até",
} as const;

export const twoFactorToasts = {
  enrolled: { title: "Verificação em duas etapas ativada", description: "A partir de agora o login pedirá o código do aplicativo." },
  regenerated: { title: "Novos códigos gerados", description: "Os códigos anteriores deixaram de valer." },
  reset: {
    title: "Verificação em duas etapas desativada",
    description: "Os códigos de recuperação e os dispositivos lembrados foram apagados.",
  },
  devicesForgotten: (n: number) => ({
    title: "Dispositivos esquecidos",
    description:
      n === 0
        ? "Não havia dispositivos lembrados."
        : `${n} ${n === 1 ? "dispositivo pedirá" : "dispositivos pedirão"} o código no próximo login.`,
  }),
  wrongPassword: { title: "Senha incorreta", description: "Nada foi alterado." },
  wrongCode: { title: "Código inválido", description: "Confira o aplicativo autenticador e digite o código atual." },
  alreadyOn: { title: "Já ativada", description: "A verificação em duas etapas já está ativa nesta conta." },
} as const;
