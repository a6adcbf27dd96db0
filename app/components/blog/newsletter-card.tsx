/**
 * A newsletter edition's card (docs/decisions/0128, 0131), on a post's page and on a standalone
 * edition's page: who would get it (the segment menu, each choice with its count now), a preview
 * and a test copy, then the send button (and, for a standalone edition, its schedule), and once it
 * started, its progress with pause, resume and cancel, and the clicks on its links. Native forms,
 * as the rest of the admin: they work before scripts load; scripts add a confirmation before
 * sending or cancelling, keep the count beside the menu in step, and refresh the progress while
 * it sends.
 */
import { useEffect, useId, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { SchedulePicker } from "~/components/blog/publishing-controls";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { ExternalLink } from "~/components/ui/icons";
import { NativeSelect } from "~/components/ui/native-select";
import { newsletterText } from "~/lib/messages/newsletter";
import { ALL_SUBSCRIBERS, type SegmentGroup, segmentText } from "~/lib/newsletter-segments";

export interface NewsletterCardData {
  edition: {
    id: number;
    status: "draft" | "scheduled" | "sending" | "paused" | "cancelled" | "sent";
    segmentLabel: string;
    segment: string;
  } | null;
  progress: { total: number; sent: number; failed: number; pending: number; skipped: number; cancelled: number };
  audience: number;
  segments: SegmentGroup[];
  testAddress: string;
  /** The edition's links and how often each was followed (once it started). */
  links?: Array<{ position: number; url: string; clicks: number }>;
}

/** Asks before a step that cannot be undone; without scripts the form just goes. */
const confirmFirst = (question: string) => (event: React.MouseEvent<HTMLButtonElement>) => {
  if (!window.confirm(question)) event.preventDefault();
};

/** While an edition sends, its counts are read again every few seconds. */
function useProgressRefresh(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") void revalidate();
    }, 3_000);
    return () => clearInterval(timer);
  }, [active, revalidate, state]);
}

const countOf = (groups: SegmentGroup[], value: string) => groups.flatMap((g) => g.options).find((o) => o.value === value)?.count ?? 0;

