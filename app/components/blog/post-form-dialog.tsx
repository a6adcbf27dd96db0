/**
 * 'Novo Post' / 'Editar post' form (SPEC §2, §4, §5): Zod rules shared with the API, automatic
 * slug (on for a new post, off when editing, regenerated when turned back on), cover upload, the
 * lazily loaded rich-text editor, the schedule, the SEO panel and the preview link
 * (docs/decisions/0060, 0062). A live post's changes can be saved as a draft that stays out of it.
 * The form's fields are checked with the schema the page's action reads them with, then posted to
 * that action (docs/decisions/0064).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Info } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { validateForm } from "~/lib/forms";
import { adminBlogText, blogText, blogToasts } from "~/lib/messages/blog";
import { pendingText } from "~/lib/messages/publishing";
import { postFormSchema, type PostFormValues } from "~/lib/schemas/blog";
import { slugify } from "~/lib/slug";
import { useAdminSubmit } from "../admin/use-admin-submit";
import { apiRequest, BLOG_ACTION, type BlogAnswer } from "./admin-api";
import { CoverImageField, uploadInlineImage } from "./cover-image-field";
import { EMPTY, formValues, type LoadedPost, postFormFields, type PostFromApi } from "./post-form-values";
import { PostSeoPanel, SEO_KEYS } from "./post-seo-panel";
import { PreviewLinkSection, PublicationFields } from "./publishing-controls";
import { SlugField } from "./slug-field";

// TipTap is big: it loads only when a post form opens, never on public pages.
const RichTextEditor = lazy(() => import("./rich-text-editor"));

const NO_CATEGORY = "none";

export function PostFormDialog({
  open,
  postId,
  categories,
  onOpenChange,
  onSaved,
  onCloseAutoFocus,
}: {
  open: boolean;
  /** null: a new post. */
  postId: number | null;
  categories: Array<{ id: number; name: string }>;
  onOpenChange: (open: boolean) => void;
  /** After a save, with the post's id, once the list shows the change; then the dialog closes. */
  onSaved: (id: number) => void;
  /** Where focus goes on close (default: back to the opener). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const editing = postId !== null;
  const [values, setValues] = useState<PostFormValues>(EMPTY);
  const [autoSlug, setAutoSlug] = useState(!editing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const save = useAdminSubmit<BlogAnswer>(BLOG_ACTION);
  const saving = save.busy;
  const [loaded, setLoaded] = useState<LoadedPost | null>(null);
  const [seoOpen, setSeoOpen] = useState(false);
  // Each opening gets a fresh editor (TipTap reads its content only when created).
  const [session, setSession] = useState(0);
  const content = useRef<HTMLDivElement>(null);
  const formId = useId();
  const ids = {
    title: `${formId}-title`,
    slug: `${formId}-slug`,

    category: `${formId}-category`,
    summary: `${formId}-summary`,
    image: `${formId}-image`,
    content: `${formId}-content`,
    contentLabel: `${formId}-content-label`,
    published: `${formId}-published`,
    publishAt: `${formId}-publish-at`,
    preview: `${formId}-preview`,
  };

  // Fresh state each time the dialog opens; an existing post is read from the API (SPEC §7).
  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fresh state each time the dialog opens
    setSession((n) => n + 1);
    setErrors({});
    setLoaded(null);
    setSeoOpen(false);
    if (!editing) {
      setValues(EMPTY);
      setAutoSlug(true);
      return;
    }
    setAutoSlug(false);
    setLoading(true);
    let cancelled = false;
    apiRequest<PostFromApi>("GET", `/api/blog/posts/${postId}`)
      .then((post) => {
        if (cancelled || !post) return;
        // Unpublished changes of a live post are what the admin goes on editing.
        setValues(formValues(post.pendingChanges?.values ?? post, post));
        setLoaded({
          id: post.id,
          published: post.published,
          previewLink: post.previewLink,
          pendingSavedAt: post.pendingChanges?.savedAt ?? null,
        });
      })
      .catch(() => {
        if (cancelled) return;
        toast({ ...blogToasts.loadPostError, variant: "destructive" });
        onOpenChange(false);
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, postId]);

  // An existing post opens on the dialog itself while it loads, then on 'Título' (decision 0031), unless
  // the admin has already moved on.
  useEffect(() => {
    if (!open || !editing || loading) return;
    const active = document.activeElement;
    if (active === content.current || active === document.body) document.getElementById(ids.title)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading]);

  function set<K extends keyof PostFormValues>(key: K, value: PostFormValues[K]) {
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (key === "title" && autoSlug) next.slug = slugify(String(value));
      return next;
    });
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  }

  function toggleAutoSlug(on: boolean) {
    setAutoSlug(on);
    if (on) setValues((v) => ({ ...v, slug: slugify(v.title) })); // SPEC §4: turning it on regenerates
  }

  function onSubmit(event: React.FormEvent, asDraft = false) {
    event.preventDefault();
    const fields = postFormFields(values);
    const checked = validateForm(postFormSchema, fields);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    // `autoSlug` is the form's own switch: never sent (SPEC §7). `salvar-rascunho` keeps a live
    // post's changes out of it.
    const intent = !editing ? "criar-post" : asDraft ? "salvar-rascunho" : "salvar-post";
    save.submit({ ...fields, intent, ...(editing ? { id: String(postId) } : {}) }, (answer) => {
      if (!answer.ok) {
        setErrors(answer.errors);
        focusFirstError(answer.errors);
        toast({ ...blogToasts.savePostError, variant: "destructive" });
        return;
      }
      toast(asDraft ? pendingText.savedAsDraft : editing ? blogToasts.postUpdated : blogToasts.postCreated);
      const id = postId ?? answer.id;
      if (id !== undefined) onSaved(id);
      onOpenChange(false);
    });
  }

  function focusFirstError(found: Record<string, string>) {
    const order = ["title", "slug", "categoryId", "summary", "imageUrl", "content", "publishAt", ...SEO_KEYS] as const;
    const first = order.find((k) => found[k]);
    if (!first) return;
    const id = {
      title: ids.title,
      slug: ids.slug,
      categoryId: ids.category,
      summary: ids.summary,
      imageUrl: ids.image,
      content: ids.content,
      publishAt: ids.publishAt,
      metaTitle: `${formId}-seo-meta-title`,
      metaDescription: `${formId}-seo-meta-description`,
      socialImageUrl: `${formId}-seo-social-image`,
      canonicalUrl: `${formId}-seo-canonical`,
      noindex: `${formId}-seo-noindex`,
    }[first];
    // A field of the closed SEO panel: open it first, then focus once it is shown.
    if ((SEO_KEYS as readonly string[]).includes(first)) setSeoOpen(true);
    requestAnimationFrame(() => {
      const el = document.getElementById(id);
      (el?.querySelector<HTMLElement>("[contenteditable]") ?? el)?.focus();
    });
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !saving && onOpenChange(o)}>
      <DialogContent
        ref={content}
        className="max-w-4xl sm:p-8"
        closeLabel="Fechar formulário"
        onOpenAutoFocus={(event) => {
          if (!editing) return; // 'Título', the first field
          event.preventDefault();
          content.current?.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{editing ? adminBlogText.editPost : adminBlogText.newPost}</DialogTitle>
          <DialogDescription>
            {editing ? "Altere os campos e salve para atualizar o post." : "Preencha os campos para criar um novo post."}
          </DialogDescription>
        </DialogHeader>
        {loading ? (
          <div className="grid gap-4" aria-busy="true">
            <p className="sr-only" role="status">
              Carregando post…
            </p>
            <Skeleton className="h-11" />
            <Skeleton className="h-11" />
            <Skeleton className="h-28" />
            <Skeleton className="h-72" />
          </div>
        ) : (
          <form id={formId} noValidate onSubmit={(e) => onSubmit(e)} className="grid grid-cols-[minmax(0,1fr)] gap-5">
            {loaded?.pendingSavedAt && (
              <p role="status" className="flex items-start gap-2 rounded-lg bg-secondary px-3 py-2 text-sm text-secondary-foreground">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                {pendingText.editorNotice(loaded.pendingSavedAt)}
              </p>
            )}
            <FormField id={ids.title} label="Título" required error={errors.title}>
              <Input
                {...fieldA11y(ids.title, errors.title)}
                value={values.title}
                maxLength={200}
                onChange={(e) => set("title", e.target.value)}
              />
            </FormField>

            <SlugField
              id={ids.slug}
              value={values.slug}
              auto={autoSlug}
              onAutoChange={toggleAutoSlug}
              onChange={(slug) => set("slug", slug)}
              error={errors.slug}
              maxLength={200}
              hint={<>Endereço do post: /blog/{values.slug || "…"}</>}
            />

            <FormField id={ids.category} label="Categoria" error={errors.categoryId}>
              <Select value={values.categoryId || NO_CATEGORY} onValueChange={(v) => set("categoryId", v === NO_CATEGORY ? "" : v)}>
                <SelectTrigger {...fieldA11y(ids.category, errors.categoryId)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_CATEGORY}>{blogText.noCategory}</SelectItem>
                  {categories.map((c) => (
                    <SelectItem key={c.id} value={String(c.id)}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>

            <FormField id={ids.summary} label="Resumo" required error={errors.summary}>
              <Textarea
                {...fieldA11y(ids.summary, errors.summary)}
                rows={3}
                value={values.summary}
                onChange={(e) => set("summary", e.target.value)}
              />
            </FormField>

            <CoverImageField id={ids.image} value={values.imageUrl} error={errors.imageUrl} onChange={(url) => set("imageUrl", url)} />

            <div className="grid gap-2" id={ids.content}>
              <span id={ids.contentLabel} className="text-sm font-medium leading-snug">
                Conteúdo
                <span aria-hidden="true" className="text-muted-foreground">
                  {" "}
                  *
                </span>
                <span className="sr-only"> (obrigatório)</span>
              </span>
              <Suspense fallback={<Skeleton className="h-84" />}>
                <RichTextEditor
                  key={session}
                  value={values.content}
                  onChange={(html) => set("content", html)}
                  labelledBy={ids.contentLabel}
                  describedBy={errors.content ? `${ids.content}-error` : undefined}
                  invalid={Boolean(errors.content)}
                  uploadImage={uploadInlineImage}
                />
              </Suspense>
              {errors.content && (
                <p id={`${ids.content}-error`} role="alert" className="text-sm text-destructive">
                  {errors.content}
                </p>
              )}
            </div>

            <PublicationFields
              id={ids.publishAt}
              switchId={ids.published}
              values={values}
              error={errors.publishAt}
              onPublishedChange={(v) => set("published", v)}
              onPublishAtChange={(v) => set("publishAt", v)}
            />

            <PostSeoPanel
              idPrefix={`${formId}-seo`}
              open={seoOpen}
              onOpenChange={setSeoOpen}
              values={values}
              errors={errors}
              onChange={set}
            />

            {loaded && <PreviewLinkSection id={ids.preview} postId={loaded.id} link={loaded.previewLink} />}
          </form>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
            {adminBlogText.cancel}
          </Button>
          {loaded?.published && values.published && (
            <Button type="button" variant="secondary" disabled={saving || loading} onClick={(e) => onSubmit(e, true)}>
              {pendingText.saveAsDraft}
            </Button>
          )}
          <Button type="submit" form={formId} disabled={saving || loading}>
            {saving && <Spinner size="sm" />}
            {saving ? "Salvando…" : editing ? "Salvar alterações" : "Criar post"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
