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
    route("checkout/:type/:id", "routes/checkout.tsx"),
    route("payment-success", "routes/payment-success.tsx"),
    route("login", "routes/login.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("logout", "routes/logout.ts"),
  // [marketing] robots.txt and other public non-page routes go here
  // [blog] sitemap.xml, blog/rss.xml, image routes go here
  // [payments] demo checkout page and return routes go here
  // [leads] unsubscribe page goes here

  // ------------------------------------------------------------ admin (session required)
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/blog.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("business-optimizations", "routes/admin/business-optimizations.tsx"),
    // [leads] contacts, consultations, applications, newsletter pages
    // [payments] orders page
    // [chat] conversations pages
    // [privacy] data-subject requests, audit log pages
  ]),

  // ------------------------------------------------------------ JSON API (SPEC §7)
  // [leads] /api/contact, /api/careers/application, /api/business-optimization, /api/consultations, /api/contacts, ...
  // [blog] /api/blog/...
  // [payments] /api/checkout-session, /api/subscription, /api/stripe/webhook
  // [chat] /api/chat/session, /api/chat
  route("api/*", "routes/api/not-found.ts"),
] satisfies RouteConfig;
