/**
 * The booking's e-mails, queued through the outbox in the transaction that changes the booking:
 * the visitor's confirmation and the team's notice (both with the .ics invitation), a reschedule
 * (same UID, higher SEQUENCE), a cancellation (METHOD:CANCEL) and the reminders 24 h and 1 h
 * before. Plain text is the source; the HTML alternative says the same with the same links. Each
 * e-mail to the visitor carries a private link of its own, minted in its transaction (only hashes
 * are stored, so no e-mail can repeat another's; docs/decisions/0109).
 */
import { env } from "~/config.server";
import type { Executor } from "~/db/client.server";
import { oneLine } from "~/domain/leads/capture.server";
import { enqueueEmail, type MailAttachment } from "~/infra/outbox.server";
import { BOOKING_PATH, readAnswers, formatSlot, formatTime, googleCalendarUrl, placeText, reminderReplyText } from "~/lib/booking";
import { SITE_NAME, whatsappLink } from "~/lib/site";
import { escapeXml } from "~/lib/xml";
import { bookingIcs, type CalendarBooking, ICS_CONTENT_TYPE, type InvitationMethod, meetingTitle } from "./calendar.server";
import { bookingLinks, issueBookingLink } from "./links.server";

export interface MailBooking extends CalendarBooking {
  id: number;
  phone: string;
  answers?: unknown;
}

const adminLink = (id: number) => `${env.SITE_URL}/admin/agenda/${id}`;

function invitation(b: CalendarBooking, method: InvitationMethod): MailAttachment {
  return {
    filename: method === "CANCEL" ? "cancelamento.ics" : "convite.ics",
    contentType: `${ICS_CONTENT_TYPE}; method=${method}`,
    content: bookingIcs(b, method),
  };
}

const when = (b: CalendarBooking) => `${formatSlot(b.startsAt)} (horário de Brasília), até ${formatTime(b.endsAt)}`;

interface Block {
  heading: string;
  paragraphs: string[];
  facts: Array<[string, string]>;
  links: Array<[string, string]>;
  note?: string;
}

function text(block: Block): string {
  return [
    block.heading,
    "",
    ...block.paragraphs.flatMap((p) => [p, ""]),
    ...block.facts.map(([k, v]) => `${k}: ${v}`),
    ...(block.note ? ["", `Mensagem da equipe: ${block.note}`] : []),
    "",
    ...block.links.map(([label, url]) => `${label}: ${url}`),
    "",
    `${SITE_NAME} · ${env.CONTACT_EMAIL}`,
  ].join("\n");
}

