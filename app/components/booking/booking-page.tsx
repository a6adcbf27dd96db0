/**
 * /agendar, server-rendered (docs/decisions/0058): the bookable days (links), the chosen day's
 * free times (links; an eager island shows them in the visitor's zone), then the short form,
 * a plain POST. Everything works with no JavaScript.
 */
import { Honeypot } from "~/components/forms/lead-form-utils";
import { Island } from "~/components/island";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { AlertCircle, CalendarDays, CheckCircle2, Mail, MessageCircle } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  ANSWER_MAX,
  type BookingQuestion,
  questionField,
  bookingFieldLabels,
  bookingMessages,
  changeRequestText,
  formatLongDay,
  formatShortDay,
  formatSlot,
  formatTime,
} from "~/lib/booking";
import { whatsappLink } from "~/lib/site";
import { useSiteConfig } from "~/lib/site-config";
import { cn } from "~/lib/utils";
import { BookingTimes } from "./booking-times";
import type { ReactNode } from "react";

export interface BookingDay {
  day: string;
  /** An instant on that day (its first free time), to write the day's name in Brasília. */
  first: string;
  count: number;
}

/** "segunda-feira, 30 de novembro" → "Segunda-feira, 30 de novembro" (only the first letter). */
export const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function BookingShell({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <>
      <header className="border-b border-border bg-muted">
        <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
          <p className="flex items-center gap-2 font-display text-sm font-bold uppercase tracking-widest text-primary">
            <CalendarDays className="size-4" aria-hidden /> Consultoria gratuita
          </p>
          <h1 className="mt-3 text-3xl font-extrabold leading-tight sm:text-4xl">{title}</h1>
          <div className="mt-3 max-w-2xl text-muted-foreground">{intro}</div>
        </div>
      </header>
      <div className="mx-auto max-w-5xl px-4 py-10">{children}</div>
    </>
  );
}

export function Notice({ tone, title, children }: { tone: "error" | "success"; title: string; children?: ReactNode }) {
  const Icon = tone === "error" ? AlertCircle : CheckCircle2;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "mb-6 flex gap-3 rounded-lg border p-4",
        tone === "error" ? "border-destructive/40 bg-destructive/5 text-destructive" : "border-primary/30 bg-secondary text-foreground",
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-1 text-sm text-foreground">{children}</div> : null}
      </div>
    </div>
  );
}

/** After the cut-off (docs/decisions/0145): the meeting changes by WhatsApp or e-mail, each prefilled. */
export function ChangeClosedNotice({ start, hours }: { start: string; hours: number }) {
  const { whatsapp, email } = useSiteConfig();
  const text = changeRequestText(start);
  const mail = `mailto:${email}?subject=${encodeURIComponent("Remarcar ou cancelar reunião")}&body=${encodeURIComponent(text)}`;
  return (
    <div className="rounded-lg border border-border bg-muted p-4" data-testid="change-closed">
      <p className="font-semibold">{bookingMessages.changeClosedTitle}</p>
      <p className="mt-1 text-sm text-muted-foreground">{bookingMessages.changeClosed(hours)}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <a href={whatsappLink(whatsapp, text)} target="_blank" rel="noopener noreferrer">
            <MessageCircle className="size-4" aria-hidden />
            {bookingMessages.changeClosedWhatsapp}
            <span className="sr-only">(abre em nova aba)</span>
          </a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={mail}>
            <Mail className="size-4" aria-hidden />
            {bookingMessages.changeClosedEmail}
          </a>
        </Button>
      </div>
    </div>
  );
}

/**
 * The bookable days, each a submit button of a GET form (`dia=YYYY-MM-DD`), the chosen one current:
 * works without JavaScript, and crawlers follow no link per day.
 */
