/**
 * The route table, mirroring SPEC §2 (pages) and §7 (JSON API). Each area keeps its block.
 */
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // ------------------------------------------------------------ public pages (header + footer)
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("sobre", "routes/sobre.tsx"),
    route("carreiras", "routes/carreiras.tsx"),
    route("formulario", "routes/formulario.tsx"),
    route("agentes", "routes/agentes.tsx"),
    route("produtos", "routes/produtos.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog-post.tsx"),
    // A post's private preview link (drafts, scheduled posts, unpublished changes): never cached.
    route("previa/:token", "routes/blog-preview.tsx"),
    // The site search, a GET form that works without JavaScript (docs/decisions/0070).
    route("busca", "routes/busca.tsx"),
    route("checkout/:type/:id", "routes/checkout.tsx"),
    route("payment-success", "routes/payment-success.tsx"),
    route("login", "routes/login.tsx"),
    route("login/verificacao", "routes/login-verificacao.tsx"),
    route("privacidade", "routes/privacidade.tsx"),
    route("termos", "routes/termos.tsx"),
    route("cookies", "routes/cookies.tsx"),
    // Lead forms posted without JavaScript: confirmation, or the form again with its errors.
    route("enviar/:form", "routes/enviar.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("logout", "routes/logout.ts"),
  // [marketing] robots.txt and other public non-page routes go here
  route("robots.txt", "routes/robots[.]txt.ts"),
  route(".well-known/security.txt", "routes/security[.]txt.ts"),
  // [blog] sitemap.xml, blog/rss.xml, image routes go here
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("blog/rss.xml", "routes/blog.rss[.]xml.ts"),
  route("media/:file", "routes/media.ts"),
  // Posts' social images: JPEG 1200×630, generated from their image (or a branded card).
  route("media/social/:file", "routes/media-social.ts"),
  // [payments] demo checkout page and return routes go here
  route("checkout/demo/:sessionId", "routes/checkout-demo.tsx"),
  // [leads] unsubscribe page goes here
  route("descadastrar", "routes/descadastrar.tsx"),
  route("newsletter/confirmar", "routes/newsletter-confirmar.tsx"),

  // ------------------------------------------------------------ admin (session required)
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/blog.tsx"),
    // [blog] one post's status, schedule, preview link and revisions
    route("posts/:id", "routes/admin/post-publishing.tsx"),
    route("posts/:id/revisoes/:revisionId", "routes/admin/post-revision.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    // [analytics] traffic and conversion (issue 18)
    route("analises", "routes/admin/analises.tsx"),
    route("business-optimizations", "routes/admin/business-optimizations.tsx"),
    // [leads] contacts, consultations, applications, newsletter pages
    // [pipeline] the inbox of every sales lead, and one lead's stage, follow-up and notes
    route("leads", "routes/admin/funil.tsx"),
    route("leads/funil/:type/:id", "routes/admin/funil-lead.tsx"),
    route("leads/:type", "routes/admin/leads.tsx"),
    route("leads/:type/:id", "routes/admin/lead-detail.tsx"),
    // [payments] orders page
    route("pedidos", "routes/admin/orders.tsx"),
    // [chat] conversations pages
    route("conversas", "routes/admin/conversas.tsx"),
    route("conversas/:id", "routes/admin/conversas.$id.tsx"),
    // [privacy] data-subject requests, audit log pages
    route("privacidade", "routes/admin/privacidade.tsx"),
    route("privacidade/exportar", "routes/admin/privacidade-exportar.ts"),
    route("auditoria", "routes/admin/auditoria.tsx"),
    // [security] sessions, two-factor login, remembered devices
    route("seguranca", "routes/admin/seguranca.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),

  // ------------------------------------------------------------ JSON API (SPEC §7)
  // [leads] /api/contact, /api/careers/application, /api/business-optimization, /api/consultations, /api/contacts, ...
  route("api/contact", "routes/api/contact.ts"),
  route("api/newsletter", "routes/api/newsletter.ts"),
  route("api/careers/application", "routes/api/careers-application.ts"),
  route("api/business-optimization", "routes/api/business-optimization.ts"),
  route("api/business-optimizations", "routes/api/business-optimizations.ts"),
  route("api/consultations", "routes/api/consultations.ts"),
  route("api/consultations/:id", "routes/api/consultations.$id.ts"),
  route("api/contacts", "routes/api/contacts.ts"),
  route("api/leads/:type/export", "routes/api/leads-export.ts"),
  route("api/funil/export", "routes/api/funil-export.ts"),
  // [blog] /api/blog/...
  route("api/blog/categories", "routes/api/blog-categories.ts"),
  route("api/blog/categories/:id", "routes/api/blog-category.ts"),
  route("api/blog/posts", "routes/api/blog-posts.ts"),
  route("api/blog/posts/slug/:slug", "routes/api/blog-post-by-slug.ts"),
  route("api/blog/posts/:id", "routes/api/blog-post.ts"),
  route("api/blog/posts/:id/revisions", "routes/api/blog-post-revisions.ts"),
  route("api/blog/posts/:id/revisions/:revisionId", "routes/api/blog-post-revision.ts"),
  route("api/blog/posts/:id/revisions/:revisionId/restore", "routes/api/blog-post-revision-restore.ts"),
  route("api/blog/posts/:id/preview-link", "routes/api/blog-post-preview-link.ts"),
  route("api/uploads", "routes/api/uploads.ts"),
  // [search] /busca's JSON twin
  route("api/search", "routes/api/search.ts"),
  // [payments] /api/checkout-session, /api/subscription, /api/stripe/webhook
  route("api/checkout-session", "routes/api/checkout-session.ts"),
  route("api/checkout-session/:sessionId", "routes/api/checkout-status.ts"),
  route("api/subscription", "routes/api/subscription.ts"),
  route("api/stripe/webhook", "routes/api/stripe-webhook.ts"),
  // [chat] /api/chat/session, /api/chat
  route("api/chat/session", "routes/api/chat-session.ts"),
  route("api/chat/contact", "routes/api/chat-contact.ts"),
  route("api/chat", "routes/api/chat.ts"),
  // [analytics] the pages' beacons (issue 18)
  route("api/analytics", "routes/api/analytics.ts"),
  route("api/analytics/pixel", "routes/api/analytics-pixel.ts"),
  route("api/analytics/export", "routes/api/analytics-export.ts"),
  route("api/*", "routes/api/not-found.ts"),
] satisfies RouteConfig;
