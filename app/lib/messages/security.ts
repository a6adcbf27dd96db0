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
    description: n === 0 ? "Não havia outras sessões ativas." : `${n} ${n === 1 ? "sessão encerrada" : "sessões encerradas"}. Só este dispositivo continua conectado.`,
  }),
  oneEnded: { title: "Sessão encerrada", description: "Aquele dispositivo foi desconectado." },
  notFound: { title: "Sessão não encontrada", description: "Ela já tinha sido encerrada ou expirou." },
} as const;
