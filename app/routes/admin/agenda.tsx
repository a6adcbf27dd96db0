/**
 * /admin/agenda: the meetings visitors booked (docs/decisions/0080–0084). Upcoming meetings by
 * day, today first; the availability (weekly hours, length, buffers, notice, horizon, daily cap,
 * place); exception days; and the private calendar feed, whose address is shown once, in the
 * answer that makes it (only its hash is stored, docs/decisions/0109). Every form posts to this
 * page's action with an `intent` and is read with one schema (docs/decisions/0064).
 */
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminPagination } from "~/components/admin/pagination";
import { LinkValidity, NewSecretLink, type SecretLinkTexts } from "~/components/admin/secret-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { AlertCircle, CalendarCheck, CalendarDays, Link2, RefreshCw, Trash2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { requireAdmin } from "~/domain/auth/sessions.server";
import { agendaPage } from "~/domain/booking/bookings.server";
import {
  busyCalendarMessages,
  normaliseCalendarUrl,
  readBusyCalendar,
  refreshBusyCalendar,
  removeCalendarUrl,
  setCalendarUrl,
} from "~/domain/booking/busy-calendar.server";
import {
  listExceptions,
  readSettings,
  readWeeklyHours,
  removeException,
  renewFeedToken,
  revokeFeedToken,
  saveException,
  saveQuestions,
  updateSettings,
} from "~/domain/booking/settings.server";
import { dayIn } from "~/domain/booking/slots";
import { queryOf, formError, parseForm } from "~/infra/forms.server";
import {
  BOOKING_TIME_ZONE,
  formatLongDay,
  formatSlot,
  formatTime,
  MAX_BOOKING_QUESTIONS,
  readQuestions,
  MEETING_LENGTHS,
  PLACE_KINDS,
  placeText,
} from "~/lib/booking";
import { formatDay } from "~/lib/pipeline";
import { adminOnly } from "~/lib/route-policy";
import { availabilityFormSchema, exceptionFormSchema, questionsFormSchema, WEEKDAY_LABELS } from "~/lib/schemas/booking";
import { pageNumber } from "~/lib/schemas/form-fields";
import { LINK_LIFETIME_DAYS } from "~/lib/secret-links";
import type { Route } from "./+types/agenda";

export const handle = { policy: adminOnly() };

export const meta: Route.MetaFunction = () => [{ title: "Agenda | Admin" }];

const NO_STORE = { "Cache-Control": "no-store" };

const agendaQuery = z.object({ pagina: pageNumber(), quando: z.enum(["proximas", "passadas"]).catch("proximas") });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  // One page of meetings at a time (?pagina=): the coming ones, or the past ones (?quando=passadas).
  const { pagina, quando } = queryOf(request, agendaQuery);
  const [settings, exceptions, meetings, busyCalendar] = await Promise.all([
    readSettings(),
    listExceptions(),
    agendaPage({ past: quando === "passadas", page: pagina }),
    readBusyCalendar(),
  ]);
  const upcoming = meetings.rows;
  const today = dayIn(new Date(), BOOKING_TIME_ZONE);
  const byDay = new Map<string, Array<{ id: number; start: string; end: string; name: string; company: string; pending: boolean }>>();
  for (const b of upcoming) {
    const day = dayIn(b.startsAt, BOOKING_TIME_ZONE);
    const list = byDay.get(day) ?? [];
    list.push({
      id: b.id,
      start: b.startsAt.toISOString(),
      end: b.endsAt.toISOString(),
      name: b.name,
      company: b.company,
      pending: b.status === "pending",
    });
    byDay.set(day, list);
  }
  return data(
    {
      today,
      past: quando === "passadas",
      pages: { total: meetings.total, page: meetings.page, pageCount: meetings.pageCount },
      days: [...byDay].map(([day, meetings]) => ({ day, meetings })),
      settings: {
        weeklyHours: readWeeklyHours(settings.weeklyHours),
        durationMinutes: settings.durationMinutes,
        bufferBeforeMinutes: settings.bufferBeforeMinutes,
        bufferAfterMinutes: settings.bufferAfterMinutes,
        minNoticeHours: settings.minNoticeHours,
        horizonDays: settings.horizonDays,
        changeCutoffHours: settings.changeCutoffHours,
        confirmBelowHours: settings.confirmBelowHours,
        questions: readQuestions(settings.questions),
        maxPerDay: settings.maxPerDay,
        placeKind: settings.placeKind,
        placeDetail: settings.placeDetail,
      },
      exceptions: exceptions.map((e) => ({
        id: e.id,
        day: e.day,
        kind: e.kind,
        hours: e.hours as Array<[string, string]> | null,
        note: e.note,
      })),
      // The address itself never leaves the server: its host only (docs/decisions/0144).
      busyCalendar: busyCalendar.urlSecret
        ? {
            host: busyCalendar.urlHost ?? "",
            fetchedAt: busyCalendar.fetchedAt?.toISOString() ?? null,
            checkedAt: busyCalendar.checkedAt?.toISOString() ?? null,
            error: busyCalendar.lastError,
            intervals: Array.isArray(busyCalendar.busyIntervals) ? busyCalendar.busyIntervals.length : 0,
          }
        : null,
      feed:
        settings.feedTokenHash && settings.feedExpiresAt
          ? { expiresAt: settings.feedExpiresAt.toISOString(), expired: settings.feedExpiresAt.getTime() <= Date.now() }
          : null,
    },
    { headers: NO_STORE },
  );
}

const agendaForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("settings") }).passthrough(),
    z.object({ intent: z.literal("add-exception") }).passthrough(),
    z.object({ intent: z.literal("questions") }).passthrough(),
    z.object({ intent: z.literal("remove-exception"), id: z.coerce.number().int().positive("Exceção inválida.") }),
    z.object({ intent: z.literal("renew-feed") }),
    z.object({ intent: z.literal("revoke-feed") }),
    z.object({ intent: z.literal("busy-calendar-set"), icsUrl: z.string().optional() }),
    z.object({ intent: z.literal("busy-calendar-refresh") }),
    z.object({ intent: z.literal("busy-calendar-remove") }),
  ],
  { error: "Ação desconhecida." },
);

type Reply = {
  intent: string;
  notice?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  /** A feed address just made: shown this once. */
  feed?: { url: string; expiresAt: string };
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context);
  const actor = { username: user.username, ip: context.clientIp || null };
  const submission = await parseForm(request, agendaForm);
  if (!submission.ok) return formError<Reply>({ intent: submission.reply.values.intent ?? "", errors: submission.reply.errors });
  const { fields } = submission;
  switch (submission.value.intent) {
    case "settings": {
      const form = await parseForm(fields, availabilityFormSchema);
      if (!form.ok) return formError<Reply>({ intent: "settings", errors: form.reply.errors, values: form.reply.values });
      await updateSettings(form.value, actor);
      return data<Reply>({ intent: "settings", notice: "Disponibilidade salva." }, { headers: NO_STORE });
    }
    case "questions": {
      const form = await parseForm(fields, questionsFormSchema);
      if (!form.ok) return formError<Reply>({ intent: "questions", errors: form.reply.errors, values: form.reply.values });
      await saveQuestions(form.value, actor);
      return data<Reply>(
        {
          intent: "questions",
          notice: form.value.length ? "Perguntas salvas: elas aparecem no formulário de /agendar." : "Sem perguntas extras no formulário.",
        },
        { headers: NO_STORE },
      );
    }
    case "add-exception": {
      const form = await parseForm(fields, exceptionFormSchema);
      if (!form.ok) return formError<Reply>({ intent: "add-exception", errors: form.reply.errors, values: form.reply.values });
      await saveException(form.value, actor);
      return data<Reply>({ intent: "add-exception", notice: `Exceção de ${formatDay(form.value.day)} salva.` }, { headers: NO_STORE });
    }
    case "remove-exception": {
      const removed = await removeException(submission.value.id, actor);
      return removed
        ? data<Reply>({ intent: "remove-exception", notice: "Exceção removida." }, { headers: NO_STORE })
        : data<Reply>({ intent: "remove-exception", notice: "Exceção não encontrada." }, { status: 404, headers: NO_STORE });
    }
    case "renew-feed": {
      const feed = await renewFeedToken(actor);
      return data<Reply>(
        {
          intent: "renew-feed",
          notice: "Novo endereço do calendário criado. O anterior deixou de funcionar.",
          feed: { url: feed.url, expiresAt: feed.expiresAt.toISOString() },
        },
        { headers: NO_STORE },
      );
    }
    case "revoke-feed":
      await revokeFeedToken(actor);
      return data<Reply>({ intent: "revoke-feed", notice: "Endereço do calendário revogado." }, { headers: NO_STORE });
    case "busy-calendar-set": {
      const url = normaliseCalendarUrl(submission.value.icsUrl ?? "");
      // Refused addresses are not echoed back either: the field is a secret.
      if (!url) return formError<Reply>({ intent: "busy-calendar-set", errors: { icsUrl: busyCalendarMessages.invalidUrl } });
      const row = await setCalendarUrl(url, actor);
      return data<Reply>(
        {
          intent: "busy-calendar-set",
          notice: row.lastError
            ? "Endereço salvo, mas a primeira leitura falhou: veja o aviso abaixo."
            : "Agenda conectada: os horários ocupados nela já não são oferecidos em /agendar.",
        },
        { headers: NO_STORE },
      );
    }
    case "busy-calendar-refresh": {
      const row = await refreshBusyCalendar();
      return data<Reply>(
        { intent: "busy-calendar-refresh", notice: row.lastError ? "A leitura falhou: veja o aviso abaixo." : "Agenda atualizada." },
        { headers: NO_STORE },
      );
    }
    case "busy-calendar-remove":
      await removeCalendarUrl(actor);
      return data<Reply>(
        { intent: "busy-calendar-remove", notice: "Agenda desconectada: os horários dela voltam a ser oferecidos." },
        { headers: NO_STORE },
      );
  }
}

