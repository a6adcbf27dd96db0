/**
 * /admin/agenda/{id}: one booked meeting: who, when, where, the visit it came from and the lead it
 * continues; cancel it or move it to another free time, with a message to the visitor (both send
 * the visitor an updated invitation: same UID, higher SEQUENCE; docs/decisions/0083).
 */
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AttributionFacts } from "~/components/admin/attribution";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { CalendarDays, MessageCircle } from "~/components/ui/icons";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { requireAdmin } from "~/domain/auth/sessions.server";
import {
  BookingRejection,
  cancelBooking,
  confirmBooking,
  findById,
  leadOfBooking,
  rescheduleBooking,
  slotsForMove,
} from "~/domain/booking/bookings.server";
import { dayIn } from "~/domain/booking/slots";
import { formError, parseForm } from "~/infra/forms.server";
import { parseId } from "~/infra/http.server";
import { BOOKING_TIME_ZONE, formatLongDay, formatSlot, formatTime, meetingReminderText, placeText, readAnswers } from "~/lib/booking";
import { formatDateTime } from "~/lib/dates";
import { whatsappNumber } from "~/lib/lead-contact";
import { leadPagePath } from "~/lib/pipeline";
import { adminOnly } from "~/lib/route-policy";
import { instantSchema, visitorNoteSchema } from "~/lib/schemas/booking";
import { SITE_NAME, whatsappLink } from "~/lib/site";
import type { Route } from "./+types/agenda.$id";

export const handle = { policy: adminOnly() };

export const meta: Route.MetaFunction = () => [{ title: "Reunião | Agenda | Admin" }];

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const b = await findById(parseId(params.id));
  if (!b) throw data("Reunião não encontrada.", { status: 404 });
  const live = b.status !== "cancelled" && b.endsAt.getTime() > Date.now();
  // The lead it continues, when it is not a lead of its own (docs/decisions/0082).
  const lead = await leadOfBooking(b);
  const options = live ? await slotsForMove(b.id) : [];
  const byDay = new Map<string, string[]>();
  for (const s of options) {
    const day = dayIn(s.start, BOOKING_TIME_ZONE);
    byDay.set(day, [...(byDay.get(day) ?? []), s.start.toISOString()]);
  }
  return data(
    {
      booking: {
        id: b.id,
        name: b.name,
        email: b.email,
        phone: b.phone,
        company: b.company,
        message: b.message,
        answers: readAnswers(b.answers),
        start: b.startsAt.toISOString(),
        end: b.endsAt.toISOString(),
        place: placeText(b.placeKind, b.placeDetail),
        status: b.status,
        sequence: b.sequence,
        cancelledBy: b.cancelledBy,
        createdAt: b.createdAt.toISOString(),
        consultationId: lead?.kind === "consultas" ? lead.number : null,
        chatSessionId: lead?.kind === "conversas" ? lead.number : null,
        attribution: {
          landingPath: b.landingPath,
          referrerHost: b.referrerHost,
          utmSource: b.utmSource,
          utmMedium: b.utmMedium,
          utmCampaign: b.utmCampaign,
        },
      },
      live,
      moveOptions: [...byDay].map(([day, starts]) => ({ day, starts })),
    },
    { headers: NO_STORE },
  );
}

const meetingForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("cancel"), note: visitorNoteSchema }),
    z.object({ intent: z.literal("confirm") }),
    z.object({ intent: z.literal("reschedule"), start: instantSchema, note: visitorNoteSchema }),
  ],
  { error: "Ação desconhecida." },
);