/** A small HTML e-mail: one column, inline styles (mail clients drop stylesheets), real links. */
function html(block: Block): string {
  const e = escapeXml;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(block.heading)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;border:1px solid #e5e7eb">
<p style="margin:0 0 12px;font-weight:bold;color:#1d4ed8">${e(SITE_NAME)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${e(block.heading)}</h1>
${block.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${e(p)}</p>`).join("\n")}
<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0 16px">${block.facts
    .map(
      ([k, v]) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 8px 6px 0;color:#6b7280;font-weight:normal;white-space:nowrap">${e(k)}</th><td style="padding:6px 0;overflow-wrap:anywhere">${e(v)}</td></tr>`,
    )
    .join("")}</table>
${block.note ? `<p style="margin:0 0 16px;padding:12px;background:#eff6ff;border-radius:8px;line-height:1.5"><strong>Mensagem da equipe:</strong> ${e(block.note)}</p>` : ""}
<p style="margin:0 0 8px;line-height:2">${block.links
    .map(
      ([label, url]) =>
        `<a href="${e(url)}" style="display:inline-block;margin:0 12px 8px 0;color:#1d4ed8;font-weight:bold">${e(label)}</a>`,
    )
    .join("")}</p>
<p style="margin:16px 0 0;font-size:13px;color:#6b7280">${e(SITE_NAME)} · ${e(env.CONTACT_EMAIL)}</p>
</div></body></html>`;
}

function facts(b: MailBooking, forTeam: boolean): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ["Quando", when(b)],
    ["Onde", placeText(b.placeKind, b.placeDetail)],
  ];
  if (forTeam) rows.push(["Nome", b.name], ["Empresa", b.company], ["E-mail", b.email], ["Telefone", b.phone]);
  if (b.message) rows.push(["Assunto", b.message]);
  for (const a of readAnswers(b.answers)) rows.push([a.question, a.answer]);
  return rows;
}

/** The visitor's links, behind a token minted for this e-mail. */
async function visitorLinks(executor: Executor, b: MailBooking): Promise<Array<[string, string]>> {
  const links = bookingLinks(await issueBookingLink(executor, b.id));
  return [
    ["Adicionar ao calendário", links.ics],
    [
      "Google Agenda",
      googleCalendarUrl({ title: meetingTitle(b), start: b.startsAt, end: b.endsAt, details: placeText(b.placeKind, b.placeDetail) }),
    ],
    ["Remarcar", links.reschedule],
    ["Cancelar reunião", links.cancel],
  ];
}

async function send(
  executor: Executor,
  kind: string,
  recipient: string | undefined,
  subject: string,
  block: Block,
  attachment?: MailAttachment,
) {
  await enqueueEmail(executor, {
    kind,
    recipient,
    subject: oneLine(subject),
    body: text(block),
    html: html(block),
    attachments: attachment ? [attachment] : undefined,
  });
}

/**
 * A short-notice booking waiting for the admin (docs/decisions/0145): the visitor is told it is
 * held and not yet confirmed (no invitation yet); the team is asked to confirm it.
 */
export async function queuePending(executor: Executor, b: MailBooking): Promise<void> {
  await queuePendingToVisitor(executor, b);
  await send(executor, "booking.notice", undefined, `Confirme a reunião: ${b.name} (${b.company}), ${formatSlot(b.startsAt)}`, {
    heading: "Reunião aguardando sua confirmação",
    paragraphs: [
      "Um visitante pediu um horário próximo. Confirme-o (ou cancele-o) no painel: o visitante só recebe o convite depois disso.",
    ],
    facts: facts(b, true),
    links: [["Confirmar no painel", adminLink(b.id)]],
  });
}

/**
 * A visitor's reschedule that leaves the meeting waiting for the admin (still pending, or moved
 * into the short-notice window): the visitor gets the new booking's words, with no invitation
 * (the one they may hold keeps the old time until the team confirms or cancels, and both send
 * one); the team is asked to confirm, with the invitation that moves its own event.
 */
export async function queuePendingReschedule(executor: Executor, b: MailBooking): Promise<void> {
  await queuePendingToVisitor(executor, b);
  await send(
    executor,
    "booking.notice",
    undefined,
    `Confirme a reunião remarcada: ${b.name} (${b.company}), ${formatSlot(b.startsAt)}`,
    {
      heading: "Reunião remarcada aguardando sua confirmação",
      paragraphs: [
        "O visitante remarcou a reunião para um horário próximo. Confirme-o (ou cancele-o) no painel: o visitante só recebe o convite depois disso. O convite anexo atualiza o evento.",
      ],
      facts: facts(b, true),
      links: [["Confirmar no painel", adminLink(b.id)]],
    },
    invitation(b, "REQUEST"),
  );
}

/**
 * The team moved a meeting that still waits for its confirmation (docs/decisions/0151): the
 * visitor is told the new time, still with no invitation (the confirmation brings it); the team's
 * own event moves as after any of its moves.
 */
export async function queueTeamMovedPending(executor: Executor, b: MailBooking, note: string | null): Promise<void> {
  await send(executor, "booking.rescheduled", b.email, `Pedido de reunião remarcado: ${formatSlot(b.startsAt)}`, {
    heading: "Mudamos o horário do seu pedido de reunião",
    paragraphs: [
      `Olá, ${b.name}! Precisamos mudar o horário do seu pedido de reunião. O novo horário abaixo está reservado para você.`,
      "Você receberá outro e-mail, com o convite para o seu calendário, assim que a reunião for confirmada.",
    ],
    facts: facts(b, false),
    note: note ?? undefined,
    links: await visitorLinks(executor, b),
  });
  await queueTeamNotice(
    executor,
    b,
    "Reunião remarcada",
    "Reunião remarcada pela equipe",
    "Ainda aguarda sua confirmação. O convite anexo atualiza o evento.",
    "REQUEST",
  );
}

async function queuePendingToVisitor(executor: Executor, b: MailBooking): Promise<void> {
  await send(executor, "booking.pending", b.email, `Pedido de reunião recebido: ${formatSlot(b.startsAt)}`, {
    heading: "Recebemos seu pedido de reunião",
    paragraphs: [
      `Olá, ${b.name}! O horário abaixo está reservado para você.`,
      "Como ele é próximo, a equipe confirma a reunião: você receberá outro e-mail, com o convite para o seu calendário, assim que ela for confirmada.",
    ],
    facts: facts(b, false),
    links: (await visitorLinks(executor, b)).filter(([label]) => label !== "Google Agenda" && label !== "Adicionar ao calendário"),
  });
}

/** Visitor's confirmation + the team's notice, both with the invitation (the notice not when the team itself confirmed it). */
export async function queueConfirmation(executor: Executor, b: MailBooking, options: { teamNotice?: boolean } = {}): Promise<void> {
  await send(
    executor,
    "booking.confirmation",
    b.email,
    `Reunião confirmada: ${formatSlot(b.startsAt)}`,
    {
      heading: "Sua reunião está confirmada",
      paragraphs: [
        `Olá, ${b.name}! Obrigado por agendar a sua consultoria gratuita com a ${SITE_NAME}.`,
        "O convite para o seu calendário vai anexo.",
      ],
      facts: facts(b, false),
      links: await visitorLinks(executor, b),
    },
    invitation(b, "REQUEST"),
  );
  if (options.teamNotice === false) return;
  await queueTeamNotice(
    executor,
    b,
    "Nova reunião agendada",
    "Nova reunião agendada pelo site",
    "Um visitante agendou uma consultoria gratuita. O convite vai anexo.",
    "REQUEST",
  );
}

export async function queueRescheduled(executor: Executor, b: MailBooking, note: string | null, by: "visitor" | "admin"): Promise<void> {
  await send(
    executor,
    "booking.rescheduled",
    b.email,
    `Reunião remarcada: ${formatSlot(b.startsAt)}`,
    {
      heading: "Sua reunião foi remarcada",
      paragraphs: [
        by === "admin" ? `Olá, ${b.name}! Precisamos mudar o horário da nossa reunião.` : `Olá, ${b.name}! Sua reunião foi remarcada.`,
        "O convite anexo atualiza o evento no seu calendário.",
      ],
      facts: facts(b, false),
      note: note ?? undefined,
      links: await visitorLinks(executor, b),
    },
    invitation(b, "REQUEST"),
  );
  const heading = by === "admin" ? "Reunião remarcada pela equipe" : "O visitante remarcou a reunião";
  await queueTeamNotice(executor, b, "Reunião remarcada", heading, "O convite anexo atualiza o evento.", "REQUEST");
}

export async function queueCancelled(executor: Executor, b: MailBooking, note: string | null, by: "visitor" | "admin"): Promise<void> {
  await send(
    executor,
    "booking.cancelled",
    b.email,
    `Reunião cancelada: ${formatSlot(b.startsAt)}`,
    {
      heading: "Sua reunião foi cancelada",
      paragraphs: [
        by === "admin"
          ? `Olá, ${b.name}. Precisamos cancelar a nossa reunião.`
          : `Olá, ${b.name}. Confirmamos o cancelamento da sua reunião.`,
        "Quando quiser, escolha outro horário.",
      ],
      facts: [["Era", when(b)]],
      note: note ?? undefined,
      links: [["Agendar outro horário", `${env.SITE_URL}${BOOKING_PATH}`]],
    },
    invitation(b, "CANCEL"),
  );
  const heading = by === "admin" ? "Reunião cancelada pela equipe" : "O visitante cancelou a reunião";
  await queueTeamNotice(executor, b, "Reunião cancelada", heading, "O horário está livre de novo.", "CANCEL");
}

/** The consultancy's notice of a booking, a reschedule or a cancellation, with the invitation attached. */
async function queueTeamNotice(
  executor: Executor,
  b: MailBooking,
  what: string,
  heading: string,
  paragraph: string,
  method: InvitationMethod,
): Promise<void> {
  await send(
    executor,
    "booking.notice",
    undefined,
    `${what}: ${b.name} (${b.company}), ${formatSlot(b.startsAt)}`,
    { heading, paragraphs: [paragraph], facts: facts(b, true), links: [["Ver no painel", adminLink(b.id)]] },
    invitation(b, method),
  );
}

export type ReminderKind = "day" | "hour";

export async function queueReminder(executor: Executor, b: MailBooking, kind: ReminderKind): Promise<void> {
  const lead = kind === "day" ? "amanhã" : "em uma hora";
  await send(executor, `booking.reminder.${kind}`, b.email, `Lembrete: sua reunião é ${lead}, ${formatTime(b.startsAt)} (Brasília)`, {
    heading: `Lembrete: sua reunião é ${lead}`,
    paragraphs: [`Olá, ${b.name}! Até já.`, "Algum imprevisto? Fale com a gente pelo WhatsApp."],
    facts: facts(b, false),
    // The channel clients read: a chat with the team, the meeting already named (docs/decisions/0145).
    links: [
      ["Falar pelo WhatsApp", whatsappLink(env.CONTACT_WHATSAPP, reminderReplyText(b.startsAt))],
      ...(await visitorLinks(executor, b)).filter(([label]) => label !== "Google Agenda"),
    ],
  });
}
