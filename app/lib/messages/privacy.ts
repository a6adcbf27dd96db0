/**
 * Texts of the privacy admin (data-subject requests, retention, audit log), shared by the pages
 * and the server so each lives in one place.
 */

import { STAGES } from "~/lib/pipeline";

/** Field labels of the correction form (and of the tables on the page). */
export const FIELD_LABELS: Record<string, string> = {
  name: "Nome",
  contactName: "Nome do contato",
  customerName: "Nome do cliente",
  company: "Empresa",
  companyName: "Empresa",
  email: "E-mail",
  customerEmail: "E-mail do cliente",
  phone: "Telefone",
};

export const privacyTexts = {
  pageTitle: "Privacidade e LGPD",
  pageIntro:
    "Atenda às solicitações de titulares (art. 18 da LGPD): localize todos os dados de um e-mail, exporte, corrija ou elimine. Cada ação fica registrada na auditoria.",
  searchLabel: "E-mail do titular",
  searchButton: "Buscar dados",
  searching: "Buscando...",
  nothingFound: "Nenhum dado pessoal encontrado para este e-mail.",
  exportJson: "Exportar JSON",
  exportCsv: "Exportar CSV",
  correct: "Corrigir",
  correctTitle: "Corrigir registro",
  save: "Salvar correção",
  erase: "Eliminar dados do titular",
  eraseTitle: "Eliminar todos os dados deste titular?",
  eraseDescription:
    "Mensagens, solicitações, questionários, candidaturas, reuniões agendadas, newsletter e conversas serão apagados. Pedidos e assinaturas ficam com valores, itens, datas e situação (legislação tributária), mas nome e e-mail são anonimizados. Registros de consentimento ficam como prova, com o e-mail substituído por um hash. Nos posts do blog, o e-mail é substituído por “[anonimizado]”, e as revisões que o contêm são apagadas. Esta ação não pode ser desfeita.",
  eraseConfirmLabel: "Digite o e-mail do titular para confirmar",
  eraseConfirmButton: "Eliminar definitivamente",
  cancel: "Cancelar",
  retentionTitle: "Retenção de dados",
  retentionIntro:
    "Uma tarefa diária apaga ou anonimiza o que passou do prazo. Os prazos são os mesmos publicados na política de privacidade.",
  retentionRun: "Executar agora",
  retentionRunning: "Executando...",
  retentionNoRuns: "A retenção ainda não foi executada.",
  auditTitle: "Auditoria",
  auditIntro: "Registro permanente das ações administrativas: quem fez o quê, quando e de qual endereço.",
  auditEmpty: "Nenhum registro encontrado com estes filtros.",
} as const;

export const privacyToasts = {
  searched: (n: number) => ({ title: "Busca concluída", description: `${n} registro(s) encontrado(s).` }),
  corrected: { title: "Registro corrigido", description: "A correção foi salva e registrada na auditoria." },
  erased: (n: number) => ({
    title: "Dados eliminados",
    description: `${n} registro(s) apagado(s) ou anonimizado(s) em uma única transação.`,
  }),
  retention: (n: number) => ({ title: "Retenção executada", description: `${n} registro(s) apagado(s) ou anonimizado(s).` }),
  retentionSkipped: {
    title: "Retenção em andamento",
    description: "Outra instância está executando a retenção agora. Tente novamente em instantes.",
  },
  error: { title: "Não foi possível concluir", variant: "destructive" as const },
} as const;

export const privacyErrors = {
  invalidEmail: "Informe um e-mail válido.",
  confirmMismatch: "O e-mail digitado não confere com o do titular.",
  notFound: "Registro não encontrado.",
  newsletterTaken: "Este e-mail já está cadastrado na newsletter.",
  nothingToChange: "Nenhum campo foi alterado.",
  required: (label: string) => `${label} é obrigatório`,
  tooLong: (max: number) => `Use no máximo ${max} caracteres`,
} as const;