type Reply = { intent: string; notice?: string; errors?: Record<string, string> };

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const id = parseId(params.id);
  const submission = await parseForm(request, meetingForm);
  if (!submission.ok) return formError<Reply>({ intent: submission.reply.values.intent ?? "", errors: submission.reply.errors });
  const actor = { by: "admin" as const, username: user.username, ip: context.clientIp || null };
  const asked = submission.value;
  try {
    if (asked.intent === "confirm") {
      await confirmBooking(id, actor);
      return data<Reply>(
        { intent: "confirm", notice: "Reunião confirmada. O visitante recebeu a confirmação com o convite no e-mail." },
        { headers: NO_STORE },
      );
    }
    if (asked.intent === "cancel") {
      await cancelBooking(id, actor, asked.note || null);
      return data<Reply>(
        { intent: "cancel", notice: "Reunião cancelada. O visitante recebeu o cancelamento no e-mail." },
        { headers: NO_STORE },
      );
    }
    const moved = await rescheduleBooking(id, asked.start, actor, asked.note || null);
    return data<Reply>(
      {
        intent: "reschedule",
        notice:
          moved.status === "pending"
            ? `Reunião remarcada para ${formatSlot(moved.startsAt)}. Ela ainda aguarda sua confirmação; o visitante recebeu o novo horário no e-mail.`
            : `Reunião remarcada para ${formatSlot(moved.startsAt)}. O visitante recebeu o convite atualizado.`,
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    if (!(error instanceof BookingRejection)) throw error;
    return formError<Reply>(
      { intent: asked.intent, notice: error.message, errors: asked.intent === "reschedule" ? { start: error.message } : {} },
      error.status,
    );
  }
}

export default function AdminMeeting({ loaderData, actionData }: Route.ComponentProps) {
  const { booking: b, live, moveOptions } = loaderData;
  const visitorNumber = whatsappNumber(b.phone);
  const reminderHref = visitorNumber ? whatsappLink(visitorNumber, meetingReminderText(b.name, b.start, b.place, SITE_NAME)) : null;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const errors = actionData?.errors ?? {};
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/agenda" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← Agenda
        </Link>
      </p>
      <AdminPageHeader
        title={`Reunião com ${b.name}`}
        description={`${formatSlot(b.start)}–${formatTime(b.end)} (horário de Brasília)`}
        icon={CalendarDays}
        size="compact"
        badge={
          b.status === "cancelled" ? (
            <Badge variant="destructive">Cancelada</Badge>
          ) : b.status === "pending" ? (
            <Badge variant="outline">Aguardando confirmação</Badge>
          ) : (
            <Badge>Confirmada</Badge>
          )
        }
      />
      {actionData?.notice ? (
        <p
          role={actionData.errors ? "alert" : "status"}
          className="rounded-lg border border-primary/30 bg-secondary p-3 text-sm font-medium"
          data-testid="meeting-notice"
        >
          {actionData.notice}
        </p>
      ) : null}
      {live && b.status === "pending" ? (
        <section
          aria-labelledby="confirmar"
          className="rounded-xl border border-primary/40 bg-secondary p-4 sm:p-6"
          data-testid="meeting-pending"
        >
          <h2 id="confirmar" className="text-lg font-semibold">
            Aguardando sua confirmação
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            O horário foi pedido com pouca antecedência. Ele já está reservado; o visitante recebe o convite quando você confirmar. Se não
            puder, cancele abaixo com uma mensagem.
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="confirm" />
            <Button type="submit" disabled={busy === "confirm"}>
              {busy === "confirm" ? "Confirmando..." : "Confirmar reunião"}
            </Button>
          </Form>
        </section>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="dados" className="rounded-xl border border-border bg-background p-4 sm:p-6">
          <h2 id="dados" className="text-lg font-semibold">
            Dados
          </h2>
          <dl className="mt-3 grid gap-3 text-sm">
            {(
              [
                ["Nome", b.name],
                ["Empresa", b.company],
                [
                  "E-mail",
                  <a key="e-mail" href={`mailto:${b.email}`} className="break-all text-primary hover:underline">
                    {b.email}
                  </a>,
                ],
                [
                  "Telefone",
                  <a key="telefone" href={`tel:${b.phone.replace(/[^\d+]/g, "")}`} className="text-primary hover:underline">
                    {b.phone}
                  </a>,
                ],
                ["Assunto", b.message ?? "Não informado"],
                ...b.answers.map((a): [string, string] => [a.question, a.answer]),
                ["Onde", b.place],
                ["Agendada em", formatDateTime(b.createdAt)],
                // The invitation's SEQUENCE, told as what it means to the visitor's calendar.
                [
                  "Convite",
                  b.sequence === 0 ? "O original, sem alterações" : `Atualizado ${b.sequence} ${b.sequence === 1 ? "vez" : "vezes"}`,
                ],
              ] as Array<[string, React.ReactNode]>
            ).map(([k, v]) => (
              <div key={k} className="grid gap-0.5">
                <dt className="font-semibold text-muted-foreground">{k}</dt>
                <dd className="min-w-0 break-words">{v}</dd>
              </div>
            ))}
          </dl>
          {b.consultationId || b.chatSessionId ? (
            <p className="mt-4 text-sm">
              Continua o lead:{" "}
              {b.consultationId ? (
                <Link
                  to={leadPagePath("consultas", b.consultationId)}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  solicitação de consultoria #{b.consultationId}
                </Link>
              ) : (
                <Link
                  to={leadPagePath("conversas", b.chatSessionId ?? "")}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  conversa no chat #{b.chatSessionId}
                </Link>
              )}
            </p>
          ) : (
            <p className="mt-4 text-sm">
              <Link to={leadPagePath("reunioes", b.id)} className="font-medium text-primary underline-offset-4 hover:underline">
                Ver no funil de leads
              </Link>
            </p>
          )}
          {live && reminderHref ? (
            // A plain link to wa.me: works before hydration and without JavaScript (docs/decisions/0145).
            <p className="mt-4">
              <Button asChild variant="outline">
                <a href={reminderHref} target="_blank" rel="noopener noreferrer" data-testid="meeting-whatsapp">
                  <MessageCircle aria-hidden />
                  Lembrar por WhatsApp
                  <span className="sr-only">(abre em nova aba)</span>
                </a>
              </Button>
            </p>
          ) : null}
          <h3 className="mt-6 text-sm font-semibold">Visita de origem</h3>
          <div className="mt-2">
            <AttributionFacts row={b.attribution} />
          </div>
        </section>
        {live ? (
          <div className="grid content-start gap-6">
            <section aria-labelledby="remarcar" className="rounded-xl border border-border bg-background p-4 sm:p-6">
              <h2 id="remarcar" className="text-lg font-semibold">
                Remarcar
              </h2>
              <Form method="post" className="mt-3 grid gap-4" noValidate>
                <input type="hidden" name="intent" value="reschedule" />
                <FormField id="move-start" label="Novo horário (Brasília)" error={errors.start}>
                  <NativeSelect name="start" defaultValue="" {...fieldA11y("move-start", errors.start)}>
                    <option value="" disabled>
                      Escolha um horário livre
                    </option>
                    {moveOptions.map((d) => (
                      <optgroup key={d.day} label={formatLongDay(d.starts[0]!)}>
                        {d.starts.map((s) => (
                          <option key={s} value={s}>
                            {formatTime(s)}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </NativeSelect>
                </FormField>
                <FormField id="move-note" label="Mensagem ao visitante (opcional)" error={errors.note}>
                  <Textarea name="note" rows={3} {...fieldA11y("move-note", errors.note)} />
                </FormField>
                <Button type="submit" disabled={busy === "reschedule"}>
                  {busy === "reschedule" ? "Remarcando..." : "Remarcar e avisar o visitante"}
                </Button>
              </Form>
            </section>
            <section aria-labelledby="cancelar" className="rounded-xl border border-border bg-background p-4 sm:p-6">
              <h2 id="cancelar" className="text-lg font-semibold">
                Cancelar
              </h2>
              <Form method="post" className="mt-3 grid gap-4" noValidate>
                <input type="hidden" name="intent" value="cancel" />
                <FormField
                  id="cancel-note"
                  label="Mensagem ao visitante (opcional)"
                  error={actionData?.intent === "cancel" ? errors.note : undefined}
                >
                  <Textarea name="note" rows={3} {...fieldA11y("cancel-note", actionData?.intent === "cancel" ? errors.note : undefined)} />
                </FormField>
                <Button type="submit" variant="destructive" disabled={busy === "cancel"}>
                  {busy === "cancel" ? "Cancelando..." : "Cancelar reunião e avisar o visitante"}
                </Button>
              </Form>
            </section>
          </div>
        ) : null}
      </div>
    </div>
  );
}
