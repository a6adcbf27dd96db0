/** Texts of the site search (/busca, GET /api/search) and of the admin's post search. */
export const SEARCH_TITLE = "Busca";
export const SEARCH_DESCRIPTION =
  "Encontre artigos do Blog Agile e páginas da Agile IA sobre agentes de IA, automação, dados e governança.";

export const searchText = {
  eyebrow: "Busca no site",
  label: "Buscar no site",
  placeholder: "Ex.: automação",
  submit: "Buscar",
  /** Heading of the results, with the query (a search results page has its own title). */
  resultsFor: (q: string) => `Resultados para “${q}”`,
  count: (total: number) => (total === 1 ? "1 resultado" : `${total} resultados`),
  countLimited: (shown: number, total: number) =>
    `Mostrando os ${shown} resultados mais relevantes de ${total}. Acrescente palavras para refinar a busca.`,
  typePost: "Blog",
  typePage: "Página",
  emptyQueryTitle: "O que você procura?",
  emptyQueryText:
    "Digite uma ou mais palavras, com ou sem acentos: buscamos nos posts do blog e nas páginas do site. Ou explore os temas do blog.",
  noResultsTitle: "Nenhum resultado encontrado",
  noResultsText: (q: string) => `Não encontramos nada para “${q}”. Confira a grafia, use menos palavras ou explore os temas do blog:`,
  categoriesTitle: "Temas do blog",
  allPosts: "Todos os posts",
  searching: "Buscando…",
} as const;

/** Answers to a query that is not a search (400 JSON, or the page's message beside the field). */
export const searchErrors = {
  tooLong: (max: number) => `A busca pode ter no máximo ${max} caracteres.`,
  tooManyTerms: (max: number) => `Use no máximo ${max} palavras na busca.`,
  repeated: "Envie o parâmetro de busca q uma única vez.",
} as const;

export const adminSearchText = {
  label: "Buscar posts",
  placeholder: "Título, slug ou conteúdo",
  submit: "Buscar",
  clear: "Limpar busca",
  found: (total: number, q: string) => (total === 1 ? `1 post encontrado para “${q}”.` : `${total} posts encontrados para “${q}”.`),
} as const;
