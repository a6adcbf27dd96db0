/**
 * The pieces of a lead's one page in the admin (docs/decisions/0129-one-page-per-lead.md): the
 * buttons that reach the person, what they sent, their meetings, orders and conversations, and
 * the lead's history. The stage form lives in its route (app/routes/admin/leads.funil.$type.$id.tsx).
 */
import { Link } from "react-router";
import { LeadValue } from "~/components/admin/lead-value";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CalendarDays, ChevronRight, Download, Mail, MessageCircle, MessagesSquare, Phone, ShoppingBag } from "~/components/ui/icons";
import type { LeadPage } from "~/domain/leads/lead-page.server";
import { bookingStatusLabel } from "~/lib/booking";
import { formatBRL } from "~/lib/catalog";
import { formatDateTime } from "~/lib/dates";
import { formatBytes } from "~/lib/format-bytes";
import { leadWhatsappHref, telHref } from "~/lib/lead-contact";
import { orderStatusLabels } from "~/lib/messages/payments";
import { consentPlaceLabel, consentPurposeLabel } from "~/lib/origin";
import { leadPagePath } from "~/lib/pipeline";

/** Call, e-mail and WhatsApp: the first things the admin does with a lead. */
export function ContactButtons({ name, email, phone }: { name: string | null; email: string | null; phone: string | null }) {
  const whatsapp = phone ? leadWhatsappHref(phone, name) : null;
  if (!phone && !email) return null;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap" aria-label="Falar com a pessoa" data-testid="contact-buttons">
      {phone ? (
        <li>
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <a href={telHref(phone)}>
              <Phone className="size-4" aria-hidden />
              Ligar
            </a>
          </Button>
        </li>
      ) : null}
      {email ? (
        <li>
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <a href={`mailto:${email}`}>
              <Mail className="size-4" aria-hidden />
              E-mail
            </a>
          </Button>
        </li>
      ) : null}
      {whatsapp ? (
        <li>
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <a href={whatsapp} target="_blank" rel="noopener noreferrer">
              <MessageCircle className="size-4" aria-hidden />
              WhatsApp
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
          </Button>
        </li>
      ) : null}
    </ul>
  );
}

const FACT_ROW = "grid gap-1 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4";

