/**
 * The meeting booking's browser-safe half (docs/decisions/0080–0084): the business's time zone,
 * how times are written for people (Intl, in any zone: formatting an instant needs no offset
 * arithmetic), the place labels and every text of the booking pages and e-mails.
 */

/** Times are offered in Brasília time (SPEC §1: Monday to Friday 9h-18h). */
export const BOOKING_TIME_ZONE = "America/Sao_Paulo";

/** Where a visitor books a meeting. */
export const BOOKING_PATH = "/agendar";

export const MEETING_LENGTHS = [30, 45, 60] as const;

/** A question of the booking form the admin adds (docs/decisions/0145): free text or one of a few choices. */
export interface BookingQuestion {
  id: string;
  label: string;
  kind: "text" | "choice";
  options: string[];
  required: boolean;
}

/** A visitor's answer, kept with the question as it was asked. */
export interface BookingAnswer {
  question: string;
  answer: string;
}

export const MAX_BOOKING_QUESTIONS = 3;
export const QUESTION_LABEL_MAX = 120;
export const QUESTION_OPTION_MAX = 60;
export const QUESTION_OPTIONS_MAX = 8;
export const ANSWER_MAX = 500;

/** The form field of a question's answer. */
export const questionField = (id: string) => `q_${id}`;

/** Stored JSON → questions (anything malformed is dropped). */
export function readQuestions(value: unknown): BookingQuestion[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (q): q is BookingQuestion =>
        Boolean(q) &&
        typeof q === "object" &&
        typeof q.id === "string" &&
        /^q[1-3]$/.test(q.id) &&
        typeof q.label === "string" &&
        q.label.trim() !== "" &&
        (q.kind === "text" || (q.kind === "choice" && Array.isArray(q.options) && q.options.length >= 2)),
    )
    .slice(0, MAX_BOOKING_QUESTIONS)
    .map((q) => ({
      id: q.id,
      label: q.label,
      kind: q.kind,
      options: q.kind === "choice" ? q.options.filter((o): o is string => typeof o === "string") : [],
      required: Boolean(q.required),
    }));
}

/** Stored JSON → answers. */
export function readAnswers(value: unknown): BookingAnswer[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (a): a is BookingAnswer => Boolean(a) && typeof a === "object" && typeof a.question === "string" && typeof a.answer === "string",
  );
}

/** Visitors reschedule or cancel online until this many hours before the meeting, unless the admin sets otherwise (docs/decisions/0145). */
export const DEFAULT_CHANGE_CUTOFF_HOURS = 12;

/** A booking's status as the admin reads it. */
export function bookingStatusLabel(status: string): string {
  return status === "cancelled" ? "Cancelada" : status === "pending" ? "Aguardando confirmação" : "Confirmada";
}

/** Does a time booked now need the admin's confirmation? (Null: confirmation is off.) */
export function needsConfirmation(start: string | Date, confirmBelowHours: number | null, now = new Date()): boolean {
  return confirmBelowHours !== null && new Date(start).getTime() - now.getTime() < confirmBelowHours * 3_600_000;
}

/** Is it too late for the visitor to reschedule or cancel online? (Past meetings are their own case.) */
export function changeClosed(start: string | Date, cutoffHours: number, now = new Date()): boolean {
  return new Date(start).getTime() - now.getTime() < cutoffHours * 3_600_000;
}

/** What a visitor's reminder e-mail prefills in a WhatsApp chat with the team. */
export function reminderReplyText(start: string | Date): string {
  return `Olá! Sobre a minha reunião de ${formatSlot(start)} (horário de Brasília): `;
}

/** What the admin's 'Lembrar por WhatsApp' prefills in a chat with the visitor (they can edit it before sending). */
export function meetingReminderText(name: string, start: string | Date, place: string, siteName: string): string {
  const first = name.trim().split(/\s+/)[0];
  return `Olá${first ? `, ${first}` : ""}! Aqui é da ${siteName}. Passando para lembrar da nossa reunião de ${formatSlot(start)} (horário de Brasília). ${place}. Até lá!`;
}

/** The prefilled WhatsApp message of a visitor who can no longer change the meeting online. */
export function changeRequestText(start: string | Date): string {
  return `Olá! Preciso remarcar ou cancelar a minha reunião de ${formatSlot(start)} (horário de Brasília).`;
}

export const PLACE_KINDS = [
  { value: "video", label: "Videochamada (link fixo da sala)" },
  { value: "phone", label: "Ligação telefônica" },
  { value: "link-later", label: "Videochamada (enviaremos o link)" },
] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number]["value"];