const sectionClass = "rounded-xl border border-border bg-background p-4 sm:p-6";

/** The availability's whole-number settings, in the form's order; the ranges repeat availabilityFormSchema's. */
const NUMBER_SETTINGS: ReadonlyArray<{
  name:
    | "bufferBeforeMinutes"
    | "bufferAfterMinutes"
    | "minNoticeHours"
    | "horizonDays"
    | "changeCutoffHours"
    | "confirmBelowHours"
    | "maxPerDay";
  label: string;
  hint?: string;
  min: number;
  max: number;
}> = [
  { name: "bufferBeforeMinutes", label: "Intervalo antes (minutos)", min: 0, max: 120 },
  { name: "bufferAfterMinutes", label: "Intervalo depois (minutos)", min: 0, max: 120 },
  { name: "minNoticeHours", label: "Antecedência mínima (horas)", min: 0, max: 720 },
  { name: "horizonDays", label: "Agendar até quantos dias à frente", min: 1, max: 365 },
  {
    name: "changeCutoffHours",
    label: "Remarcar ou cancelar pelo site até (horas antes)",
    hint: "Depois disso, o visitante vê o WhatsApp e o e-mail.",
    min: 0,
    max: 168,
  },
  {
    name: "confirmBelowHours",
    label: "Confirmar eu mesmo reservas com menos de (horas)",
    hint: "Vazio: nunca. O horário fica reservado até você confirmar.",
    min: 1,
    max: 720,
  },
  { name: "maxPerDay", label: "Máximo de reuniões por dia", hint: "Vazio: sem limite.", min: 1, max: 50 },
];

const FEED_TEXTS: SecretLinkTexts = {
  label: "Endereço do calendário",
  copy: "Copiar endereço",
  copied: "Endereço copiado",
  copiedDescription: "Cole-o no Google Agenda ou no Outlook.",
  copyFailed: "Não foi possível copiar. Selecione o endereço e copie manualmente.",
  shownOnce: "Copie o endereço agora: por segurança, ele só aparece desta vez. Se perdê-lo, gere um novo.",
};

