/**
 * The automatic reply to a lead (docs/decisions/0091): every genuine lead gets an e-mail that
 * says it arrived, what happens next and when (SPEC §9 reply promises), and how to reach the
 * consultancy. pt-BR, HTML with its plain-text twin, queued in the outbox in the lead's own
 * transaction (the visitor's answer never waits for SMTP).
 *
 * At most one per address per hour across every form, enforced by the database (one row per
 * address in auto_replies, taken with an upsert), so several instances agree and no one can use
 * the forms to mail-bomb a third party. The address is compared whole and in lower case, and
 * stored only as a keyed hash. Suspected spam never gets here (app/domain/spam/).
 *
 * Nothing the visitor typed is echoed beyond a plain first name and a position from the careers
 * list: the reply cannot carry someone else's text to someone else's inbox.
 *
 * Any lead type calls `queueAutoReply` with its template; `queueLeadAutoReply` maps the lead
 * forms' input to theirs.
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { JOBS } from "~/components/marketing/carreiras/content";
import { env } from "~/config.server";
import type { Executor } from "~/db/client.server";
import { rowsOf } from "~/db/driver.server";
import { spamKey } from "~/domain/spam/keys.server";
import { enqueueEmail } from "~/infra/outbox.server";
import { formatPhone, SITE_NAME, whatsappLink } from "~/lib/site";

/** One reply per address in this window, whatever the form. */
export const AUTO_REPLY_WINDOW_SECONDS = 60 * 60;

/** SPEC §9: messaging availability and reply time. */
const WHATSAPP_PROMISE = "Respondemos em até 30 minutos no WhatsApp, de segunda a sexta, das 9h às 18h.";

export interface AutoReplyTemplate {
  /** Outbox kind, e.g. 'auto-reply.contact'. */
  kind: string;
  subject: string;
  /** The first paragraph: what arrived. */
  received: string;
  /** What happens next and when, one paragraph each. */
  next: string[];
  /** Optional line under the next steps (e.g. the careers' CV by e-mail). */
  note?: string;
}

export interface AutoReplyInput {
  email: string;
  /** The visitor's name as typed; only a plain first name is used. */
  name?: string | null;
  template: AutoReplyTemplate;
}

const jobTitles = new Set(JOBS.map((job) => job.title));

/** The templates of the lead forms; a booking (or any new lead type) brings its own. */
export const AUTO_REPLY_TEMPLATES = {
  contact: {
    kind: "auto-reply.contact",
    subject: `Recebemos sua mensagem | ${SITE_NAME}`,
    received: "Obrigado por entrar em contato! Sua mensagem chegou à nossa equipe.",
    next: ["Um especialista vai ler o que você escreveu e responder em até 24 horas, pelo e-mail ou telefone que você informou."],
  },
  consultation: {
    kind: "auto-reply.consultation",
    subject: `Recebemos sua solicitação de consultoria | ${SITE_NAME}`,
    received: "Obrigado pelo interesse! Sua solicitação de consultoria exclusiva chegou à nossa equipe.",
    next: [
      "Um especialista vai entrar em contato em até 24 horas para entender o momento da sua empresa e combinar a consultoria.",
      "A conversa é gratuita e sem compromisso.",
    ],
  },
  questionnaire: {
    kind: "auto-reply.questionnaire",
    subject: `Recebemos seu formulário de otimização | ${SITE_NAME}`,
    received: "Obrigado por responder ao Formulário de Otimização de Negócios! Suas respostas chegaram à nossa equipe.",
    next: ["Vamos analisar cada resposta e enviar uma proposta personalizada em até 48 horas."],
  },
  chat: {
    kind: "auto-reply.chat",
    subject: `Recebemos seu contato pelo chat | ${SITE_NAME}`,
    received: "Obrigado por iniciar uma consultoria gratuita pelo nosso chat! Seus dados de contato chegaram à nossa equipe.",
    next: ["Um especialista vai continuar a conversa e responder em até 24 horas, pelo e-mail que você informou."],
  },
} satisfies Record<string, AutoReplyTemplate>;

