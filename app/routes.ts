/**
 * The route table, mirroring SPEC §2 (pages) and §7 (JSON API). Each area keeps its block.
 */
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { LEAD_FORMS } from "./forms";

export default [
  // ------------------------------------------------------------ public pages (header + footer)
  layout("routes/site-layout.tsx", [
    index("routes/_index.tsx"),
    route("sobre", "routes/sobre.tsx"),
    route("carreiras", "routes/carreiras.tsx"),
    route("formulario", "routes/formulario.tsx"),
    route("agentes", "routes/agentes.tsx"),
    route("produtos", "routes/produtos.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog.$slug.tsx"),
    // A post's private preview link (drafts, scheduled posts, unpublished changes): never cached.
    route("previa/:token", "routes/previa.$token.tsx"),
    // The site search, a GET form that works without JavaScript (docs/decisions/0070).
    route("busca", "routes/busca.tsx"),
    route("checkout/:type/:id", "routes/checkout.$type.$id.tsx"),
    route("payment-success", "routes/payment-success.tsx"),
    route("login", "routes/login.tsx"),
    route("login/verificacao", "routes/login.verificacao.tsx"),
    route("privacidade", "routes/privacidade.tsx"),
    route("termos", "routes/termos.tsx"),
    route("cookies", "routes/cookies.tsx"),
    // Lead forms posted without JavaScript: confirmation, or the form again with its errors. A form
    // whose page needs its own policy (a file's larger body) names its module (docs/decisions/0094).
    route("enviar/:form", "routes/enviar.$form.tsx"),
    ...LEAD_FORMS.flatMap((form) =>
      form.pageModule ? [route(`enviar/${form.slug}`, form.pageModule, { id: `lead-page/${form.name}` })] : [],
    ),
    // Meeting booking (docs/decisions/0080–0084): pick a time, the confirmation, and the
    // visitor's private links from the e-mail (cancel, reschedule), all plain forms.
    route("agendar", "routes/agendar.tsx"),
    route("agendar/reserva/:token", "routes/agendar.reserva.$token.tsx"),
    route("agendar/cancelar/:token", "routes/agendar.cancelar.$token.tsx"),
    route("agendar/remarcar/:token", "routes/agendar.remarcar.$token.tsx"),
    route("*", "routes/$.tsx"),
  ]),
  // A booking's .ics download, and the admin's private calendar feed (token in the address).
  route("agendar/reserva/:token/convite.ics", "routes/agendar.reserva.$token.convite[.]ics.ts"),
  route("agenda/feed/:file", "routes/agenda.feed.$file.ts"),
  route("logout", "routes/logout.ts"),
  // Files for crawlers and security researchers.
  route("robots.txt", "routes/robots[.]txt.ts"),
  route(".well-known/security.txt", "routes/[.]well-known.security[.]txt.ts"),
  // The sitemap, the blog's feed and uploaded images.
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("sitemap/:file", "routes/sitemap.$file.ts"),
  route("blog/rss.xml", "routes/blog.rss[.]xml.ts"),
  route("media/:file", "routes/media.$file.ts"),
  // Posts' social images: JPEG 1200×630, generated from their image (or a branded card).
  route("media/social/:file", "routes/media.social.$file.ts"),
  // The labelled demo checkout (no STRIPE_SECRET_KEY).
  route("checkout/demo/:sessionId", "routes/checkout.demo.$sessionId.tsx"),
  // The pages a newsletter e-mail links to.
  route("descadastrar", "routes/descadastrar.tsx"),
  route("newsletter/confirmar", "routes/newsletter.confirmar.tsx"),
  route("newsletter/temas", "routes/newsletter.temas.tsx"),
  // A newsletter link's redirect: counts a click per edition and link, nothing about who (docs/decisions/0131).
  route("n/c/:edition/:link", "routes/n.c.$edition.$link.ts"),

  // ------------------------------------------------------------ admin (session required)
  route("admin", "routes/admin/layout.tsx", [
    // Every page inside the layout; a page that fails shows its error here, in the layout.
    layout("routes/admin/area.tsx", [
      index("routes/admin/_index.tsx"),
      // One post's status, schedule, preview link and revisions (docs/decisions/0060, 0061).
      route("posts/:id", "routes/admin/posts.$id.tsx"),
      route("posts/:id/revisoes/:revisionId", "routes/admin/posts.$id.revisoes.$revisionId.tsx"),
      route("posts/:id/newsletter", "routes/admin/posts.$id.newsletter.ts"),
      // The newsletter's editions, and the standalone ones, beside its subscribers (docs/decisions/0131).
      route("leads/newsletter/edicoes", "routes/admin/leads.newsletter.edicoes.tsx"),
      route("leads/newsletter/edicoes/:id", "routes/admin/leads.newsletter.edicoes.$id.tsx"),
      route("leads/newsletter/edicoes/:id/previa", "routes/admin/leads.newsletter.edicoes.$id.previa.ts"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      // Traffic and conversion (docs/decisions/0040–0043).
      route("analises", "routes/admin/analises.tsx"),
      route("business-optimizations", "routes/admin/business-optimizations.tsx"),
      // The inbox of every sales lead (docs/decisions/0045), one page per lead (docs/decisions/0129:
      // the older record address of a contact, consultation or application redirects to it), and
      // the lists of each lead type.
      route("leads", "routes/admin/leads.tsx"),
      // Submissions suspected as spam, apart from the leads (docs/decisions/0090).
      route("leads/spam", "routes/admin/leads.spam.tsx"),
      // The deals board: a column per sales stage, totals and probabilities (docs/decisions/0143).
      route("leads/negocios", "routes/admin/leads.negocios.tsx"),
      route("leads/funil/:type/:id", "routes/admin/leads.funil.$type.$id.tsx"),
      // Leads to a spreadsheet and back, with a dry run (docs/decisions/0148).
      route("leads/importar", "routes/admin/leads.importar.tsx"),
      route("leads/importar/exportar", "routes/admin/leads.importar.exportar.ts"),
      route("leads/:type", "routes/admin/leads.$type.tsx"),
      route("leads/:type/:id", "routes/admin/leads.$type.$id.tsx"),
      // An application's CV, downloaded as an attachment (docs/decisions/0093).
      route("leads/candidaturas/:id/curriculo", "routes/admin/leads.candidaturas.$id.curriculo.ts"),
      // Orders and subscriptions.
      route("pedidos", "routes/admin/pedidos.tsx"),
      // Chat conversations.
      route("conversas", "routes/admin/conversas.tsx"),
      route("conversas/:id", "routes/admin/conversas.$id.tsx"),
      // Booked meetings: availability, upcoming meetings, one meeting (docs/decisions/0080–0084).
      route("agenda", "routes/admin/agenda.tsx"),
      route("agenda/:id", "routes/admin/agenda.$id.tsx"),
      // Data-subject requests and the audit log.
      route("privacidade", "routes/admin/privacidade.tsx"),
      route("privacidade/exportar", "routes/admin/privacidade.exportar.ts"),
      route("auditoria", "routes/admin/auditoria.tsx"),
      // The admin's sessions, two-factor login and remembered devices.
      route("seguranca", "routes/admin/seguranca.tsx"),
      route("*", "routes/admin/$.tsx"),
    ]),
  ]),

  // ------------------------------------------------------------ JSON API (SPEC §7)
  // Lead forms: each form's JSON endpoint is declared by its definition (app/forms/*/definition.ts:
  // /api/contact, /api/newsletter, /api/careers/application, /api/business-optimization and
  // /api/consultations, whose module also lists the requests for the admin; docs/decisions/0071).
  ...LEAD_FORMS.flatMap((form) =>
    form.api ? [route(form.api.path.slice(1), form.api.module ?? "routes/api/lead-form.ts", { id: `lead-form/${form.name}` })] : [],
  ),
  // The admin's lead lists and exports.
  route("api/business-optimizations", "routes/api/business-optimizations.ts"),
  route("api/consultations/:id", "routes/api/consultations.$id.ts"),
  route("api/contacts", "routes/api/contacts.ts"),
  route("api/leads/:type/export", "routes/api/leads.$type.export.ts"),
  route("api/funil/export", "routes/api/funil.export.ts"),
  // The lead forms' proof-of-work challenge (docs/decisions/0090).
  route("api/challenge", "routes/api/challenge.ts"),
  // The blog: public reads, admin writes, revisions, preview links, uploads.
  route("api/blog/categories", "routes/api/blog.categories.ts"),
  route("api/blog/categories/:id", "routes/api/blog.categories.$id.ts"),
  route("api/blog/posts", "routes/api/blog.posts.ts"),
  route("api/blog/posts/slug/:slug", "routes/api/blog.posts.slug.$slug.ts"),
  route("api/blog/posts/:id", "routes/api/blog.posts.$id.ts"),
  route("api/blog/posts/:id/revisions", "routes/api/blog.posts.$id.revisions.ts"),
  route("api/blog/posts/:id/revisions/:revisionId", "routes/api/blog.posts.$id.revisions.$revisionId.ts"),
  route("api/blog/posts/:id/revisions/:revisionId/restore", "routes/api/blog.posts.$id.revisions.$revisionId.restore.ts"),
  route("api/blog/posts/:id/preview-link", "routes/api/blog.posts.$id.preview-link.ts"),
  route("api/uploads", "routes/api/uploads.ts"),
  // /busca's JSON twin (docs/decisions/0070).
  route("api/search", "routes/api/search.ts"),
  // Payments: checkout sessions, subscriptions, Stripe's webhook.
  route("api/checkout-session", "routes/api/checkout-session.ts"),
  route("api/checkout-session/:sessionId", "routes/api/checkout-session.$sessionId.ts"),
  route("api/subscription", "routes/api/subscription.ts"),
  route("api/stripe/webhook", "routes/api/stripe.webhook.ts"),
  // The chat widget, proxied to the assistant service.
  route("api/chat/session", "routes/api/chat.session.ts"),
  route("api/chat/contact", "routes/api/chat.contact.ts"),
  route("api/chat", "routes/api/chat.ts"),
  // Meeting booking (docs/decisions/0080–0084): free times and the booking itself.
  route("api/booking/slots", "routes/api/booking.slots.ts"),
  route("api/booking", "routes/api/booking.ts"),
  // The pages' analytics beacons (docs/decisions/0056).
  route("api/analytics", "routes/api/analytics.ts"),
  route("api/analytics/pixel", "routes/api/analytics.pixel.ts"),
  route("api/analytics/export", "routes/api/analytics.export.ts"),
  route("api/*", "routes/api/$.ts"),
] satisfies RouteConfig;