export default function AdminAgenda({ loaderData, actionData }: Route.ComponentProps) {
  const { today, days, settings, exceptions, feed, past, pages, busyCalendar } = loaderData;
  const agendaHref = (isPast: boolean, page = 1) => {
    const params = new URLSearchParams();
    if (isPast) params.set("quando", "passadas");
    if (page > 1) params.set("pagina", String(page));
    const text = params.toString();
    return text ? `/admin/agenda?${text}` : "/admin/agenda";
  };
  const newFeed = actionData?.feed;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values;
  const settingsErrors = actionData?.intent === "settings" ? errors : {};
  const exceptionErrors = actionData?.intent === "add-exception" ? errors : {};
  const busyCalendarError = actionData?.intent === "busy-calendar-set" ? errors.icsUrl : undefined;
  const questionErrors = actionData?.intent === "questions" ? errors : {};
  const q = (n: number, name: string, fallback: string) =>
    actionData?.intent === "questions" && values ? (values[`${name}${n}`] ?? "") : fallback;
  const v = (name: string, fallback: string) => (actionData?.intent === "settings" && values ? (values[name] ?? "") : fallback);

  const busyCalendarForm = (
    <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start" noValidate autoComplete="off">
      <input type="hidden" name="intent" value="busy-calendar-set" />
      <FormField id="icsUrl" label="Endereço secreto (iCal)" error={busyCalendarError}>
        <Input
          type="url"
          name="icsUrl"
          inputMode="url"
          placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
          spellCheck={false}
          {...fieldA11y("icsUrl", busyCalendarError)}
        />
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={busy === "busy-calendar-set"}>
        {busy === "busy-calendar-set" ? "Conectando..." : busyCalendar ? "Salvar novo endereço" : "Conectar agenda"}
      </Button>
    </Form>
  );

  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Agenda"
        description="Reuniões agendadas pelos visitantes em /agendar, a disponibilidade oferecida e o calendário para assinar no Google Agenda ou no Outlook."
        icon={CalendarDays}
        size="compact"
        narrow
      />
      {actionData?.notice ? (
        <p role="status" className="rounded-lg border border-primary/30 bg-secondary p-3 text-sm font-medium" data-testid="agenda-notice">
          {actionData.notice}
        </p>
      ) : null}

      <section aria-labelledby="proximas" className={sectionClass}>
        <h2 id="proximas" className="text-lg font-semibold">
          {past ? "Reuniões passadas" : "Próximas reuniões"}
        </h2>
        <nav aria-label="Reuniões" className="mt-2 flex flex-wrap items-center gap-4 text-sm">
          <Link
            to={agendaHref(false)}
            aria-current={past ? undefined : "page"}
            className="font-medium text-primary underline-offset-4 hover:underline aria-[current=page]:text-foreground aria-[current=page]:no-underline"
          >
            Próximas
          </Link>
          <Link
            to={agendaHref(true)}
            aria-current={past ? "page" : undefined}
            className="font-medium text-primary underline-offset-4 hover:underline aria-[current=page]:text-foreground aria-[current=page]:no-underline"
          >
            Passadas
          </Link>
          <span className="text-muted-foreground" data-testid="agenda-total">
            {pages.total === 1 ? "1 reunião" : `${pages.total} reuniões`}
          </span>
        </nav>
        {days.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">{past ? "Nenhuma reunião passada." : "Nenhuma reunião agendada."}</p>
        ) : (
          <ol className="mt-4 space-y-6" data-testid="agenda-days">
            {days.map(({ day, meetings }) => (
              <li key={day}>
                <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                  {day === today ? <Badge>Hoje</Badge> : null}
                  <span>{formatLongDay(meetings[0]!.start)}</span>
                </h3>
                <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
                  {meetings.map((m) => (
                    <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 font-semibold tabular-nums">
                          {formatTime(m.start)}–{formatTime(m.end)}
                          {m.pending ? <Badge variant="outline">Aguardando confirmação</Badge> : null}
                        </p>
                        <p className="break-words text-sm text-muted-foreground">
                          {m.name} · {m.company}
                        </p>
                      </div>
                      <Link to={`/admin/agenda/${m.id}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                        Detalhes<span className="sr-only"> da reunião de {m.name}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-4 empty:hidden">
          <AdminPagination page={pages.page} pageCount={pages.pageCount} href={(n) => agendaHref(past, n)} />
        </div>
      </section>

      <section aria-labelledby="disponibilidade" className={sectionClass}>
        <h2 id="disponibilidade" className="text-lg font-semibold">
          Disponibilidade
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Horários de Brasília. Os visitantes veem apenas os horários livres dentro destas regras.
        </p>
        <Form method="post" className="mt-4 space-y-6" noValidate>
          <input type="hidden" name="intent" value="settings" />
          <fieldset>
            <legend className="text-sm font-semibold">Horário semanal</legend>
            <div className="mt-2 divide-y divide-border rounded-lg border border-border">
              {WEEKDAY_LABELS.map(([d, label]) => {
                const hours = settings.weeklyHours[d]?.[0];
                const open = actionData?.intent === "settings" && values ? Boolean(values[`open${d}`]) : Boolean(hours);
                return (
                  <div key={d} className="grid grid-cols-2 items-end gap-3 p-3 sm:grid-cols-[12rem_1fr_1fr]">
                    <label className="col-span-2 flex min-h-11 items-center gap-2 text-sm font-medium sm:col-span-1">
                      <input type="checkbox" name={`open${d}`} value="1" defaultChecked={open} className="size-5 accent-primary" />
                      {label}
                    </label>
                    <FormField
                      id={`start${d}`}
                      label={
                        <>
                          Início<span className="sr-only"> ({label.toLowerCase()})</span>
                        </>
                      }
                      error={settingsErrors[`start${d}`]}
                    >
                      <Input
                        type="time"
                        name={`start${d}`}
                        defaultValue={v(`start${d}`, hours?.[0] ?? "09:00")}
                        {...fieldA11y(`start${d}`, settingsErrors[`start${d}`])}
                      />
                    </FormField>
                    <FormField
                      id={`end${d}`}
                      label={
                        <>
                          Fim<span className="sr-only"> ({label.toLowerCase()})</span>
                        </>
                      }
                      error={settingsErrors[`end${d}`]}
                    >
                      <Input
                        type="time"
                        name={`end${d}`}
                        defaultValue={v(`end${d}`, hours?.[1] ?? "18:00")}
                        {...fieldA11y(`end${d}`, settingsErrors[`end${d}`])}
                      />
                    </FormField>
                  </div>
                );
              })}
            </div>
          </fieldset>
          <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <FormField id="durationMinutes" label="Duração da reunião" error={settingsErrors.durationMinutes}>
              <NativeSelect
                name="durationMinutes"
                defaultValue={v("durationMinutes", String(settings.durationMinutes))}
                {...fieldA11y("durationMinutes", settingsErrors.durationMinutes)}
              >
                {MEETING_LENGTHS.map((m) => (
                  <option key={m} value={m}>
                    {m} minutos
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {NUMBER_SETTINGS.map(({ name, label, hint, min, max }) => (
              <FormField key={name} id={name} label={label} hint={hint} error={settingsErrors[name]}>
                <Input
                  type="number"
                  min={min}
                  max={max}
                  inputMode="numeric"
                  name={name}
                  defaultValue={v(name, settings[name] === null ? "" : String(settings[name]))}
                  {...fieldA11y(name, settingsErrors[name], { hint: Boolean(hint) })}
                />
              </FormField>
            ))}
            <FormField id="placeKind" label="Onde acontece" error={settingsErrors.placeKind}>
              <NativeSelect
                name="placeKind"
                defaultValue={v("placeKind", settings.placeKind)}
                {...fieldA11y("placeKind", settingsErrors.placeKind)}
              >
                {PLACE_KINDS.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField
              id="placeDetail"
              label="Link da sala (videochamada fixa)"
              error={settingsErrors.placeDetail}
              className="sm:col-span-2"
            >
              <Input
                type="url"
                name="placeDetail"
                placeholder="https://"
                defaultValue={v("placeDetail", settings.placeDetail ?? "")}
                {...fieldA11y("placeDetail", settingsErrors.placeDetail)}
              />
            </FormField>
          </div>
          <p className="text-sm text-muted-foreground">Os visitantes leem: {placeText(settings.placeKind, settings.placeDetail)}.</p>
          <Button type="submit" disabled={busy === "settings"}>
            {busy === "settings" ? "Salvando..." : "Salvar disponibilidade"}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="agenda-externa" className={sectionClass} data-testid="busy-calendar">
        <h2 id="agenda-externa" className="flex items-center gap-2 text-lg font-semibold">
          <CalendarCheck className="size-5 text-primary" aria-hidden />
          Sua agenda como ocupado
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Cole o endereço secreto no formato iCal da sua agenda (Google Agenda: Configurações → sua agenda → Endereço secreto no formato
          iCal; Outlook: Calendário → Compartilhado → Publicar → ICS). Os horários ocupados nela deixam de ser oferecidos em /agendar;
          eventos marcados como “disponível” continuam livres. O endereço é lido a cada 5 minutos.
        </p>
        {busyCalendar ? (
          <div className="mt-4 space-y-3">
            <dl className="grid gap-1 text-sm sm:grid-cols-[12rem_1fr]">
              <dt className="font-medium">Endereço</dt>
              <dd className="break-all" data-testid="busy-calendar-host">
                {busyCalendar.host} <span className="text-muted-foreground">(oculto por segurança)</span>
              </dd>
              <dt className="font-medium">Última leitura com sucesso</dt>
              <dd data-testid="busy-calendar-fetched">{busyCalendar.fetchedAt ? formatSlot(busyCalendar.fetchedAt) : "Ainda nenhuma"}</dd>
              <dt className="font-medium">Períodos ocupados</dt>
              <dd>
                {busyCalendar.intervals === 1 ? "1 período" : `${busyCalendar.intervals} períodos`} nos próximos {settings.horizonDays} dias
              </dd>
            </dl>
            {busyCalendar.error ? (
              <p
                role="alert"
                className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
                data-testid="busy-calendar-error"
              >
                <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                <span>
                  A última tentativa de ler sua agenda falhou
                  {busyCalendar.checkedAt ? ` (${formatSlot(busyCalendar.checkedAt)})` : ""}: {busyCalendar.error}{" "}
                  {busyCalendar.fetchedAt
                    ? "Enquanto isso, usamos a última cópia lida com sucesso."
                    : "Ainda não há cópia da agenda: nenhum horário está sendo bloqueado por ela."}
                </span>
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="busy-calendar-refresh" />
                <Button type="submit" variant="outline" disabled={busy === "busy-calendar-refresh"}>
                  <RefreshCw aria-hidden />
                  {busy === "busy-calendar-refresh" ? "Atualizando..." : "Atualizar agora"}
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="busy-calendar-remove" />
                <Button type="submit" variant="destructive">
                  Desconectar
                </Button>
              </Form>
            </div>
          </div>
        ) : (
          <p className="mt-3 text-sm text-muted-foreground">Nenhuma agenda conectada.</p>
        )}
        {busyCalendar ? (
          <details className="mt-4" open={Boolean(busyCalendarError)}>
            <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-primary underline-offset-4 hover:underline">
              Trocar endereço
            </summary>
            {busyCalendarForm}
          </details>
        ) : (
          busyCalendarForm
        )}
      </section>

      <section aria-labelledby="perguntas" className={sectionClass} data-testid="booking-questions">
        <h2 id="perguntas" className="text-lg font-semibold">
          Perguntas do agendamento
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Até {MAX_BOOKING_QUESTIONS} perguntas no formulário de /agendar, além de nome, e-mail, telefone e empresa. As respostas aparecem
          na reunião e no lead. Deixe a pergunta em branco para não usá-la.
        </p>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="questions" />
          {Array.from({ length: MAX_BOOKING_QUESTIONS }, (_, i) => i + 1).map((n) => {
            const saved = settings.questions.find((x) => x.id === `q${n}`);
            return (
              <fieldset key={n} className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_12rem] sm:p-4">
                <legend className="px-1 text-sm font-semibold">Pergunta {n}</legend>
                <FormField id={`label${n}`} label="Pergunta" error={questionErrors[`label${n}`]}>
                  <Input
                    name={`label${n}`}
                    maxLength={120}
                    placeholder={n === 1 ? "Ex.: Quantas pessoas trabalham na empresa?" : undefined}
                    defaultValue={q(n, "label", saved?.label ?? "")}
                    {...fieldA11y(`label${n}`, questionErrors[`label${n}`])}
                  />
                </FormField>
                <FormField id={`kind${n}`} label="Resposta" error={questionErrors[`kind${n}`]}>
                  <NativeSelect
                    name={`kind${n}`}
                    defaultValue={q(n, "kind", saved?.kind ?? "text")}
                    {...fieldA11y(`kind${n}`, questionErrors[`kind${n}`])}
                  >
                    <option value="text">Texto livre</option>
                    <option value="choice">Escolha entre opções</option>
                  </NativeSelect>
                </FormField>
                <FormField
                  id={`options${n}`}
                  label="Opções (se for escolha)"
                  hint="Uma por linha, de 2 a 8."
                  error={questionErrors[`options${n}`]}
                >
                  <Textarea
                    name={`options${n}`}
                    rows={3}
                    defaultValue={q(n, "options", saved?.options.join("\n") ?? "")}
                    {...fieldA11y(`options${n}`, questionErrors[`options${n}`], { hint: true })}
                  />
                </FormField>
                <label className="flex min-h-11 items-center gap-2 self-start text-sm font-medium sm:mt-7">
                  <input
                    type="checkbox"
                    name={`required${n}`}
                    value="1"
                    defaultChecked={
                      actionData?.intent === "questions" && values ? Boolean(values[`required${n}`]) : Boolean(saved?.required)
                    }
                    className="size-5 accent-primary"
                  />
                  Obrigatória
                </label>
              </fieldset>
            );
          })}
          <Button type="submit" variant="outline" disabled={busy === "questions"}>
            {busy === "questions" ? "Salvando..." : "Salvar perguntas"}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="excecoes" className={sectionClass}>
        <h2 id="excecoes" className="text-lg font-semibold">
          Exceções
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Feriados e folgas (dia fechado) ou um dia extra com horário próprio.</p>
        {exceptions.length ? (
          <ul className="mt-4 divide-y divide-border rounded-lg border border-border" data-testid="agenda-exceptions">
            {exceptions.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <p className="text-sm">
                  <strong>{formatDay(e.day)}</strong> ·{" "}
                  {e.kind === "closed" ? "Fechado" : `Aberto das ${e.hours?.[0]?.[0] ?? ""} às ${e.hours?.[0]?.[1] ?? ""}`}
                  {e.note ? ` · ${e.note}` : ""}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-exception" />
                  <input type="hidden" name="id" value={e.id} />
                  <Button type="submit" variant="outline" size="sm">
                    <Trash2 aria-hidden />
                    Remover<span className="sr-only"> a exceção de {formatDay(e.day)}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-muted-foreground">Nenhuma exceção.</p>
        )}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5" noValidate>
          <input type="hidden" name="intent" value="add-exception" />
          <FormField id="exception-day" label="Dia" error={exceptionErrors.day}>
            <Input type="date" name="day" {...fieldA11y("exception-day", exceptionErrors.day)} />
          </FormField>
          <FormField id="exception-kind" label="Situação" error={exceptionErrors.kind}>
            <NativeSelect name="kind" defaultValue="closed" {...fieldA11y("exception-kind", exceptionErrors.kind)}>
              <option value="closed">Fechado</option>
              <option value="open">Aberto (horário próprio)</option>
            </NativeSelect>
          </FormField>
          <FormField id="exception-start" label="Início (se aberto)" error={exceptionErrors.start}>
            <Input type="time" name="start" defaultValue="09:00" {...fieldA11y("exception-start", exceptionErrors.start)} />
          </FormField>
          <FormField id="exception-end" label="Fim (se aberto)" error={exceptionErrors.end}>
            <Input type="time" name="end" defaultValue="12:00" {...fieldA11y("exception-end", exceptionErrors.end)} />
          </FormField>
          <FormField id="exception-note" label="Observação" error={exceptionErrors.note}>
            <Input name="note" placeholder="Ex.: feriado" {...fieldA11y("exception-note", exceptionErrors.note)} />
          </FormField>
          <div className="sm:col-span-2 lg:col-span-5">
            <Button type="submit" variant="outline" disabled={busy === "add-exception"}>
              Salvar exceção
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="calendario" className={sectionClass}>
        <h2 id="calendario" className="flex items-center gap-2 text-lg font-semibold">
          <Link2 className="size-5 text-primary" aria-hidden />
          Calendário privado
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Assine este endereço no Google Agenda (Outras agendas → Do URL) ou no Outlook (Adicionar calendário → Assinar da Web). Quem tiver
          o endereço vê as reuniões: revogue-o se ele vazar. Cada endereço vale {LINK_LIFETIME_DAYS.feed} dias.
        </p>
        {newFeed ? (
          <div className="mt-4" data-testid="feed-new">
            <NewSecretLink id="feed-url" url={newFeed.url} expiresAt={newFeed.expiresAt} validUntil="Válido até" texts={FEED_TEXTS} />
          </div>
        ) : feed ? (
          <div className="mt-4 grid gap-1" data-testid="feed-status">
            <LinkValidity prefix={feed.expired ? "O endereço expirou em" : "Válido até"} at={feed.expiresAt} />
            <p className="text-sm text-muted-foreground">
              {feed.expired
                ? "Gere um novo e assine-o de novo no seu calendário."
                : "Há um endereço ativo. Por segurança, ele só aparece quando é criado: se precisar dele de novo, gere um novo (o anterior deixa de funcionar)."}
            </p>
          </div>
        ) : null}
        {feed || newFeed ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="renew-feed" />
              <Button type="submit" variant="outline">
                <RefreshCw aria-hidden />
                Gerar novo endereço
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-feed" />
              <Button type="submit" variant="destructive">
                Revogar endereço
              </Button>
            </Form>
          </div>
        ) : (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="renew-feed" />
            <Button type="submit">Criar endereço do calendário</Button>
          </Form>
        )}
      </section>
    </div>
  );
}