/** How the visitor reads where the meeting happens. */
export function placeText(kind: string, detail: string | null | undefined): string {
  if (kind === "video") return detail ? `Videochamada: ${detail}` : "Videochamada";
  if (kind === "phone") return "Ligação telefônica: ligaremos para o telefone informado";
  return "Videochamada: enviaremos o link por e-mail antes da reunião";
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("pt-BR", { timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** "09:30" in the zone. */
export function formatTime(value: string | Date, timeZone = BOOKING_TIME_ZONE): string {
  return formatter(timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(asDate(value));
}

/** "terça-feira, 1 de dezembro de 2026" in the zone. */
export function formatLongDay(value: string | Date, timeZone = BOOKING_TIME_ZONE): string {
  return formatter(timeZone, { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(asDate(value));
}

/** "ter., 1 de dez." in the zone (a day's button). */
export function formatShortDay(value: string | Date, timeZone = BOOKING_TIME_ZONE): string {
  return formatter(timeZone, { weekday: "short", day: "numeric", month: "short" }).format(asDate(value));
}

/** "terça-feira, 1 de dezembro de 2026, às 09:30": a time's full name (accessible names, e-mails). */
export function formatSlot(value: string | Date, timeZone = BOOKING_TIME_ZONE): string {
  return `${formatLongDay(value, timeZone)}, às ${formatTime(value, timeZone)}`;
}

/** The calendar day of an instant in a zone, YYYY-MM-DD. */
export function dayKey(value: string | Date, timeZone = BOOKING_TIME_ZONE): string {
  const parts = Object.fromEntries(
    formatter(timeZone, { year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(asDate(value))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The visitor's zone as the browser knows it (null on the server). */
export function browserTimeZone(): string | null {
  try {
    return typeof window === "undefined" ? null : Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Whether two zones show the same wall clock at these instants (then Brasília needs no second label). */
export function sameClock(zone: string, instants: readonly string[]): boolean {
  return instants.every((i) => formatSlot(i, zone) === formatSlot(i, BOOKING_TIME_ZONE));
}

/** A Google Calendar "add event" link (no API, no script: a plain link with the event's fields). */
export function googleCalendarUrl(event: {
  title: string;
  start: string | Date;
  end: string | Date;
  details: string;
  location?: string;
}): string {
  const stamp = (v: string | Date) =>
    asDate(v)
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${stamp(event.start)}/${stamp(event.end)}`,
    details: event.details,
    ctz: BOOKING_TIME_ZONE,
  });
  if (event.location) params.set("location", event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export const bookingMessages = {
  pageTitle: "Agende sua consultoria gratuita",
  pageIntro: "Escolha um dia e um horário para conversar com um especialista. A reunião é gratuita e sem compromisso.",
  entryLink: "Escolha um horário",
  daysHeading: "1. Escolha um dia",
  timesHeading: "2. Escolha um horário",
  formHeading: "3. Seus dados",
  noDays: "Não há horários livres nos próximos dias. Fale conosco pelo e-mail ou WhatsApp.",
  noTimes: "Não há mais horários livres neste dia. Escolha outro dia.",
  brasiliaNote: "Horários de Brasília (UTC−3).",
  localNote: (zone: string) => `Horários no seu fuso (${zone}), com o horário de Brasília ao lado.`,
  unavailable: "Horário indisponível",
  unavailableDetail: "Este horário acabou de ser reservado ou não está mais disponível. Escolha outro horário abaixo.",
  submit: "Confirmar agendamento",
  submitting: "Agendando...",
  changeTime: "Trocar horário",
  confirmedTitle: "Reunião agendada",
  confirmedIntro: "Enviamos a confirmação com o convite para o seu e-mail.",
  addToCalendar: "Adicionar ao calendário",
  googleCalendar: "Adicionar ao Google Agenda",
  cancelLink: "Cancelar reunião",
  rescheduleLink: "Remarcar",
  cancelTitle: "Cancelar reunião",
  cancelConfirm: "Confirmar cancelamento",
  cancelling: "Cancelando...",
  cancelledTitle: "Reunião cancelada",
  cancelledText: "Sua reunião foi cancelada. Quando quiser, agende outro horário.",
  rescheduleTitle: "Remarcar reunião",
  rescheduleSubmit: "Remarcar para este horário",
  rescheduling: "Remarcando...",
  rescheduledTitle: "Reunião remarcada",
  rescheduledIntro: "Enviamos o convite com o novo horário para o seu e-mail.",
  cancelledRescheduleText:
    "Esta reunião foi cancelada e não pode mais ser remarcada. Para conversar com um especialista, escolha um novo horário.",
  pastRescheduleText: "Esta reunião já começou ou já passou e não pode mais ser remarcada. Para uma nova conversa, escolha um horário.",
  bookAgain: "Agendar outro horário",
  invalidLink: "Link inválido",
  invalidLinkText:
    "Não encontramos uma reunião para este link. Ele pode estar incompleto; copie o endereço completo do e-mail que você recebeu.",
  alreadyCancelled: "Esta reunião já foi cancelada.",
  tooLate: "Esta reunião já começou ou já passou.",
  answerRequired: "Responda esta pergunta.",
  answerChoice: "Escolha uma das opções.",
  answerTooLong: (max: number) => `Use no máximo ${max} caracteres.`,
  pendingTitle: "Pedido de reunião recebido",
  pendingIntro: "Como o horário é próximo, a equipe confirma a reunião. Você receberá um e-mail assim que ela for confirmada.",
  pendingNotice: "Aguardando confirmação da equipe",
  changeClosedTitle: "Não é mais possível remarcar ou cancelar por aqui",
  changeClosed: (hours: number) =>
    `Remarcações e cancelamentos pelo site vão até ${hours === 1 ? "1 hora" : `${hours} horas`} antes da reunião. Fale com a gente pelo WhatsApp ou por e-mail.`,
  changeClosedWhatsapp: "Falar pelo WhatsApp",
  changeClosedEmail: "Enviar e-mail",
  rateLimited: (wait: string) => `Muitas tentativas. Tente novamente em ${wait}.`,
  throttledTitle: "Horários indisponíveis no momento",
  spam: "Não foi possível concluir o agendamento.",
} as const;

export const bookingFieldLabels = {
  name: "Nome",
  email: "E-mail",
  phone: "Telefone",
  company: "Empresa",
  message: "Assunto (opcional)",
} as const;
