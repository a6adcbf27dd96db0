/**
 * The post page's newsletter card (docs/decisions/0128): who would get the post, a preview and a
 * test copy, then 'Publicar e enviar' / 'Enviar aos assinantes' ('Agendar e enviar' sits with the
 * schedule), and once it started, its progress with pause, resume and cancel. Native forms, as
 * the rest of the page: they work before scripts load; scripts add a confirmation before sending
 * or cancelling and refresh the progress while it sends.
 */
import { useEffect } from "react";
import { Form, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ExternalLink } from "~/components/ui/icons";
import { newsletterText } from "~/lib/messages/newsletter";

export interface NewsletterCardData {
  edition: { id: number; status: "scheduled" | "sending" | "paused" | "cancelled" | "sent" } | null;
  progress: { total: number; sent: number; failed: number; pending: number; skipped: number; cancelled: number };
  audience: number;
  testAddress: string;
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

export function NewsletterCard({
  postId,
  published,
  data,
  busy,
}: {
  postId: number;
  published: boolean;
  data: NewsletterCardData;
  busy: boolean;
}) {
  const { edition, progress, audience } = data;
  const started = edition && edition.status !== "scheduled" && !(edition.status === "cancelled" && progress.total === 0);
  const canSend = !edition || (edition.status === "cancelled" && progress.total === 0);
  useProgressRefresh(edition?.status === "sending");

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{newsletterText.title}</h2>
        </CardTitle>
        <CardDescription>{audience > 0 ? newsletterText.intro(audience) : newsletterText.noAudience}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {edition && (
          <p className="text-sm font-medium" data-testid="newsletter-status">
            {newsletterText.status[edition.status]}
          </p>
        )}
        {started && <Progress progress={progress} />}
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`/admin/posts/${postId}/newsletter`} target="_blank" rel="noopener noreferrer">
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
        <Form method="post" className="flex flex-wrap gap-2">
          {canSend && audience > 0 && (
            <Button
              type="submit"
              name="intent"
              value="newsletter-enviar"
              disabled={busy}
              onClick={confirmFirst(newsletterText.confirmSend(audience))}
            >
              {published ? newsletterText.sendNow : newsletterText.publishAndSend}
            </Button>
          )}
          {edition?.status === "sending" && (
            <Button type="submit" name="intent" value="newsletter-pausar" variant="outline" disabled={busy}>
              {newsletterText.pause}
            </Button>
          )}
          {edition?.status === "paused" && (
            <Button type="submit" name="intent" value="newsletter-retomar" disabled={busy}>
              {newsletterText.resume}
            </Button>
          )}
          {edition && ["scheduled", "sending", "paused"].includes(edition.status) && (
            <Button
              type="submit"
              name="intent"
              value="newsletter-cancelar"
              variant="outline"
              disabled={busy}
              onClick={confirmFirst(newsletterText.confirmCancel)}
            >
              {newsletterText.cancel}
            </Button>
          )}
        </Form>
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