export function careersTemplate(position: string | null | undefined): AutoReplyTemplate {
  const job = position && jobTitles.has(position) ? ` para a vaga de ${position}` : "";
  return {
    kind: "auto-reply.careers",
    subject: `Recebemos sua candidatura | ${SITE_NAME}`,
    received: `Obrigado pelo interesse em trabalhar com a gente! Recebemos sua candidatura${job}.`,
    next: [
      "Nossa equipe vai avaliar sua experiência e sua motivação com cuidado. Se o seu perfil seguir no processo, entraremos em contato pelo e-mail ou telefone informados para marcar uma conversa.",
    ],
    note: `Se ainda não enviou seu currículo, mande para ${env.CONTACT_EMAIL} (PDF, DOC ou DOCX, até 5 MB), com a vaga no assunto.`,
  };
}

/** "Ana" from "ana maria souza"; null for anything that is not a plain name (links, addresses, numbers). */
export function firstName(name: string | null | undefined): string | null {
  const word = name?.trim().split(/\s+/)[0] ?? "";
  if (!/^[\p{L}][\p{L}'-]{0,39}$/u.test(word)) return null;
  return word.charAt(0).toLocaleUpperCase("pt-BR") + word.slice(1);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The reply's plain text and HTML (table layout and inline styles: what e-mail clients read). */
export function renderAutoReply(input: { name?: string | null; template: AutoReplyTemplate }): RenderedEmail {
  const { template } = input;
  const first = firstName(input.name);
  const greeting = first ? `Olá, ${first}!` : "Olá!";
  const phone = formatPhone(env.CONTACT_WHATSAPP);
  const whatsapp = whatsappLink(env.CONTACT_WHATSAPP);
  const site = env.SITE_URL;
  const footer = `Você recebeu este e-mail porque este endereço foi informado em um formulário do site da ${SITE_NAME}. Se não foi você, pode ignorar esta mensagem.`;

  const text = [
    greeting,
    "",
    template.received,
    "",
    "O que acontece agora",
    ...template.next.map((p) => `- ${p}`),
    ...(template.note ? ["", template.note] : []),
    "",
    "Quer falar antes disso?",
    `- E-mail: ${env.CONTACT_EMAIL}`,
    `- WhatsApp: ${phone} (${whatsapp})`,
    `  ${WHATSAPP_PROMISE}`,
    "",
    `Equipe ${SITE_NAME}`,
    site,
    "",
    "--",
    "Este é um e-mail automático; responder a ele não chega à equipe. Escreva para o e-mail acima.",
    footer,
  ].join("\n");

  const p = (content: string, style = "") =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#0b1b3f;${style}">${content}</p>`;
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(template.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5fb;font-family:Inter,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;-webkit-text-size-adjust:100%;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(template.received)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5fb;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #dbe3f0;border-radius:16px;overflow:hidden;">
<tr><td style="background:#0b1b3f;padding:20px 28px;">
<span style="font-family:Manrope,Inter,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:22px;font-weight:800;color:#ffffff;letter-spacing:-0.01em;">${SITE_NAME}</span>
<span style="display:block;margin-top:2px;font-size:13px;color:#cffafe;">Inteligência artificial para empresas</span>
</td></tr>
<tr><td style="padding:28px 28px 8px;">
<h1 style="margin:0 0 16px;font-family:Manrope,Inter,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:24px;line-height:1.3;color:#0b1b3f;">${escapeHtml(greeting)}</h1>
${p(escapeHtml(template.received))}
</td></tr>
<tr><td style="padding:0 28px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#e8eefb;border-radius:12px;">
<tr><td style="padding:20px 20px 4px;">
<h2 style="margin:0 0 12px;font-size:13px;font-weight:700;letter-spacing:0.06em;text-transform:uppercase;color:#1d4ed8;">O que acontece agora</h2>
${template.next.map((line) => p(escapeHtml(line))).join("\n")}
</td></tr>
</table>
</td></tr>
${template.note ? `<tr><td style="padding:16px 28px 0;">${p(escapeHtml(template.note), "font-size:15px;color:#4a5878;")}</td></tr>` : ""}
<tr><td style="padding:16px 28px 8px;">
<h2 style="margin:0 0 12px;font-size:18px;color:#0b1b3f;">Quer falar antes disso?</h2>
<div>
<a href="${escapeHtml(whatsapp)}" style="display:inline-block;margin:0 8px 8px 0;background:#047857;color:#ffffff;text-decoration:none;font-weight:700;font-size:15px;padding:12px 18px;border-radius:10px;white-space:nowrap;">WhatsApp ${escapeHtml(phone)}</a>
<a href="mailto:${escapeHtml(env.CONTACT_EMAIL)}" style="display:inline-block;margin:0 0 8px;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:700;font-size:15px;padding:12px 18px;border-radius:10px;white-space:nowrap;">${escapeHtml(env.CONTACT_EMAIL)}</a>
</div>
${p(escapeHtml(WHATSAPP_PROMISE), "font-size:14px;color:#4a5878;margin-top:4px;")}
</td></tr>
<tr><td style="padding:8px 28px 24px;">
${p(`Equipe ${SITE_NAME}${site ? `<br><a href="${escapeHtml(site)}" style="color:#1d4ed8;">${escapeHtml(site.replace(/^https?:\/\//, ""))}</a>` : ""}`, "margin:0;")}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;">
<tr><td style="padding:16px 12px;font-size:12px;line-height:1.5;color:#4a5878;text-align:center;">
Este é um e-mail automático; responder a ele não chega à equipe. Escreva para ${escapeHtml(env.CONTACT_EMAIL)}.<br>${escapeHtml(footer)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject: template.subject, text, html };
}

/** Lower case, trimmed: one address is one address whatever its case. */
const normalized = (email: string) => email.trim().toLowerCase();

/**
 * Queues the reply unless this address got one within the hour (the upsert updates the row only
 * when its last reply is older, and PostgreSQL makes a concurrent second wait for the first).
 * Returns whether it was queued. Call it inside the lead's transaction.
 */
export async function queueAutoReply(tx: Executor, input: AutoReplyInput): Promise<boolean> {
  const address = normalized(input.email);
  if (!address.includes("@")) return false;
  const hash = createHmac("sha256", await spamKey("auto-reply-address", tx))
    .update(address)
    .digest("base64url");
  const taken = rowsOf(
    await tx.execute(sql`
      insert into auto_replies (address_hash, sent_at) values (${hash}, now())
      on conflict (address_hash) do update set sent_at = now()
        where auto_replies.sent_at <= now() - make_interval(secs => ${AUTO_REPLY_WINDOW_SECONDS})
      returning address_hash`),
  );
  if (!taken.length) return false;
  const mail = renderAutoReply(input);
  await enqueueEmail(tx, {
    kind: input.template.kind,
    recipient: input.email.trim(),
    subject: mail.subject,
    body: mail.text,
    html: mail.html,
  });
  return true;
}

/** The reply of a lead form's submission (none for the newsletter: its confirmation e-mail is the reply). */
export function leadAutoReply(form: string, data: Record<string, unknown>): AutoReplyInput | null {
  const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : null);
  const email = text("email");
  if (!email) return null;
  switch (form) {
    case "contact":
    case "consultation":
      return { email, name: text("name"), template: AUTO_REPLY_TEMPLATES[form] };
    case "careers":
      return { email, name: text("name"), template: careersTemplate(text("position")) };
    case "questionnaire":
      return { email, name: text("contactName"), template: AUTO_REPLY_TEMPLATES.questionnaire };
    case "chat":
      return { email, template: AUTO_REPLY_TEMPLATES.chat };
    default:
      return null;
  }
}

export async function queueLeadAutoReply(tx: Executor, form: string, data: unknown): Promise<boolean> {
  const reply = data && typeof data === "object" ? leadAutoReply(form, data as Record<string, unknown>) : null;
  return reply ? queueAutoReply(tx, reply) : false;
}
