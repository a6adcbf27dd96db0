/**
 * Secret links in the admin (docs/decisions/0109): only a link's hash is stored, so its address
 * is shown once, when it is made, with a copy button and a note saying so; afterwards the admin
 * sees until when it works. Used by the post's preview link and the agenda's calendar feed.
 */
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Check, Copy } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/use-toast";
import { formatDate } from "~/lib/dates";

export interface SecretLinkTexts {
  /** The field's accessible name. */
  label: string;
  copy: string;
  copied: string;
  copiedDescription: string;
  copyFailed: string;
  /** That the address will not be shown again. */
  shownOnce: string;
}

/** "Válido até 12/01/2027" (pt-BR, Brasília), or what the caller says before the date ("O link expirou em"). */
export function LinkValidity({ prefix, at }: { prefix: string; at: Date | string }) {
  const iso = new Date(at).toISOString();
  return (
    <p className="text-sm font-medium">
      {`${prefix} `}
      <time dateTime={iso}>{formatDate(iso)}</time>
    </p>
  );
}

/**
 * A link just made: selectable as text (that works before hydration and without JavaScript), a
 * copy button once scripts run (the clipboard needs them), its expiry, and that it is shown once.
 */
export function NewSecretLink({
  id,
  url,
  expiresAt,
  validUntil,
  texts,
}: {
  id: string;
  url: string;
  expiresAt: Date | string;
  validUntil: string;
  texts: SecretLinkTexts;
}) {
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
      toast({ title: texts.copied, description: texts.copiedDescription });
    } catch {
      toast({ title: texts.copyFailed, variant: "destructive" });
      document.getElementById(id)?.focus();
    }
  }

  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
        <Input
          id={id}
          readOnly
          value={url}
          aria-label={texts.label}
          aria-describedby={`${id}-once`}
          className="min-w-0 flex-1 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        {canCopy && (
          <Button type="button" variant="outline" onClick={() => void copy()} className="shrink-0">
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? texts.copied : texts.copy}
          </Button>
        )}
      </div>
      <LinkValidity prefix={validUntil} at={expiresAt} />
      <p id={`${id}-once`} className="rounded-lg border border-primary/30 bg-secondary px-3 py-2 text-sm font-medium">
        {texts.shownOnce}
      </p>
    </div>
  );
}