/** Every field of the lead's form, and an application's CV (docs/decisions/0093). */
export function SentFacts({ fields, cv, applicationId }: { fields: LeadPage["fields"]; cv: LeadPage["cv"]; applicationId?: number }) {
  return (
    <dl className="grid gap-4" data-testid="lead-detail">
      {fields.map(({ field, value }) => (
        <div key={field.key} className={FACT_ROW}>
          <dt className="text-sm font-semibold text-muted-foreground">{field.label}</dt>
          <dd className="min-w-0">
            <LeadValue field={field} value={value} />
          </dd>
        </div>
      ))}
      {applicationId !== undefined ? (
        <div className={FACT_ROW}>
          <dt className="text-sm font-semibold text-muted-foreground">Currículo</dt>
          <dd className="min-w-0">
            {cv ? (
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="[overflow-wrap:anywhere]">
                  {cv.fileName} ({formatBytes(cv.size)})
                </span>
                {/* A plain link: the browser downloads it (Content-Disposition: attachment). */}
                <a
                  href={`/admin/leads/candidaturas/${applicationId}/curriculo`}
                  download
                  className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2 hover:text-primary-hover"
                >
                  <Download className="size-4" aria-hidden />
                  Baixar currículo
                </a>
              </span>
            ) : (
              <span className="text-muted-foreground">Não enviado</span>
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * The booking form's answers of the meetings this lead booked after it arrived (a consultation
 * that then booked, docs/decisions/0145), each under the question as it was asked.
 */
export function MeetingAnswers({ meetings }: { meetings: LeadPage["meetingAnswers"] }) {
  if (meetings.length === 0) return null;
  return (
    <div className="grid gap-4 border-t border-border pt-4" data-testid="meeting-answers">
      {meetings.map((m) => (
        <section key={m.id} aria-labelledby={`respostas-${m.id}`} className="grid gap-3">
          <h3 id={`respostas-${m.id}`} className="text-sm font-semibold">
            Respostas do agendamento ·{" "}
            <Link to={`/admin/agenda/${m.id}`} className={ITEM_LINK}>
              reunião de {formatDateTime(m.startsAt)}
            </Link>
          </h3>
          <dl className="grid gap-4">
            {m.answers.map((a, i) => (
              <div key={i} className={FACT_ROW}>
                <dt className="text-sm font-semibold text-muted-foreground">{a.question}</dt>
                <dd className="min-w-0 whitespace-pre-line break-words">{a.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/** One consent record as the lists show it (app/db/schema.ts, consent_records). */
export interface ConsentEntry {
  id: number;
  action: string;
  purpose: string;
  source: string;
  policyVersion: string;
  createdAt: string | Date;
}

/**
 * An address's consent records, newest first: on a lead's page (`Consents`) and on a newsletter
 * subscription's record (app/routes/admin/leads.$type.$id.tsx). The list's own classes and test id
 * are each page's.
 */
export function ConsentList({ consents, ...list }: { consents: ConsentEntry[]; className?: string; "data-testid"?: string }) {
  return (
    <ul {...list}>
      {consents.map((c) => (
        <li key={c.id} className="rounded-lg border border-border p-3">
          <p className="font-medium">
            {c.action === "withdrawn" ? "Consentimento retirado" : "Consentimento concedido"} ({consentPurposeLabel(c.purpose)})
          </p>
          <p className="text-muted-foreground">
            {formatDateTime(c.createdAt)} · política {c.policyVersion} · {consentPlaceLabel(c.source)}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function Consents({ consents }: { consents: LeadPage["consents"] }) {
  if (consents.length === 0) {
    return <p className="text-sm text-muted-foreground">Nenhum registro de consentimento para este endereço.</p>;
  }
  return <ConsentList consents={consents} className="grid gap-2 text-sm" data-testid="consents" />;
}

function Section({
  id,
  title,
  icon: Icon,
  count,
  children,
}: {
  id: string;
  title: string;
  icon: typeof Phone;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-2" data-testid={id}>
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        {title}
        {count > 0 ? <span className="font-normal text-muted-foreground">({count})</span> : null}
      </h3>
      {children}
    </section>
  );
}

const ITEM = "flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-border px-3 py-2 text-sm";
const ITEM_LINK = "font-medium text-primary underline-offset-4 hover:underline";
const EMPTY = "rounded-lg border border-dashed border-border px-3 py-2 text-sm text-muted-foreground";

/** The person's meetings, orders and chat conversations: the same whole e-mail address. */
export function PersonActivity({ page }: { page: Pick<LeadPage, "bookings" | "orders" | "chats" | "lead"> }) {
  const { bookings, orders, chats, lead } = page;
  return (
    <div className="grid gap-5">
      <Section id="reunioes" title="Reuniões" icon={CalendarDays} count={bookings.length}>
        {bookings.length === 0 ? (
          <p className={EMPTY}>Nenhuma reunião.</p>
        ) : (
          <ul className="grid gap-2">
            {bookings.map((b) => (
              <li key={b.id} className={ITEM}>
                <Link to={`/admin/agenda/${b.id}`} className={ITEM_LINK}>
                  {formatDateTime(b.startsAt)}
                </Link>
                <Badge variant={b.status === "confirmed" ? "success" : "outline"}>{bookingStatusLabel(b.status)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="pedidos" title="Pedidos" icon={ShoppingBag} count={orders.length}>
        {orders.length === 0 ? (
          <p className={EMPTY}>Nenhum pedido.</p>
        ) : (
          <ul className="grid gap-2">
            {orders.map((o) => (
              <li key={o.id} className={ITEM}>
                <span className="min-w-0 break-words">
                  <span className="font-medium">{o.itemName}</span>{" "}
                  <span className="text-muted-foreground">
                    · nº {o.id} · {formatBRL(o.amountCents)} · {formatDateTime(o.createdAt)}
                  </span>
                </span>
                <Badge variant={o.status === "paid" ? "success" : o.status === "pending" ? "secondary" : "outline"}>
                  {orderStatusLabels[o.status] ?? o.status}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="conversas" title="Conversas no chat" icon={MessagesSquare} count={chats.length}>
        {chats.length === 0 ? (
          <p className={EMPTY}>Nenhuma conversa.</p>
        ) : (
          <ul className="grid gap-2">
            {chats.map((c) => (
              <li key={c.id} className={ITEM}>
                <Link to={`/admin/conversas/${c.id}`} className={ITEM_LINK}>
                  {formatDateTime(c.createdAt)}
                </Link>
                <span className="text-muted-foreground">
                  {c.messages === 1 ? "1 mensagem" : `${c.messages} mensagens`}
                  {c.offline ? " · modo offline" : ""}
                  {lead.type === "conversas" && lead.id === c.id ? (
                    " · este lead"
                  ) : (
                    <>
                      {" · "}
                      <Link to={leadPagePath("conversas", c.id)} className={ITEM_LINK}>
                        no funil
                      </Link>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

const HISTORY_LABEL: Record<LeadPage["history"][number]["kind"], string> = {
  stage: "Etapa",
  won: "Negócio ganho",
  lost: "Negócio perdido",
  deal: "Negócio",
  task: "Tarefa",
  "follow-up": "Retorno",
  note: "Anotação",
  email: "E-mail",
  merge: "Mesclagem",
};
const EMAIL_STATUS: Record<string, string> = {
  pending: "na fila",
  sent: "enviado",
  logged: "registrado no log",
  failed: "falhou",
};

const HISTORY_DOT: Partial<Record<LeadPage["history"][number]["kind"], string>> = {
  note: "bg-primary",
  email: "bg-muted-foreground",
  lost: "bg-destructive",
  deal: "bg-primary",
  task: "bg-accent",
};

/** Stage moves, won and lost, the deal's changes, tasks, follow-up days, notes and e-mails, oldest first. */
export function LeadHistory({ history }: { history: LeadPage["history"] }) {
  if (history.length === 0) return <p className="text-sm text-muted-foreground">Nenhum registro no histórico ainda.</p>;
  return (
    <ol className="relative grid gap-4 border-l border-border pl-5" data-testid="history">
      {history.map((h, i) => (
        <li key={i} className="relative" data-kind={h.kind}>
          <span
            aria-hidden
            className={`absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-card ${HISTORY_DOT[h.kind] ?? "bg-success"}`}
          />
          <p className="text-xs text-muted-foreground">
            <span className="font-semibold uppercase tracking-wide">{HISTORY_LABEL[h.kind]}</span> ·{" "}
            <time dateTime={h.at}>{formatDateTime(h.at)}</time>
            {h.actor ? <> · {h.actor}</> : null}
            {h.kind === "email" && h.status ? <> · {EMAIL_STATUS[h.status] ?? h.status}</> : null}
          </p>
          <p className={h.kind === "note" ? "mt-1 whitespace-pre-line break-words" : "mt-1 break-words text-sm"}>{h.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A link to the page this kind of lead also has (the conversation, the agenda). */
export function ElsewhereLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
      {label} <ChevronRight className="size-4" aria-hidden />
    </a>
  );
}
