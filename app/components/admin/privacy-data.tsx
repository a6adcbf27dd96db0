/**
 * The privacy page's tables: one column list per personal-data table of the registry
 * (app/domain/privacy/registry.server.ts), so what an admin sees of a person matches what the
 * search found (app/domain/privacy/subject.server.ts).
 */
import type { PersonalDataTable } from "~/domain/privacy/registry.server";
import { bookingStatusLabel } from "~/lib/booking";
import { formatBRL } from "~/lib/catalog";
import { formatDateTime } from "~/lib/dates";
import { formatBytes } from "~/lib/format-bytes";
import { orderStatusLabels, subscriptionStatusLabels } from "~/lib/messages/payments";
import { FIELD_LABELS } from "~/lib/messages/privacy";
import { consentPlaceLabel, consentPurposeLabel } from "~/lib/origin";
import { pipelineTypeInfo, stageLabel } from "~/lib/pipeline";
import type { ReactNode } from "react";

export const when = (v: unknown) => formatDateTime(v as string | Date | null) || "—";
export const text = (v: unknown, max = 80) => {
  if (v === null || v === undefined || v === "") return <span className="text-muted-foreground">—</span>;
  const s = String(v);
  return s.length > max ? <span title={s}>{s.slice(0, max)}…</span> : s;
};

export type Column = { key: string; label: string; render?: (value: unknown, row: Record<string, unknown>) => ReactNode };
const col = (key: string, label = FIELD_LABELS[key] ?? key, render?: Column["render"]): Column => ({ key, label, render });
const created = col("createdAt", "Data", (v) => <span className="whitespace-nowrap">{when(v)}</span>);
const status = (labels: Record<string, string> | ((v: string) => string)) =>
  col("status", "Situação", (v) => (typeof labels === "function" ? labels(String(v)) : (labels[String(v)] ?? String(v))));
const NEWSLETTER_STATUS: Record<string, string> = { pending: "Aguardando confirmação", active: "Ativa", unsubscribed: "Cancelada" };
const EDITION_RECIPIENT_STATUS: Record<string, string> = {
  pending: "Na fila",
  sending: "Enviando",
  delivering: "Enviando",
  sent: "Enviado",
  failed: "Falhou",
  skipped: "Não enviado",
  cancelled: "Cancelado",
};
const OUTBOX_STATUS: Record<string, string> = { pending: "Pendente", sent: "Enviado", logged: "Registrado no log", failed: "Falhou" };
/** What each queued e-mail is, in words (the queue's kinds are codes). */
const OUTBOX_KIND: Record<string, string> = {
  "lead.contact": "Aviso de nova mensagem de contato",
  "lead.consultation": "Aviso de nova solicitação de consultoria",
  "lead.questionnaire": "Aviso de novo questionário",
  "lead.application": "Aviso de nova candidatura",
  "lead.newsletter": "Aviso de nova inscrição na newsletter",
  "lead.chat": "Aviso de nova conversa no chat",
  "newsletter.confirmation": "Confirmação de inscrição na newsletter",
  "payment.paid": "Aviso de pagamento confirmado",
  "pipeline.digest": "Resumo diário do funil",
  "auto-reply.contact": "Resposta automática ao contato",
  "auto-reply.consultation": "Resposta automática à solicitação de consultoria",
  "auto-reply.questionnaire": "Resposta automática ao questionário",
  "auto-reply.careers": "Resposta automática à candidatura",
  "auto-reply.chat": "Resposta automática ao contato do chat",
  "booking.confirmation": "Confirmação de reunião agendada",
  "booking.notice": "Aviso de reunião agendada, remarcada ou cancelada",
  "booking.rescheduled": "Reunião remarcada",
  "booking.cancelled": "Reunião cancelada",
  "booking.reminder.day": "Lembrete de reunião (24 h antes)",
  "booking.reminder.hour": "Lembrete de reunião (1 h antes)",
  "analytics.weekly": "Relatório semanal de análises",
};

