/**
 * Every admin page and admin API, for the guard tests. Each area adds its routes here
 * (a route missing from this list is a route nobody checks).
 */
export const ADMIN_PAGES = [
  "/admin",
  "/admin/dashboard",
  "/admin/business-optimizations",
  "/admin/conversas",
  "/admin/conversas/1",
  "/admin/pedidos",
  "/admin/privacidade",
  "/admin/auditoria",
  "/admin/seguranca",
  "/admin/leads/contatos",
  "/admin/leads/consultas",
  "/admin/leads/candidaturas",
  "/admin/leads/newsletter",
  // A newsletter record (the record address of a contact, a consultation or an application answers
  // 301 to the lead's one page, docs/decisions/0129, which is listed below).
  "/admin/leads/newsletter/1",
  // The newsletter's editions and a standalone one (docs/decisions/0131).
  "/admin/leads/newsletter/edicoes",
  "/admin/leads/newsletter/edicoes/1",
  "/admin/leads/funil/consultas/1",
  "/admin/leads",
  "/admin/leads/spam",
  "/admin/leads/importar",
  // The deals board (docs/decisions/0143).
  "/admin/leads/negocios",
  "/admin/leads/funil/contatos/1",
  "/admin/analises",
  "/admin/agenda",
  "/admin/agenda/1",
  "/admin/posts/1",
  "/admin/posts/1/revisoes/1",
];

export const ADMIN_APIS: Array<{ method: string; path: string; body?: unknown }> = [
  { method: "GET", path: "/api/contacts" },
  { method: "GET", path: "/api/consultations" },
  { method: "GET", path: "/api/consultations/1" },
  { method: "PATCH", path: "/api/consultations/1", body: { status: "contacted" } },
  { method: "PUT", path: "/api/consultations/1", body: { status: "contacted" } },
  { method: "GET", path: "/api/business-optimizations" },
  { method: "GET", path: "/api/leads/contatos/export" },
  { method: "GET", path: "/api/leads/newsletter/export" },
  { method: "GET", path: "/api/funil/export" },
  // An application's CV, a download (docs/decisions/0093).
  { method: "GET", path: "/admin/leads/candidaturas/1/curriculo" },
  // Every lead with its id, for the import (docs/decisions/0148).
  { method: "GET", path: "/admin/leads/importar/exportar" },
  // A post's newsletter e-mail, previewed (docs/decisions/0128).
  { method: "GET", path: "/admin/posts/1/newsletter" },
  // A standalone edition's e-mail, previewed (docs/decisions/0131).
  { method: "GET", path: "/admin/leads/newsletter/edicoes/1/previa" },
  { method: "GET", path: "/api/analytics/export?tabela=paginas&periodo=7" },
  { method: "POST", path: "/admin/privacidade/exportar", body: { email: "titular@example.com", format: "json" } },
  // [blog]
  { method: "GET", path: "/api/blog/posts/1" },
  {
    method: "POST",
    path: "/api/blog/posts",
    body: { title: "Título", slug: "titulo", summary: "Resumo do post", content: "x".repeat(60) },
  },
  { method: "PUT", path: "/api/blog/posts/1", body: { published: true } },
  { method: "DELETE", path: "/api/blog/posts/1" },
  { method: "POST", path: "/api/blog/categories", body: { name: "Nova", slug: "nova" } },
  { method: "PUT", path: "/api/blog/categories/1", body: { name: "Nova", slug: "nova" } },
  { method: "DELETE", path: "/api/blog/categories/1" },
  { method: "POST", path: "/api/uploads", body: {} },
  { method: "GET", path: "/api/blog/posts/1/revisions" },
  { method: "GET", path: "/api/blog/posts/1/revisions/1" },
  { method: "POST", path: "/api/blog/posts/1/revisions/1/restore" },
  { method: "POST", path: "/api/blog/posts/1/preview-link" },
  { method: "DELETE", path: "/api/blog/posts/1/preview-link" },
];