/** Counters of a retention run, as the admin reads them. */
export const RETENTION_COUNT_LABELS: Record<string, string> = {
  leads: "Leads apagados (contatos, consultorias, questionários, candidaturas, conversas e reuniões)",
  contactAnswers: "Mensagens de contato apagadas",
  consultationAnswers: "Solicitações de consultoria apagadas",
  questionnaireAnswers: "Questionários apagados",
  applicationAnswers: "Candidaturas apagadas",
  leadFiles: "Currículos apagados com as candidaturas",
  chatSessions: "Conversas apagadas",
  chatMessages: "Mensagens de chat apagadas",
  bookings: "Reuniões agendadas apagadas",
  newsletterSubscribers: "Cadastros de newsletter cancelados ou não confirmados apagados",
  consentRecords: "Registros de consentimento apagados",
  orders: "Pedidos anonimizados",
  subscriptions: "Assinaturas anonimizadas",
  outbox: "E-mails da fila apagados",
  spamSubmissions: "Envios suspeitos de spam apagados",
  submissionKeys: "Chaves de envio apagadas",
  pageViews: "Visualizações de página (análises) apagadas",
  analyticsEvents: "Eventos de análise apagados",
};

/** Human names of audit actions; unknown actions are shown by their code. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "auth.login": "Login",
  "auth.login_failed": "Falha de login",
  "auth.logout": "Logout",
  "auth.sessions.end_others": "Outras sessões encerradas",
  "auth.session.end": "Sessão encerrada",
  "auth.password_rehashed": "Hash da senha atualizado",
  "auth.2fa.enrol": "Verificação em duas etapas ativada",
  "auth.2fa.failed": "Código de verificação incorreto",
  "auth.2fa.recovery_used": "Código de recuperação usado",
  "auth.2fa.recovery_regenerated": "Códigos de recuperação gerados de novo",
  "auth.2fa.reset": "Verificação em duas etapas desativada",
  "auth.2fa.devices_forgotten": "Dispositivos lembrados esquecidos",
  "blog.post.create": "Post criado",
  "blog.post.update": "Post editado",
  "blog.post.publish": "Post publicado",
  "blog.post.unpublish": "Post despublicado",
  "blog.post.delete": "Post excluído",
  "blog.post.draft": "Alterações salvas como rascunho",
  "blog.post.draft.discard": "Rascunho de alterações descartado",
  "blog.post.preview.create": "Link de pré-visualização criado",
  "blog.post.preview.revoke": "Link de pré-visualização revogado",
  "blog.post.schedule": "Publicação agendada",
  "blog.post.unschedule": "Agendamento cancelado",
  "blog.post.publish.scheduled": "Post publicado no horário agendado",
  "blog.post.restore": "Revisão restaurada",
  "blog.category.create": "Categoria criada",
  "blog.category.update": "Categoria editada",
  "blog.category.delete": "Categoria excluída",
  "blog.upload.create": "Imagem enviada",
  "lead.consultation.status": "Situação de consultoria alterada",
  "lead.application.cv.download": "Currículo de candidatura baixado",
  "lead.export": "Exportação CSV de leads",
  "lead.stage": "Etapa do lead alterada",
  "lead.follow_up": "Próximo retorno alterado",
  "lead.note": "Anotação adicionada ao lead",
  "lead.task.add": "Tarefa adicionada ao lead",
  "lead.task.done": "Tarefa do lead concluída",
  "lead.task.reopen": "Tarefa do lead reaberta",
  "lead.merge": "Lead duplicado mesclado neste",
  "lead.merged": "Lead mesclado em outro",
  "lead.import": "Importação CSV de leads aplicada",
  "lead.import.update": "Lead alterado por importação CSV",
  "lead.import.export": "Exportação CSV de leads para importação",
  "lead.deal": "Valor ou previsão do negócio alterado",
  "pipeline.probabilities": "Probabilidades das etapas alteradas",
  "lead.inbox.export": "Exportação CSV do funil de leads",
  "pipeline.digest": "Resumo diário do funil",
  "booking.create": "Reunião agendada pelo visitante",
  "booking.cancel": "Reunião cancelada",
  "booking.reschedule": "Reunião remarcada",
  "booking.settings": "Disponibilidade da agenda alterada",
  "booking.exception": "Exceção da agenda salva",
  "booking.exception.remove": "Exceção da agenda removida",
  "booking.feed.renew": "Endereço do calendário criado",
  "booking.feed.revoke": "Endereço do calendário revogado",
  "analytics.export": "Exportação CSV de análises",
  "payments.reconcile": "Sincronização com o Stripe",
  "privacy.search": "Busca de titular (LGPD)",
  "privacy.export": "Exportação de dados do titular",
  "privacy.correct": "Correção de dados do titular",
  "privacy.erase": "Eliminação de dados do titular",
  "retention.run": "Execução da retenção",
  "newsletter.edition.create": "Edição avulsa da newsletter criada",
  "newsletter.edition.update": "Edição avulsa da newsletter alterada",
  "newsletter.edition.delete": "Rascunho de edição da newsletter excluído",
  "newsletter.edition.send": "Envio da newsletter iniciado",
  "newsletter.edition.schedule": "Envio da newsletter agendado",
  "newsletter.edition.test": "Teste da newsletter enviado",
  "newsletter.edition.pause": "Envio da newsletter pausado",
  "newsletter.edition.resume": "Envio da newsletter retomado",
  "newsletter.edition.cancel": "Envio da newsletter cancelado",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** The names of the audit details' keys, as the admin reads them. */
