/**
 * Texts of publishing: status, schedule, preview links, revisions and SEO per post (one home per
 * text, shared by the admin, the preview page and the API's answers).
 */
import { formatDateTime } from "../dates";
import { LINK_LIFETIME_DAYS } from "../secret-links";
import type { PostStatus } from "../publishing";

export const statusText = {
  draft: "Rascunho",
  published: "Publicado",
  scheduled: (at: Date | string) => `Agendado para ${formatDateTime(at)}`,
  pendingChanges: "Alterações não publicadas",
} as const;

export function statusLabel(status: PostStatus, publishAt: Date | string | null): string {
  if (status === "scheduled" && publishAt) return statusText.scheduled(publishAt);
  return status === "published" ? statusText.published : statusText.draft;
}

export const previewText = {
  banner: "Pré-visualização",
  draft: "Este post é um rascunho e não está visível para os visitantes.",
  scheduled: (at: Date | string) =>
    `Este post está agendado para ${formatDateTime(at)} (horário de Brasília) e ainda não está visível para os visitantes.`,
  pending: "Estas são alterações ainda não publicadas. Os visitantes continuam vendo a versão publicada.",
  privateLink: "Link privado: não compartilhe fora da equipe e dos revisores.",
  backToAdmin: "Voltar à administração",
} as const;

export const scheduleText = {
  legend: "Agendar publicação",
  label: "Data e hora (horário de Brasília)",
  hint: "O post entra no ar sozinho nesse minuto. Deixe em branco para não agendar.",
  publishedHint: "Este post já está publicado. Para agendá-lo, desmarque “Publicado”.",
  cancel: "Cancelar agendamento",
  schedule: "Agendar",
  /** The post's page: its status above already says when, so these never repeat the date. */
  scheduledDone: "Publicação agendada. O post entra no ar sozinho no horário marcado.",
  scheduledHint: "Para mudar o horário, escolha outra data e hora e clique em “Agendar”. Para publicar já, use “Publicar agora”.",
  canceled: "Agendamento cancelado. O post continua como rascunho.",
} as const;

/** The preview link (docs/decisions/0060, 0109): shown once, when made; afterwards only until when it works. */
export const previewLinkText = {
  title: "Link de pré-visualização",
  intro: `Quem tiver o link vê o post como ficará publicado, sem precisar entrar na administração, por ${LINK_LIFETIME_DAYS.preview} dias. O link nunca é indexado.`,
  copy: "Copiar link",
  copied: "Link copiado",
  copiedDescription: "Cole o link numa mensagem para quem vai revisar o post.",
  copyFailed: "Não foi possível copiar. Selecione o link e copie manualmente.",
  shownOnce: "Copie o link agora: por segurança, ele só aparece desta vez. Se perdê-lo, gere um novo.",
  validUntil: "Válido até",
  expiredOn: "O link expirou em",
  active:
    "Há um link ativo. Por segurança, ele só aparece quando é criado: para compartilhá-lo de novo, gere um novo (o anterior deixa de funcionar).",
  expired: "Gere um novo para compartilhar o post.",
  revoke: "Revogar link",
  revoked: "Link revogado. Quem o tinha não vê mais o post.",
  create: "Gerar novo link",
  created: "Novo link de pré-visualização criado.",
  createFailed: "Não foi possível gerar o link. Tente de novo.",
  none: "Nenhum link ativo. Gere um para compartilhar o rascunho.",
  publishedNote: "Como o post está publicado, o link leva ao endereço público (ou às alterações ainda não publicadas, se houver).",
} as const;

export const pendingText = {
  title: "Alterações não publicadas",
  intro: (at: Date | string, author: string) =>
    `Salvas em ${formatDateTime(at)} por ${author}. Os visitantes continuam vendo a versão publicada até você publicá-las.`,
  editorNotice: (at: Date | string) =>
    `Você está editando alterações não publicadas (salvas em ${formatDateTime(at)}). Use “Salvar alterações” para publicá-las.`,
  publish: "Publicar alterações",
  discard: "Descartar alterações",
  published: "Alterações publicadas.",
  discarded: "Alterações descartadas. O post publicado não mudou.",
  saveAsDraft: "Salvar como rascunho",
  savedAsDraft: {
    title: "Rascunho salvo",
    description: "As alterações ficaram guardadas sem mudar o post publicado. Veja-as pelo link de pré-visualização.",
  },
} as const;

