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

  // ------------------------------------------------------------ admin (session required)
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/blog.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("business-optimizations", "routes/admin/business-optimizations.tsx"),
  ]),

  // ------------------------------------------------------------ JSON API (SPEC §7)
  route("api/*", "routes/api/not-found.ts"),
] satisfies RouteConfig;
