/**
 * Texts of newsletter editions (docs/decisions/0128): the post page's newsletter card, its
 * answers and refusals. One home per text, shared by the page and the server.
 */

export const newsletterMessages = {
  postNotFound: "Post não encontrado.",
  alreadySent: "Este post já foi enviado como newsletter. Cada post é enviado uma vez só.",
  alreadyScheduled: "O envio deste post já está agendado: ele sai quando o post for publicado.",
  alreadyLive: "Este post já está publicado. Para enviá-lo, use “Enviar aos assinantes”.",
  cannotChange: "Não foi possível mudar o envio: ele já terminou ou mudou de estado. Atualize a página.",
} as const;

export const newsletterText = {
  title: "Newsletter",
  intro: (audience: number) =>
    audience === 1
      ? "Envie este post por e-mail para 1 assinante confirmado."
      : `Envie este post por e-mail para ${audience.toLocaleString("pt-BR")} assinantes confirmados.`,
  noAudience: "Ainda não há assinantes confirmados: o envio não alcançaria ninguém.",
  preview: "Ver prévia do e-mail",
  test: (address: string) => `Enviar teste para ${address}`,
  testDone: (address: string) => `E-mail de teste enviado para ${address}. Confira a caixa de entrada em alguns instantes.`,
  publishAndSend: "Publicar e enviar",
  sendNow: "Enviar aos assinantes",
  scheduleAndSend: "Agendar e enviar",
  scheduleHint: "O post entra no ar no horário marcado e é enviado aos assinantes nesse momento, uma vez só.",
  confirmSend: (audience: number) =>
    `Enviar este post para ${audience.toLocaleString("pt-BR")} ${audience === 1 ? "assinante" : "assinantes"} agora? Não é possível desfazer o que já tiver saído.`,
  pause: "Pausar envio",
  resume: "Retomar envio",
  cancel: "Cancelar envio",
  confirmCancel: "Cancelar o envio? Quem ainda não recebeu não receberá este post.",
  status: {
    scheduled: "Envio agendado: sai quando o post for publicado.",
    sending: "Enviando…",
    paused: "Envio pausado.",
    cancelled: "Envio cancelado.",
    sent: "Envio concluído.",
  },
  progressLabel: "Andamento do envio",
  counts: {
    sent: "Enviados",
    pending: "Na fila",
    failed: "Falharam",
    skipped: "Não enviados",
  },
  done: {
    "newsletter-enviada": "Envio iniciado. O andamento aparece abaixo.",
    "newsletter-agendada": "Publicação e envio agendados: o post sai para os assinantes quando entrar no ar.",
    "newsletter-pausada": "Envio pausado. Nenhum e-mail novo sai até você retomar.",
    "newsletter-retomada": "Envio retomado.",
    "newsletter-cancelada": "Envio cancelado.",
  } as Record<string, string>,
} as const;
