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
  editionNotFound: "Edição não encontrada.",
  notEditable: "Esta edição já foi enviada ou está agendada: não é mais possível alterá-la. Cancele o agendamento para editar.",
  alreadySentEdition: "Esta edição já foi enviada ou está agendada. Cada edição é enviada uma vez só.",
  subjectRequired: "Informe o assunto do e-mail.",
  subjectTooLong: "O assunto pode ter no máximo 200 caracteres.",
  bodyRequired: "Escreva o texto da edição.",
  bodyTooLong: "O texto pode ter no máximo 100.000 caracteres.",
  emptySegment: "Nenhum assinante confirmado neste público: escolha outro antes de enviar.",
} as const;

export const newsletterText = {
  title: "Newsletter",
  intro: (audience: number, kind: "post" | "edition" = "post") =>
    `${kind === "post" ? "Envie este post por e-mail" : "Envie esta edição por e-mail"}: ${audience === 1 ? "há 1 assinante confirmado" : `há ${audience.toLocaleString("pt-BR")} assinantes confirmados`}. Escolha abaixo quem recebe.`,
  following: (kind: "post" | "edition" = "post") =>
    `O envio ${kind === "post" ? "deste post" : "desta edição"} aos assinantes: situação, andamento e cliques nos links.`,
  noAudience: "Ainda não há assinantes confirmados: o envio não alcançaria ninguém.",
  preview: "Ver prévia do e-mail",
  test: (address: string) => `Enviar teste para ${address}`,
  testDone: (address: string) => `E-mail de teste enviado para ${address}. Confira a caixa de entrada em alguns instantes.`,
  publishAndSend: "Publicar e enviar",
  sendNow: "Enviar aos assinantes",
  scheduleAndSend: "Agendar e enviar",
  scheduleHint: "O post entra no ar no horário marcado e é enviado aos assinantes nesse momento, uma vez só.",
  confirmSend: (audience: number, kind: "post" | "edition" = "post") =>
    `Enviar ${kind === "post" ? "este post" : "esta edição"} para ${audience.toLocaleString("pt-BR")} ${audience === 1 ? "assinante" : "assinantes"}? Não é possível desfazer o que já tiver saído.`,
  scheduleSend: "Agendar envio",
  scheduledEdition: "Envio agendado: sai no horário marcado.",
  scheduleEditionHint: "Horário de Brasília (UTC−3). Para agendar, escolha o horário e clique em “Agendar envio”.",
  pause: "Pausar envio",
  resume: "Retomar envio",
  cancel: "Cancelar envio",
  confirmCancel: (kind: "post" | "edition" = "post") =>
    `Cancelar o envio? Quem ainda não recebeu não receberá ${kind === "post" ? "este post" : "esta edição"}.`,
  status: {
    draft: "Rascunho: ainda não enviado.",
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
  clicks: {
    title: (total: number) => (total === 1 ? "Cliques nos links: 1" : `Cliques nos links: ${total.toLocaleString("pt-BR")}`),
    count: (n: number) => (n === 1 ? "1 clique" : `${n.toLocaleString("pt-BR")} cliques`),
    none: "Este e-mail não tem links para contar.",
    note: "Contamos só os cliques em cada link, sem saber quem clicou. Não há pixel de abertura.",
  },
  done: {
    "newsletter-enviada": "Envio iniciado. O andamento aparece abaixo.",
    "newsletter-agendada": "Publicação e envio agendados: o post sai para os assinantes quando entrar no ar.",
    "newsletter-pausada": "Envio pausado. Nenhum e-mail novo sai até você retomar.",
    "newsletter-retomada": "Envio retomado.",
    "newsletter-cancelada": "Envio cancelado.",
  } as Record<string, string>,
} as const;

/** The newsletter's own page and a standalone edition's (docs/decisions/0131). */
export const editionFormText = {
  pageTitle: "Newsletter",
  pageIntro:
    "Edições enviadas por e-mail aos assinantes: os posts enviados e as edições avulsas, com o andamento e os cliques de cada uma.",
  subscribers: "Ver assinantes",
  newTitle: "Nova edição avulsa",
  newIntro: "Uma edição que não é um post: escreva o assunto e o texto, veja a prévia, envie um teste e depois envie ou agende.",
  create: "Criar rascunho",
  listTitle: "Edições",
  empty: "Nenhuma edição ainda. Envie um post pela página dele ou crie uma edição avulsa acima.",
  columns: { subject: "Assunto", kind: "Tipo", status: "Situação", date: "Data", sent: "Enviados", clicks: "Cliques" },
  kindPost: "Post",
  kindStandalone: "Avulsa",
  open: "Abrir",
  openSr: (subject: string) => ` a edição “${subject}”`,
  subject: "Assunto",
  body: "Texto",
  bodyHint: "Texto simples (uma linha em branco separa os parágrafos) ou HTML com os mesmos elementos dos posts do blog.",
  save: "Salvar alterações",
  delete: "Excluir rascunho",
  confirmDelete: "Excluir este rascunho? Não é possível desfazer.",
  back: "Voltar à newsletter",
  editionLabel: "Edição avulsa",
  sentNote:
    "Esta edição já saiu ou está agendada: o texto abaixo não pode mais ser alterado. A prévia do e-mail mostra como os assinantes o recebem.",
  sendNow: "Enviar agora",
  status: {
    draft: "Rascunho",
    scheduled: "Agendada",
    sending: "Enviando",
    paused: "Pausada",
    cancelled: "Cancelada",
    sent: "Enviada",
  },
  done: {
    criada: "Rascunho criado. Revise o texto, veja a prévia e envie um teste antes de enviar.",
    salva: "Alterações salvas.",
    "newsletter-enviada": "Envio iniciado. O andamento aparece abaixo.",
    "newsletter-agendada": "Envio agendado: a edição sai no horário marcado.",
    "newsletter-pausada": "Envio pausado. Nenhum e-mail novo sai até você retomar.",
    "newsletter-retomada": "Envio retomado.",
    "newsletter-cancelada": "Envio cancelado.",
  } as Record<string, string>,
} as const;
