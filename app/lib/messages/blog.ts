/** SPEC §2 and §8 texts of the blog and its administration (one home per text). */
export const BLOG_TITLE = "Blog Agile";
export const BLOG_DESCRIPTION = "Artigos e guias práticos sobre agentes de IA, automação de processos, dados e governança para empresas.";

export const blogText = {
  all: "Todos",
  publishedOn: "Publicado em",
  readMore: "Ler mais",
  back: "Voltar para o blog",
  loginAdmin: "Login Admin",
  adminArea: "Área Administrativa",
  emptyTitle: "Nenhum post encontrado",
  emptyInCategory: (name: string) => `Ainda não há posts publicados na categoria “${name}”. Veja os outros temas ou todos os posts.`,
  emptyAll: "Ainda não publicamos nenhum post. Volte em breve para ler as novidades.",
  showing: (shown: number, total: number) => `Mostrando ${shown} de ${total} posts`,
  notFoundTitle: "Post não encontrado",
  notFoundText: "O post que você está procurando não existe ou foi removido.",
  readingTime: (minutes: number) => `${minutes} min de leitura`,
  noCategory: "Sem categoria",
} as const;

export const blogToasts = {
  loadCategoriesError: {
    title: "Erro ao carregar categorias",
    description: "Não foi possível carregar as categorias do blog.",
  },
  loadPostsError: { title: "Erro ao carregar posts", description: "Não foi possível carregar os posts do blog." },
  loadPostError: { title: "Erro ao carregar post", description: "Não foi possível carregar o conteúdo do post solicitado." },
  publishError: { title: "Erro ao atualizar post", description: "Não foi possível alterar o status de publicação." },
  deletePostError: { title: "Erro ao excluir post", description: "Não foi possível excluir o post. Tente novamente." },
  deleteCategoryError: {
    title: "Erro ao excluir categoria",
    description: "Não foi possível excluir a categoria. Ela pode estar em uso por posts.",
  },
  savePostError: { title: "Erro", description: "Ocorreu um erro ao salvar o post. Verifique os dados e tente novamente." },
  saveCategoryError: {
    title: "Erro",
    description: "Ocorreu um erro ao salvar a categoria. Verifique os dados e tente novamente.",
  },
  postDeleted: { title: "Post excluído", description: "O post foi excluído com sucesso." },
  categoryDeleted: { title: "Categoria excluída", description: "A categoria foi excluída com sucesso." },
  postCreated: { title: "Post criado", description: "O post foi criado com sucesso." },
  postUpdated: { title: "Post atualizado", description: "O post foi atualizado com sucesso." },
  categoryCreated: { title: "Categoria criada", description: "A categoria foi criada com sucesso." },
  categoryUpdated: { title: "Categoria atualizada", description: "A categoria foi atualizada com sucesso." },
  uploadError: { title: "Erro ao enviar imagem", description: "Não foi possível enviar a imagem." },
} as const;

/** Admin screen texts (SPEC §2 "Admin blog"). */
export const adminBlogText = {
  title: "Administração do Blog",
  backToBlog: "Ver o blog",
  tabPosts: "Posts",
  tabCategories: "Categorias",
  newPost: "Novo Post",
  newCategory: "Nova Categoria",
  editPost: "Editar post",
  editCategory: "Editar categoria",
  emptyPosts: "Nenhum post encontrado.",
  emptyCategories: "Nenhuma categoria encontrada.",
  loadPostsError: "Erro ao carregar posts",
  loadCategoriesError: "Erro ao carregar categorias",
  deletePostTitle: "Excluir Post",
  deletePostText: (title: string) => `Tem certeza de que deseja excluir o post “${title}”? Esta ação não pode ser desfeita.`,
  deleteCategoryTitle: "Excluir Categoria",
  deleteCategoryText: (name: string) => `Tem certeza de que deseja excluir a categoria “${name}”? Esta ação não pode ser desfeita.`,
  deleteCategoryWarning: "Atenção: a exclusão pode falhar se houver posts usando esta categoria.",
  moveAndDelete: (count: number) => `Mover ${count === 1 ? "o post" : `os ${count} posts`} desta categoria para “Sem categoria” e excluir`,
  cancel: "Cancelar",
  delete: "Excluir",
} as const;

/** API answers (field messages in Portuguese, the JSON contract of app/infra/http.server.ts). */
export const blogApiMessages = {
  postNotFound: "Post não encontrado.",
  categoryNotFound: "Categoria não encontrada.",
  slugTaken: "Já existe um post com este slug.",
  categoryNameTaken: "Já existe uma categoria com este nome.",
  categorySlugTaken: "Já existe uma categoria com este slug.",
  categoryMissing: "A categoria escolhida não existe.",
  categoryInUse: (count: number) =>
    `Esta categoria está em uso por ${count} ${count === 1 ? "post" : "posts"}. Mova os posts para outra categoria ou exclua com a opção de movê-los para “Sem categoria”.`,
  invalidQuery: "Parâmetros de consulta inválidos.",
  uploadMissing: "Envie um arquivo de imagem no campo “file”.",
  uploadTooLarge: "A imagem deve ter no máximo 5 MB.",
  uploadBadType: "Formato não suportado. Envie uma imagem JPEG, PNG ou WebP.",
  uploadTooManyPixels: "A imagem é grande demais (dimensões). Use no máximo 8000 × 8000 pixels.",
} as const;