const AUDIT_DETAIL_LABELS: Record<string, string> = {
  title: "Título",
  name: "Nome",
  slug: "Endereço",
  device: "Aparelho",
  ended: "Sessões encerradas",
  secondFactor: "Segundo fator",
  from: "De",
  to: "Para",
  fields: "Campos",
  reason: "Motivo",
  found: "Registros encontrados",
  format: "Formato",
  originalFormat: "Formato original",
  due: "Retornos vencidos",
  trigger: "Disparado por",
  count: "Quantidade",
  forgotten: "Aparelhos esquecidos",
  noteId: "Anotação nº",
  recoveryCodesLeft: "Códigos de recuperação restantes",
  publishAt: "Publicação em",
  expiresAt: "Válido até",
  status: "Situação",
  published: "Publicado",
  revision: "Revisão",
  auditLogBeyondRetention: "Auditoria além do prazo",
  autoReply: "Resposta automática",
  by: "Por",
  changed: "Alterado",
  characters: "Caracteres",
  counts: "Quantidades",
  fileName: "Arquivo",
  fileNotKept: "Arquivo não guardado",
  filters: "Filtros",
  followUpOn: "Retorno em",
  form: "Formulário",
  fresh: "Novos",
  hours: "Horas",
  id: "Nº",
  inUse: "Em uso",
  ip: "Endereço IP",
  kind: "Tipo",
  leadId: "Lead nº",
  leads: "Leads",
  left: "Restantes",
  length: "Tamanho",
  method: "Método",
  movedPosts: "Posts movidos",
  note: "Anotação",
  previous: "Anterior",
  q: "Busca",
  queued: "Na fila",
  rememberedDevice: "Aparelho lembrado",
  report: "Relatório",
  rest: "Demais",
  rows: "Linhas",
  scheduledFor: "Agendado para",
  search: "Busca",
  sessionIp: "IP da sessão",
  size: "Tamanho",
  stage: "Etapa",
  total: "Total",
  visitors: "Visitantes",
};

/** Words the code stores in details, as the admin reads them. */
const AUDIT_DETAIL_WORDS: Record<string, string> = { visitor: "visitante", admin: "administrador", system: "sistema" };
/** Field names a detail may list (`fields: title, slug`), as the forms call them. */
const AUDIT_FIELD_WORDS: Record<string, string> = {
  ...FIELD_LABELS,
  title: "Título",
  slug: "Endereço",
  categoryId: "Categoria",
  content: "Texto",
  excerpt: "Resumo",
  coverImage: "Imagem de capa",
  published: "Publicado",
  publishAt: "Publicação",
};
const localTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" });
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const detailValue = (value: unknown, key?: string): string => {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (Array.isArray(value)) return value.map((item) => detailValue(item, key)).join(", ");
  if (typeof value === "string") {
    if (ISO_TIME.test(value)) return localTime.format(new Date(value));
    const day = ISO_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
    if (key === "stage" || key === "from" || key === "to") {
      const stage = STAGES.find((s) => s.value === value);
      if (stage) return stage.label;
    }
    if (key === "fields") return AUDIT_FIELD_WORDS[value] ?? value;
    return AUDIT_DETAIL_WORDS[value] ?? value;
  }
  if (typeof value === "object") {
    return Object.entries(value)
      .map(([key, v]) => `${AUDIT_DETAIL_LABELS[key] ?? key}: ${detailValue(v, key)}`)
      .join("; ");
  }
  return String(value);
};

/** An audit row's details as label/value pairs (never raw JSON). */
export function auditDetails(details: unknown): Array<{ label: string; value: string }> {
  if (details === null || details === undefined) return [];
  if (typeof details !== "object" || Array.isArray(details)) return [{ label: "Detalhes", value: detailValue(details) }];
  return Object.entries(details).map(([key, value]) => ({ label: AUDIT_DETAIL_LABELS[key] ?? key, value: detailValue(value, key) }));
}