export const COLUMNS: Partial<Record<PersonalDataTable, Column[]>> = {
  leads: [
    col("kind", "Tipo", (v) => pipelineTypeInfo(String(v)).label),
    col("number", "Nº", (v) => `#${String(v)}`),
    col("name"),
    col("company"),
    col("email"),
    col("phone"),
    col("stage", "Etapa", (v) => stageLabel(String(v))),
    created,
  ],
  contactAnswers: [col("leadId", "Lead", (v) => `#${String(v)}`), col("message", "Mensagem", (v) => text(v, 60))],
  consultationAnswers: [col("leadId", "Lead", (v) => `#${String(v)}`), col("industryArea", "Área"), col("source", "Botão usado")],
  questionnaireAnswers: [
    col("leadId", "Lead", (v) => `#${String(v)}`),
    col("position", "Cargo"),
    col("keyProcesses", "Processos", (v) => text(v, 60)),
  ],
  applicationAnswers: [
    col("leadId", "Lead", (v) => `#${String(v)}`),
    col("position", "Vaga"),
    col("experience", "Experiência", (v) => text(v, 60)),
  ],
  leadFiles: [
    col("leadId", "Lead", (v) => `#${String(v)}`),
    col("fileName", "Arquivo"),
    col("format", "Tipo", (v) => String(v).toUpperCase()),
    col("size", "Tamanho", (v) => formatBytes(Number(v))),
    created,
  ],
  newsletterSubscribers: [
    col("email"),
    status(NEWSLETTER_STATUS),
    col("policyVersion", "Política"),
    col("consentedAt", "Consentimento", (v) => when(v)),
    col("unsubscribedAt", "Cancelamento", (v) => when(v)),
  ],
  newsletterEditionRecipients: [
    col("editionId", "Edição", (v) => `#${String(v)}`),
    col("email"),
    status(EDITION_RECIPIENT_STATUS),
    col("sentAt", "Enviado em", (v) => when(v)),
  ],
  consentRecords: [
    col("email", "E-mail ou hash", (v) => text(v, 28)),
    col("purpose", "Finalidade", (v) => consentPurposeLabel(String(v))),
    col("action", "Ação", (v) => (v === "withdrawn" ? "Revogado" : "Concedido")),
    col("policyVersion", "Política"),
    col("source", "Formulário", (v) => consentPlaceLabel(String(v))),
    created,
  ],
  chatSessions: [
    col("email"),
    col("phone"),
    col("company"),
    col("messages", "Mensagens", (v, row) => <ChatMessages messages={v as ChatMessage[]} offline={Boolean(row.offline)} />),
    created,
  ],
  bookings: [
    col("name"),
    col("company"),
    col("email"),
    col("phone"),
    col("startsAt", "Reunião", (v) => when(v)),
    col("status", "Situação", (v) => bookingStatusLabel(String(v))),
    created,
  ],
  orders: [
    col("customerName"),
    col("customerEmail"),
    col("itemName", "Item"),
    col("amountCents", "Valor", (v) => formatBRL(Number(v))),
    status(orderStatusLabels),
    created,
  ],
  subscriptions: [col("customerEmail"), col("planId", "Plano"), status(subscriptionStatusLabels), created],
  outbox: [
    col("kind", "Tipo", (v) => OUTBOX_KIND[String(v)] ?? String(v)),
    col("recipient", "Destinatário"),
    col("subject", "Assunto", (v) => text(v, 50)),
    status(OUTBOX_STATUS),
    created,
  ],
  spamSubmissions: [
    col("form", "Formulário"),
    col("email"),
    col("data", "Dados enviados", (v) => text(JSON.stringify(v), 60)),
    col("fileName", "Arquivo", (v) => (v ? String(v) : "—")),
    col("reasons", "Motivos", (v) => (Array.isArray(v) ? v.join(", ") : "—")),
    created,
  ],
  leadNotes: [col("author", "Autor"), col("body", "Anotação", (v) => text(v, 80)), created],
  leadTasks: [
    col("title", "Tarefa", (v) => text(v, 80)),
    col("dueAt", "Prazo", (v) => <span className="whitespace-nowrap">{when(v)}</span>),
    created,
  ],
  blogPosts: [
    col("title", "Título", (v) => text(v, 60)),
    col("slug", "Slug", (v) => text(v, 40)),
    col("published", "Publicado", (v) => (v ? "Sim" : "Não")),
    col("updatedAt", "Atualizado em", (v) => <span className="whitespace-nowrap">{when(v)}</span>),
  ],
  blogPostRevisions: [col("postId", "Post"), col("title", "Título", (v) => text(v, 60)), col("author", "Autor"), created],
};

interface ChatMessage {
  id: number;
  role: string;
  content: string;
}

function ChatMessages({ messages, offline }: { messages: ChatMessage[]; offline: boolean }) {
  if (!messages.length) return <span className="text-muted-foreground">Nenhuma</span>;
  return (
    <details>
      <summary className="cursor-pointer whitespace-nowrap text-primary">
        {messages.length} mensage{messages.length === 1 ? "m" : "ns"}
        {offline ? " · offline" : ""}
      </summary>
      <ol className="mt-2 max-w-md space-y-1 text-xs">
        {messages.map((m) => (
          <li key={m.id}>
            <strong>{m.role === "user" ? "Visitante" : "Assistente"}:</strong> {m.content}
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * A table's columns on the privacy page: its list above, or, for a table without one (a new form's
 * answers, declared in its folder: docs/decisions/0141), every field its rows hold but the id.
 */
export function columnsOf(key: PersonalDataTable, rows: ReadonlyArray<Record<string, unknown>> | undefined): Column[] {
  return (
    COLUMNS[key] ??
    Object.keys(rows?.[0] ?? {})
      .filter((field) => field !== "id")
      .map((field) => col(field))
  );
}
