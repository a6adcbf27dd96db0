/**
 * Publishing controls of the post form (dialog) and the post's publishing page: the schedule
 * picker (Brasília time), the form's "Publicação" group, and the preview link with its copy button.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Check, Copy } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/use-toast";
import { postPageText, previewLinkText, scheduleText } from "~/lib/messages/publishing";
import { dateToBrasiliaLocal } from "~/lib/publishing";

/** The earliest minute the picker offers (the next one, in Brasília time). */
export function nextMinuteLocal(now = Date.now()): string {
  return dateToBrasiliaLocal(new Date(now + 60_000));
}

/**
 * A datetime-local field read as Brasília time. Controlled (the form dialog) with
 * `value`/`onChange`, or native (the publishing page's form, without JavaScript) with
 * `name`/`defaultValue`.
 */
export function SchedulePicker({
  id,
  name,
  value,
  defaultValue,
  onChange,
  error,
  disabled,
  hint = scheduleText.hint,
}: {
  id: string;
  name?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  error?: string;
  disabled?: boolean;
  hint?: string;
}) {
  // The minimum depends on the clock: set after hydration, so server and browser agree on the HTML.
  const [min, setMin] = useState<string | undefined>(undefined);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock is read once hydrated
  useEffect(() => setMin(nextMinuteLocal()), []);
  return (
    <FormField id={id} label={scheduleText.label} error={error} hint={hint}>
      <Input
        {...fieldA11y(id, error, { hint: true })}
        type="datetime-local"
        name={name}
        value={value}
        defaultValue={defaultValue}
        min={min}
        step={60}
        disabled={disabled}
        className="w-full sm:w-64"
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
      />
    </FormField>
  );
}

/**
 * The preview link, selectable as text (that works before hydration and without JavaScript), and
 * a copy button once scripts run (the clipboard needs them).
 */
export function PreviewLinkField({ id, url }: { id: string; url: string }) {
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the button exists only once scripts run
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: previewLinkText.copied, description: previewLinkText.copiedDescription });
    } catch {
      toast({ title: previewLinkText.copyFailed, variant: "destructive" });
      document.getElementById(id)?.focus();
    }
  }

  return (
    <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
      <Input
        id={id}
        readOnly
        value={url}
        aria-label={previewLinkText.title}
        className="min-w-0 flex-1 font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      {canCopy && (
        <Button type="button" variant="outline" onClick={() => void copy()} className="shrink-0">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? previewLinkText.copied : previewLinkText.copy}
        </Button>
      )}
    </div>
  );
}

/** The form's "Publicação" group: the spec's publish switch, and the schedule while unpublished. */
export function PublicationFields({
  id,
  switchId,
  values,
  error,
  onPublishedChange,
  onPublishAtChange,
}: {
  id: string;
  switchId: string;
  values: { published: boolean; publishAt: string };
  error?: string;
  onPublishedChange: (published: boolean) => void;
  onPublishAtChange: (local: string) => void;
}) {
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Publicação</legend>
      <div className="flex items-center gap-3">
        <Switch id={switchId} checked={values.published} onCheckedChange={onPublishedChange} />
        <Label htmlFor={switchId}>Publicado</Label>
      </div>
      <div className="grid gap-2" data-testid="schedule-picker">
        <p className="text-sm font-medium">{scheduleText.legend}</p>
        <div className="grid justify-items-start gap-3">
          <SchedulePicker
            id={id}
            value={values.published ? "" : values.publishAt}
            onChange={onPublishAtChange}
            disabled={values.published}
            error={error}
            hint={values.published ? scheduleText.publishedHint : scheduleText.hint}
          />
          {!values.published && values.publishAt && (
            <Button type="button" variant="outline" onClick={() => onPublishAtChange("")}>
              {scheduleText.cancel}
            </Button>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** The form's view of the preview link, and the way to the post's publishing page. */
export function PreviewLinkSection({ id, postId, url }: { id: string; postId: number; url: string | null }) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border border-border p-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {previewLinkText.title}
      </h3>
      {url ? <PreviewLinkField id={id} url={url} /> : <p className="text-sm text-muted-foreground">{previewLinkText.none}</p>}
      <Link to={`/admin/posts/${postId}`} className="w-fit text-sm font-medium text-primary hover:underline">
        {postPageText.title}
      </Link>
    </section>
  );
}