export const revisionText = {
  title: "Revisões",
  intro: "Cada vez que o post é salvo, uma revisão é guardada (as 20 mais recentes).",
  empty: "Nenhuma revisão guardada.",
  kind: {
    create: "Criação",
    update: "Edição",
    draft: "Rascunho não publicado",
    restore: "Restauração",
  } as Record<string, string>,
  /** Numbers count one post's revisions (1 for its oldest kept), never the ids shared by all posts. */
  number: (n: number) => `nº ${n}`,
  restoredFrom: (n: number | null) => (n === null ? "de uma revisão que não está mais guardada" : `da revisão nº ${n}`),
  by: (author: string) => `por ${author}`,
  view: "Comparar com o texto atual",
  current: "Texto atual",
  revision: (n: number, at: Date | string) => `Revisão nº ${n} · ${formatDateTime(at)}`,
  changed: "Alterado",
  same: "Igual ao texto atual",
  identical: "Esta revisão é igual ao texto atual: restaurá-la não muda nada.",
  restore: "Restaurar esta revisão",
  restoreHint:
    "Restaurar traz de volta título, resumo, conteúdo, categoria, imagem e campos de SEO desta revisão (o slug continua o atual) e guarda uma nova revisão. Se o post estiver publicado, a mudança vai ao ar na hora.",
  restored: "Revisão restaurada. Uma nova revisão foi guardada.",
  notFound: "Revisão não encontrada.",
  back: "Voltar ao post",
  empty_value: "(vazio)",
} as const;

export const postPageText = {
  title: "Publicação e histórico",
  back: "Voltar aos posts",
  status: "Status",
  edit: "Editar",
  publishNow: "Publicar agora",
  publishedNow: "Post publicado. Ele já aparece no blog.",
  /** A live post has no schedule; its page says so with the controls it has ('Editar' opens the form's switch). */
  publishedHint: "Este post já está publicado, então não há o que agendar. Para tirá-lo do ar, clique em “Editar” e desligue “Publicado”.",
  openPublic: "Ver no blog",
  openPreview: "Abrir pré-visualização",
  rowAction: "Publicação e histórico",
} as const;

export const seoText = {
  legend: "SEO e compartilhamento",
  intro: "Como o post aparece no Google e nas redes sociais. Em branco, usamos o título, o resumo e a imagem de capa.",
  metaTitle: "Título para buscadores",
  metaDescription: "Descrição para buscadores",
  socialImage: "Imagem para redes sociais (URL)",
  socialImageHint: "Em branco, usamos a imagem de capa. Geramos uma versão JPEG de 1200 × 630 pixels para Facebook, LinkedIn e X.",
  canonical: "URL canônica",
  canonicalHint: "Só preencha se o texto foi publicado primeiro em outro endereço.",
  noindex: "Não indexar este post (noindex)",
  noindexHint: "O post continua no blog, mas pede aos buscadores que não o mostrem e fica fora do sitemap.",
  preview: "Prévia no Google",
  socialPreview: "Prévia nas redes sociais",
  count: (length: number, ideal: number) => `${length} de ~${ideal} caracteres`,
  tooLong: "Longo demais: o Google deve cortar o texto.",
  tooShort: "Curto: use a descrição para convencer quem busca.",
  good: "Bom tamanho.",
  usingDefault: "Em branco: usamos o padrão.",
} as const;

/** API and form messages (Zod and domain answers, the JSON contract of app/infra/http.server.ts). */
export const publishingMessages = {
  publishAt: "Informe a data de publicação em ISO 8601 com fuso horário (ex.: 2026-12-01T09:00:00-03:00), ou null para não agendar.",
  publishAtLocal: "Informe data e hora completas (dia, mês, ano, hora e minuto).",
  publishAtPast: "Escolha uma data e hora no futuro.",
  publishAtWhilePublished: "Um post publicado não pode ser agendado. Desmarque “Publicado” para agendar a publicação.",
  draftUnpublish: "Para despublicar o post, salve sem a opção de rascunho.",
  metaTitleMax: "O título para buscadores deve ter no máximo 120 caracteres.",
  metaDescriptionMax: "A descrição para buscadores deve ter no máximo 320 caracteres.",
  socialImageUrl: "Informe uma URL de imagem válida (http, https ou um caminho do site começando com /).",
  canonicalUrl: "Informe uma URL canônica válida (http ou https), ou um caminho do site começando com /.",
  noindex: "Informe se o post deve ficar fora dos buscadores (verdadeiro ou falso).",
  draft: "Informe se as alterações devem ficar como rascunho (verdadeiro ou falso).",
  noPendingChanges: "Este post não tem alterações não publicadas.",
  previewNotFound: "Link de pré-visualização inválido ou revogado.",
  invalidIntent: "Ação desconhecida.",
} as const;
