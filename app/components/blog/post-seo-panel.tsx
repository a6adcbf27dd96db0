/**
 * The post form's "SEO e compartilhamento" panel (docs/decisions/0062): meta title and
 * description with their character counts and length hints, a Google-style result preview, the
 * social image with a sharing-card preview, the canonical URL and `noindex`. Blank fields fall
 * back to the post's title, summary and cover, as the public page does.
 */
import { Checkbox } from "~/components/ui/checkbox";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { ChevronDown } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { seoText } from "~/lib/messages/publishing";
import { SEO_LIMITS } from "~/lib/publishing";
import type { PostFormValues } from "~/lib/schemas/blog";
import { DEFAULT_OG_IMAGE } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";

export type SeoKey = "metaTitle" | "metaDescription" | "socialImageUrl" | "canonicalUrl" | "noindex";
export const SEO_KEYS: readonly SeoKey[] = ["metaTitle", "metaDescription", "socialImageUrl", "canonicalUrl", "noindex"];

/** The title search engines get: the page's `<title>` adds the site's name (app/lib/seo.ts). */
export function fullTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/** Cut at a word near `max` characters, as Google's "…" does (it measures pixels; this is close). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()} …`;
}

type Verdict = "good" | "long" | "short" | "default";

function titleVerdict(value: string, length: number): Verdict {
  if (!value) return "default";
  return length > SEO_LIMITS.metaTitle.ideal ? "long" : "good";
}

function descriptionVerdict(value: string): Verdict {
  if (!value) return "default";
  if (value.length > SEO_LIMITS.metaDescription.ideal) return "long";
  return value.length < SEO_LIMITS.metaDescription.idealMin ? "short" : "good";
}

const VERDICT_TEXT: Record<Verdict, string> = {
  good: seoText.good,
  long: seoText.tooLong,
  short: seoText.tooShort,
  default: seoText.usingDefault,
};

function Counter({ id, length, ideal, verdict }: { id: string; length: number; ideal: number; verdict: Verdict }) {
  return (
    <p id={id} className="flex flex-wrap justify-between gap-x-3 text-xs">
      <span
        className={cn(
          "font-medium",
          verdict === "long"
            ? "text-destructive"
            : verdict === "short"
              ? "text-amber-700"
              : verdict === "good"
                ? "text-success"
                : "text-muted-foreground",
        )}
      >
        {VERDICT_TEXT[verdict]}
      </span>
      <span className="tabular-nums text-muted-foreground">{seoText.count(length, ideal)}</span>
    </p>
  );
}

export function PostSeoPanel({
  idPrefix,
  open,
  onOpenChange,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: PostFormValues;
  errors: Record<string, string>;
  onChange: <K extends SeoKey>(key: K, value: PostFormValues[K]) => void;
}) {
  const ids = {
    metaTitle: `${idPrefix}-meta-title`,
    metaDescription: `${idPrefix}-meta-description`,
    socialImageUrl: `${idPrefix}-social-image`,
    canonicalUrl: `${idPrefix}-canonical`,
    noindex: `${idPrefix}-noindex`,
  };
  const title = fullTitle(values.metaTitle || values.title || "Título do post");
  const description = values.metaDescription || values.summary || "";
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const host = origin.replace(/^https?:\/\//, "") || "agileia.com.br";
  const image = values.socialImageUrl || values.imageUrl || DEFAULT_OG_IMAGE;
  const titleLength = values.metaTitle ? fullTitle(values.metaTitle).length : 0;

  return (
    <details
      open={open}
      onToggle={(e) => onOpenChange(e.currentTarget.open)}
      className="group rounded-xl border border-border bg-muted/30"
      data-testid="seo-panel"
    >
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        {seoText.legend}
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 border-t border-border px-4 pt-4 pb-5">
        <p className="text-sm text-muted-foreground">{seoText.intro}</p>
        <FormField id={ids.metaTitle} label={seoText.metaTitle} error={errors.metaTitle}>
          <Input
            {...fieldA11y(ids.metaTitle, errors.metaTitle)}
            aria-describedby={[`${ids.metaTitle}-count`, errors.metaTitle ? `${ids.metaTitle}-error` : ""].filter(Boolean).join(" ")}
            value={values.metaTitle}
            maxLength={SEO_LIMITS.metaTitle.max}
            placeholder={values.title}
            onChange={(e) => onChange("metaTitle", e.target.value)}
          />
          <Counter
            id={`${ids.metaTitle}-count`}
            length={titleLength}
            ideal={SEO_LIMITS.metaTitle.ideal}
            verdict={titleVerdict(values.metaTitle, titleLength)}
          />
        </FormField>
        <FormField id={ids.metaDescription} label={seoText.metaDescription} error={errors.metaDescription}>
          <Textarea
            {...fieldA11y(ids.metaDescription, errors.metaDescription)}
            aria-describedby={[`${ids.metaDescription}-count`, errors.metaDescription ? `${ids.metaDescription}-error` : ""]
              .filter(Boolean)
              .join(" ")}
            rows={3}
            value={values.metaDescription}
            maxLength={SEO_LIMITS.metaDescription.max}
            placeholder={values.summary}
            onChange={(e) => onChange("metaDescription", e.target.value)}
          />
          <Counter
            id={`${ids.metaDescription}-count`}
            length={values.metaDescription.length}
            ideal={SEO_LIMITS.metaDescription.ideal}
            verdict={descriptionVerdict(values.metaDescription)}
          />
        </FormField>

        <figure
          className="m-0 grid min-w-0 max-w-[600px] grid-cols-[minmax(0,1fr)] content-start gap-2"
          aria-labelledby={`${idPrefix}-snippet-caption`}
        >
          <figcaption id={`${idPrefix}-snippet-caption`} className="text-sm font-medium">
            {seoText.preview}
          </figcaption>
          <div className="rounded-lg border border-border bg-background p-4 font-[Arial,sans-serif]" data-testid="serp-preview">
            <div className="flex items-center gap-2">
              <span className="grid size-7 shrink-0 place-items-center rounded-full bg-muted text-xs font-bold text-primary" aria-hidden>
                A
              </span>
              <span className="min-w-0 text-xs leading-tight">
                <span className="block text-[#202124]">{SITE_NAME}</span>
                <span className="block truncate text-[#4d5156]">
                  {host} › blog › {values.slug || "…"}
                </span>
              </span>
            </div>
            <p className="mt-2 text-lg leading-snug break-words text-[#1a0dab]">{clip(title, SEO_LIMITS.metaTitle.ideal)}</p>
            <p className="mt-1 text-sm leading-normal break-words text-[#4d5156]">{clip(description, SEO_LIMITS.metaDescription.ideal)}</p>
          </div>
        </figure>

        <FormField id={ids.socialImageUrl} label={seoText.socialImage} error={errors.socialImageUrl} hint={seoText.socialImageHint}>
          <Input
            {...fieldA11y(ids.socialImageUrl, errors.socialImageUrl, { hint: true })}
            value={values.socialImageUrl}
            placeholder={values.imageUrl || "/media/… ou https://…"}
            onChange={(e) => onChange("socialImageUrl", e.target.value)}
          />
        </FormField>
        <figure
          className="m-0 grid min-w-0 max-w-sm grid-cols-[minmax(0,1fr)] content-start gap-2"
          aria-labelledby={`${idPrefix}-social-caption`}
        >
          <figcaption id={`${idPrefix}-social-caption`} className="text-sm font-medium">
            {seoText.socialPreview}
          </figcaption>
          <div className="overflow-hidden rounded-lg border border-border bg-background" data-testid="social-preview">
            <img src={image} alt="" className="aspect-[1200/630] w-full bg-muted object-cover" />
            <div className="border-t border-border bg-muted/50 px-3 py-2">
              <p className="text-xs text-muted-foreground uppercase">{host}</p>
              <p className="truncate text-sm font-semibold">{title}</p>
            </div>
          </div>
        </figure>

        <FormField id={ids.canonicalUrl} label={seoText.canonical} error={errors.canonicalUrl} hint={seoText.canonicalHint}>
          <Input
            {...fieldA11y(ids.canonicalUrl, errors.canonicalUrl, { hint: true })}
            value={values.canonicalUrl}
            inputMode="url"
            placeholder={`${origin}/blog/${values.slug || "…"}`}
            onChange={(e) => onChange("canonicalUrl", e.target.value)}
          />
        </FormField>

        <div className="flex items-start gap-3">
          <Checkbox
            id={ids.noindex}
            checked={values.noindex}
            onCheckedChange={(v) => onChange("noindex", v === true)}
            aria-describedby={`${ids.noindex}-hint`}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor={ids.noindex}>{seoText.noindex}</Label>
            <p id={`${ids.noindex}-hint`} className="text-xs text-muted-foreground">
              {seoText.noindexHint}
            </p>
          </div>
        </div>
      </div>
    </details>
  );
}