export function NewsletterCard({
  data,
  busy,
  kind,
  previewHref,
  sendLabel,
  segment: controlled,
  onSegmentChange,
  schedule,
  segmentError,
}: {
  data: NewsletterCardData;
  busy: boolean;
  /** What is sent: a post or a standalone edition (the texts differ). */
  kind: "post" | "edition";
  previewHref: string;
  sendLabel: string;
  /** The chosen segment, when the page keeps it (a post's 'Agendar e enviar' sits in another form). */
  segment?: string;
  onSegmentChange?: (value: string) => void;
  /** A standalone edition's schedule, in the card's own form. */
  schedule?: { defaultValue: string; error?: string };
  segmentError?: string;
}) {
  const { edition, progress, audience } = data;
  const started = edition && !["draft", "scheduled"].includes(edition.status) && !(edition.status === "cancelled" && progress.total === 0);
  const canSend = !edition || edition.status === "draft" || (edition.status === "cancelled" && progress.total === 0);
  const [own, setOwn] = useState(edition?.segment ?? ALL_SUBSCRIBERS);
  const segment = controlled ?? own;
  const reach = countOf(data.segments, segment);
  const selectId = useId();
  useProgressRefresh(edition?.status === "sending");
  const choose = (value: string) => {
    setOwn(value);
    onSegmentChange?.(value);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{newsletterText.title}</h2>
        </CardTitle>
        <CardDescription>
          {!canSend ? newsletterText.following(kind) : audience > 0 ? newsletterText.intro(audience, kind) : newsletterText.noAudience}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {edition && edition.status !== "draft" && (
          <div className="grid gap-1">
            <p className="text-sm font-medium" data-testid="newsletter-status">
              {kind === "edition" && edition.status === "scheduled"
                ? newsletterText.scheduledEdition
                : newsletterText.status[edition.status]}
            </p>
            {!canSend && <p className="text-sm text-muted-foreground">{segmentText.chosen(edition.segmentLabel)}</p>}
          </div>
        )}
        {started && <Progress progress={progress} />}
        {started && data.links && <LinkClicks links={data.links} />}
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={previewHref} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              {newsletterText.preview}
            </a>
          </Button>
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="newsletter-teste"
              variant="outline"
              disabled={busy}
              className="h-auto min-h-9 whitespace-normal"
            >
              {newsletterText.test(data.testAddress)}
            </Button>
          </Form>
        </div>
        {/* A standalone edition can be scheduled before anyone subscribed; a post's card waits for an audience. */}
        {canSend && (audience > 0 || schedule) && (
          <Form method="post" className="grid gap-4" noValidate>
            <FormField id={selectId} label={segmentText.legend} error={segmentError} hint={segmentText.reach(reach)}>
              <NativeSelect
                name="segment"
                value={segment}
                onChange={(e) => choose(e.target.value)}
                {...fieldA11y(selectId, segmentError, { hint: true })}
                className="sm:max-w-xl"
                data-testid="newsletter-segment"
              >
                {data.segments.map((group) =>
                  group.label === null ? (
                    group.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {segmentText.option(o.label, o.count)}
                      </option>
                    ))
                  ) : (
                    <optgroup key={group.label} label={group.label}>
                      {group.options.map((o) => (
                        <option key={o.value} value={o.value}>
                          {segmentText.option(o.label, o.count)}
                        </option>
                      ))}
                    </optgroup>
                  ),
                )}
              </NativeSelect>
            </FormField>
            {schedule && (
              <SchedulePicker
                id={`${selectId}-agendar`}
                name="publishAt"
                defaultValue={schedule.defaultValue}
                error={schedule.error}
                hint={newsletterText.scheduleEditionHint}
              />
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                name="intent"
                value="newsletter-enviar"
                disabled={busy}
                onClick={confirmFirst(newsletterText.confirmSend(reach, kind))}
              >
                {sendLabel}
              </Button>
              {schedule && (
                <Button type="submit" name="intent" value="newsletter-agendar" variant="outline" disabled={busy}>
                  {newsletterText.scheduleSend}
                </Button>
              )}
            </div>
          </Form>
        )}
        {edition && ["scheduled", "sending", "paused"].includes(edition.status) && (
          <Form method="post" className="flex flex-wrap gap-2">
            {edition.status === "sending" && (
              <Button type="submit" name="intent" value="newsletter-pausar" variant="outline" disabled={busy}>
                {newsletterText.pause}
              </Button>
            )}
            {edition.status === "paused" && (
              <Button type="submit" name="intent" value="newsletter-retomar" disabled={busy}>
                {newsletterText.resume}
              </Button>
            )}
            <Button
              type="submit"
              name="intent"
              value="newsletter-cancelar"
              variant="outline"
              disabled={busy}
              onClick={confirmFirst(newsletterText.confirmCancel(kind))}
            >
              {newsletterText.cancel}
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

function Progress({ progress }: { progress: NewsletterCardData["progress"] }) {
  const done = progress.sent + progress.failed + progress.skipped + progress.cancelled;
  const rows: Array<[string, number]> = [
    [newsletterText.counts.sent, progress.sent],
    [newsletterText.counts.pending, progress.pending],
    [newsletterText.counts.failed, progress.failed],
    [newsletterText.counts.skipped, progress.skipped],
  ];
  return (
    <div className="grid gap-3">
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-primary"
        max={Math.max(progress.total, 1)}
        value={done}
        aria-label={newsletterText.progressLabel}
      />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4" data-testid="newsletter-progress">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value.toLocaleString("pt-BR")}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Clicks per link of the e-mail, in the order the links appear (counted by our redirect, nothing about who). */
function LinkClicks({ links }: { links: NonNullable<NewsletterCardData["links"]> }) {
  const total = links.reduce((sum, l) => sum + l.clicks, 0);
  return (
    <section className="grid gap-2" aria-labelledby="newsletter-cliques">
      <h3 id="newsletter-cliques" className="text-sm font-semibold">
        {newsletterText.clicks.title(total)}
      </h3>
      {links.length === 0 ? (
        <p className="text-sm text-muted-foreground">{newsletterText.clicks.none}</p>
      ) : (
        <ol className="grid gap-1 text-sm" data-testid="newsletter-clicks">
          {links.map((link) => (
            <li key={link.position} className="flex items-baseline justify-between gap-4 border-b border-border py-1 last:border-b-0">
              <span className="min-w-0 break-all text-muted-foreground">{link.url}</span>
              <span className="shrink-0 font-semibold tabular-nums">{newsletterText.clicks.count(link.clicks)}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="text-xs text-muted-foreground">{newsletterText.clicks.note}</p>
    </section>
  );
}
