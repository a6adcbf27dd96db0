/**
 * Publishing controls of the post form (dialog) and the post's publishing page: the schedule
 * picker (Brasília time), the form's "Publicação" group, and the preview link (shown once, when
 * made, with its copy button; afterwards until when it works: docs/decisions/0109).
 */
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { LinkValidity, NewSecretLink, type SecretLinkTexts } from "~/components/admin/secret-link";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/use-toast";
import { postPageText, previewLinkText, scheduleText } from "~/lib/messages/publishing";
import { dateToBrasiliaLocal } from "~/lib/publishing";
import { apiRequest } from "./admin-api";

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

/** The preview link's texts for the shared secret-link field. */
const PREVIEW_LINK_TEXTS: SecretLinkTexts = {
  label: previewLinkText.title,
  copy: previewLinkText.copy,
  copied: previewLinkText.copied,
  copiedDescription: previewLinkText.copiedDescription,
  copyFailed: previewLinkText.copyFailed,
  shownOnce: previewLinkText.shownOnce,
};

/** A preview link just made: the only time its address is shown (docs/decisions/0109). */
export function NewPreviewLink({ id, url, expiresAt }: { id: string; url: string; expiresAt: Date | string }) {
  return <NewSecretLink id={id} url={url} expiresAt={expiresAt} validUntil={previewLinkText.validUntil} texts={PREVIEW_LINK_TEXTS} />;
}

/** What the admin knows of an existing link: until when it works, or that it expired, or that there is none. */
export function PreviewLinkStatus({ link }: { link: { expiresAt: Date | string; expired: boolean } | null }) {
  if (!link) return <p className="text-sm text-muted-foreground">{previewLinkText.none}</p>;
  return (
    <div className="grid gap-1" data-testid="preview-link-status">
      <LinkValidity prefix={link.expired ? previewLinkText.expiredOn : previewLinkText.validUntil} at={link.expiresAt} />
      <p className="text-sm text-muted-foreground">{link.expired ? previewLinkText.expired : previewLinkText.active}</p>
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

/**
 * The form's view of the preview link: its state, 'Gerar novo link' (a new link, shown here once;
 * the dialog needs scripts anyway), and the way to the post's publishing page.
 */
export function PreviewLinkSection({
  id,
  postId,
  link,
}: {
  id: string;
  postId: number;
  link: { expiresAt: Date | string; expired: boolean } | null;
}) {
  const [created, setCreated] = useState<{ url: string; expiresAt: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function generate() {
    setBusy(true);
    try {
      const answer = await apiRequest<{ previewUrl: string; expiresAt: string }>("POST", `/api/blog/posts/${postId}/preview-link`);
      if (!answer) throw new Error("no link");
      setCreated({ url: answer.previewUrl, expiresAt: answer.expiresAt });
      toast({ title: previewLinkText.created });
    } catch {
      toast({ title: previewLinkText.createFailed, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border border-border p-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {previewLinkText.title}
      </h3>
      {created ? <NewPreviewLink id={id} url={created.url} expiresAt={created.expiresAt} /> : <PreviewLinkStatus link={link} />}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="button" variant="outline" onClick={() => void generate()} disabled={busy}>
          {previewLinkText.create}
        </Button>
        <Link to={`/admin/posts/${postId}`} className="w-fit text-sm font-medium text-primary hover:underline">
          {postPageText.title}
        </Link>
      </div>
    </section>
  );
}