export function DayList({ days, selected, action }: { days: BookingDay[]; selected: string | null; action: string }) {
  if (!days.length) return <p className="text-muted-foreground">{bookingMessages.noDays}</p>;
  return (
    <form method="get" action={action}>
      <ul className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap" data-testid="booking-days">
        {days.map((d) => {
          const current = d.day === selected;
          return (
            <li key={d.day}>
              <button
                type="submit"
                name="dia"
                value={d.day}
                aria-current={current ? "date" : undefined}
                className={cn(
                  "flex min-h-11 w-full cursor-pointer flex-col items-center justify-center rounded-lg border px-3 py-2 text-center text-sm transition-colors sm:min-w-28",
                  "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
                  current
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-input bg-background hover:border-primary hover:bg-secondary",
                )}
              >
                {/* The name is the visible text (WCAG 2.5.3) followed by the whole date. */}
                <span className="font-semibold">{upperFirst(formatShortDay(d.first))}</span>
                <span className={cn("text-xs", current ? "" : "text-muted-foreground")}>
                  {d.count} {d.count === 1 ? "horário" : "horários"}
                </span>
                <span className="sr-only">, {formatLongDay(d.first)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </form>
  );
}

export function TimeList({
  slots,
  action,
  day,
  selected,
}: {
  slots: Array<{ start: string; end: string }>;
  action: string;
  day: string;
  selected?: string | null;
}) {
  if (!slots.length) return <p className="text-muted-foreground">{bookingMessages.noTimes}</p>;
  return <Island name="bookingTimes" component={BookingTimes} props={{ slots, action, day, selected: selected ?? null }} eager />;
}

export interface BookingFormValues {
  name?: string;
  email?: string;
  phone?: string;
  company?: string;
  message?: string;
  /** Answers to the admin's questions, by field (`q_q1`…). */
  [answer: `q_${string}`]: string | undefined;
}

/** One of the admin's questions (docs/decisions/0145): a text field, or radio buttons for a choice. */
function QuestionField({ question, error, value }: { question: BookingQuestion; error?: string; value?: string }) {
  const name = questionField(question.id);
  const id = `booking-${name}`;
  if (question.kind === "choice") {
    return (
      // The invalid state belongs to the group, not to each radio (ARIA: radio has no aria-invalid).
      <fieldset
        className="sm:col-span-2"
        role="radiogroup"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <legend className="text-sm font-medium">
          {question.label}
          {question.required ? null : <span className="font-normal text-muted-foreground"> (opcional)</span>}
        </legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {question.options.map((option, i) => (
            <label key={option} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={name}
                value={option}
                defaultChecked={value === option}
                id={i === 0 ? id : undefined}
                className="size-5 accent-primary"
              />
              {option}
            </label>
          ))}
        </div>
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  }
  return (
    <FormField
      id={id}
      label={question.required ? question.label : `${question.label} (opcional)`}
      error={error}
      required={question.required}
      className="sm:col-span-2"
    >
      <Input name={name} maxLength={ANSWER_MAX} defaultValue={value} {...fieldA11y(id, error)} />
    </FormField>
  );
}

/** The short form of step 3: a plain POST to the page's own address. */
export function BookingForm({
  start,
  end,
  place,
  questions = [],
  errors,
  values,
  message,
  changeHref,
}: {
  start: string;
  end: string;
  place: string;
  questions?: BookingQuestion[];
  errors: Record<string, string>;
  values: BookingFormValues;
  message?: string | null;
  changeHref: string;
}) {
  return (
    <section aria-labelledby="booking-form-heading" className="rounded-2xl border border-border bg-card p-5 shadow-soft sm:p-8">
      <h2 id="booking-form-heading" className="text-xl font-bold">
        {bookingMessages.formHeading}
      </h2>
      <div className="mt-3 rounded-lg bg-secondary p-4">
        <p className="font-semibold" data-testid="booking-chosen">
          {upperFirst(formatSlot(start))} até {formatTime(end)}
        </p>
        <p className="text-sm text-muted-foreground">Horário de Brasília · {place}</p>
        <a href={changeHref} className="mt-1 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
          {bookingMessages.changeTime}
        </a>
      </div>
      {message ? (
        <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <form method="post" className="mt-6 grid gap-5 sm:grid-cols-2" noValidate data-busy-label={bookingMessages.submitting}>
        <input type="hidden" name="start" value={start} />
        <Honeypot />
        <FormField id="booking-name" label={bookingFieldLabels.name} error={errors.name} required>
          <Input name="name" autoComplete="name" defaultValue={values.name} {...fieldA11y("booking-name", errors.name)} />
        </FormField>
        <FormField id="booking-email" label={bookingFieldLabels.email} error={errors.email} required>
          <Input name="email" type="email" autoComplete="email" defaultValue={values.email} {...fieldA11y("booking-email", errors.email)} />
        </FormField>
        <FormField id="booking-phone" label={bookingFieldLabels.phone} error={errors.phone} required>
          <Input name="phone" type="tel" autoComplete="tel" defaultValue={values.phone} {...fieldA11y("booking-phone", errors.phone)} />
        </FormField>
        <FormField id="booking-company" label={bookingFieldLabels.company} error={errors.company} required>
          <Input
            name="company"
            autoComplete="organization"
            defaultValue={values.company}
            {...fieldA11y("booking-company", errors.company)}
          />
        </FormField>
        <FormField id="booking-message" label={bookingFieldLabels.message} error={errors.message} className="sm:col-span-2">
          <Textarea name="message" rows={3} defaultValue={values.message} {...fieldA11y("booking-message", errors.message)} />
        </FormField>
        {questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            error={errors[questionField(question.id)]}
            value={values[`q_${question.id}`]}
          />
        ))}
        <p className="text-sm text-muted-foreground sm:col-span-2">
          Usaremos seus dados só para esta reunião, conforme a{" "}
          <a href="/privacidade" className="font-medium text-primary underline-offset-4 hover:underline">
            Política de Privacidade
          </a>
          .
        </p>
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" className="w-full sm:w-auto">
            {bookingMessages.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