/** What each kind of audit target (`booking:12`) is, and where the admin sees it. */
const AUDIT_TARGETS: Record<string, { label: string; href?: (id: string) => string }> = {
  booking: { label: "Reunião", href: (id) => `/admin/agenda/${id}` },
  bookings: { label: "Reunião", href: (id) => `/admin/agenda/${id}` },
  consultation: { label: "Solicitação de consultoria", href: (id) => `/admin/leads/consultas/${id}` },
  consultations: { label: "Solicitação de consultoria", href: (id) => `/admin/leads/consultas/${id}` },
  contacts: { label: "Mensagem de contato", href: (id) => `/admin/leads/contatos/${id}` },
  career_application: { label: "Candidatura", href: (id) => `/admin/leads/candidaturas/${id}` },
  career_applications: { label: "Candidatura", href: (id) => `/admin/leads/candidaturas/${id}` },
  business_optimizations: { label: "Questionário", href: (id) => `/admin/business-optimizations#formulario-${id}` },
  chat_sessions: { label: "Conversa no chat", href: (id) => `/admin/conversas/${id}` },
  post: { label: "Post", href: (id) => `/admin/posts/${id}` },
  newsletter_edition: { label: "Edição avulsa da newsletter", href: (id) => `/admin/leads/newsletter/edicoes/${id}` },
  category: { label: "Categoria", href: () => "/admin/blog/categorias" },
  spam: { label: "Envio suspeito de spam", href: () => "/admin/leads/spam" },
  user: { label: "Usuário" },
  agenda: { label: "Agenda", href: () => "/admin/agenda" },
  funil: { label: "Funil de leads", href: () => "/admin/leads/funil" },
};

/**
 * An audit row's target as a phrase, with the page that shows it when there is one. A target that
 * names a table of personal data (`newsletter_subscribers:9`) reads with that table's label
 * (`tableLabels`, from the registry: app/domain/privacy/registry.server.ts).
 */
export function auditTarget(target: string | null, tableLabels: Record<string, string> = {}): { text: string; href?: string } | null {
  if (!target) return null;
  const [kind = "", id = ""] = target.split(":", 2);
  if (kind === "dia" && ISO_DAY.test(id)) return { text: `Dia ${detailValue(id)}`, href: "/admin/agenda" };
  const known = AUDIT_TARGETS[kind];
  const label = known?.label ?? (Object.hasOwn(tableLabels, kind) ? tableLabels[kind] : undefined);
  if (label === undefined) return { text: target };
  if (!id) return { text: label, href: known?.href?.("") };
  // Ids are numbers; anything else (an upload's name) is shown as it is, never linked.
  return /^\d+$/.test(id) ? { text: `${label} nº ${id}`, href: known?.href?.(id) } : { text: `${label}: ${id}` };
}

/** An address as a person reads it: an IPv4 client seen through an IPv6 socket loses its `::ffff:` prefix. */
export function readableIp(ip: string | null): string | null {
  return ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "") ?? null;
}

/** What each retention period covers, as the admin page lists them. */
export const RETENTION_KIND_LABELS: Record<string, { label: string; effect: string }> = {
  leads: { label: "Contatos, consultorias e questionários", effect: "apagados após o envio" },
  chatTranscripts: { label: "Conversas do chat", effect: "apagadas após a última mensagem" },
  careerApplications: { label: "Candidaturas e seus currículos", effect: "apagadas após o envio" },
  bookings: { label: "Reuniões agendadas", effect: "apagadas após a data da reunião" },
  newsletterUnsubscribed: { label: "Newsletter cancelada", effect: "apagada após o cancelamento" },
  newsletterUnconfirmed: { label: "Newsletter não confirmada", effect: "apagada após o último e-mail de confirmação" },
  consentRecords: { label: "Registros de consentimento", effect: "apagados, salvo assinatura ativa" },
  orders: { label: "Pedidos e assinaturas encerradas", effect: "nome e e-mail anonimizados" },
  outbox: { label: "Fila de e-mails", effect: "apagada após o envio" },
  spam: { label: "Envios suspeitos de spam", effect: "apagados após o envio" },
  submissionKeys: { label: "Chaves de envio (evitam envios em dobro)", effect: "apagadas após o envio" },
  analyticsRaw: { label: "Visualizações de página (análises)", effect: "apagadas; ficam só os totais por dia" },
  auditLog: { label: "Auditoria", effect: "mantida (nunca apagada pela aplicação)" },
  serverLogs: { label: "Logs do servidor", effect: "apagados pela rotação de logs da hospedagem" },
};
