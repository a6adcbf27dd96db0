/**
 * 'Novo Post' / 'Editar Post' form (SPEC §2, §4, §5): Zod rules shared with the API, automatic
 * slug (on for a new post, off when editing, regenerated when turned back on), cover upload and
 * the lazily loaded rich-text editor.
 */
import { ImagePlus, Trash2 } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { fieldErrors } from "~/lib/form-errors";
import { adminBlogText, blogText, blogToasts } from "~/lib/messages/blog";
import { postSchema, type PostFormValues } from "~/lib/schemas/blog";
import { slugify } from "~/lib/slug";
import { ApiError, apiRequest, uploadImage } from "./admin-api";
import { SlugField } from "./slug-field";

// TipTap is big: it loads only when a post form opens, never on public pages.
const RichTextEditor = lazy(() => import("./rich-text-editor"));

const EMPTY: PostFormValues = { title: "", slug: "", summary: "", content: "", categoryId: "", imageUrl: "", published: false };
const NO_CATEGORY = "none";

interface PostFromApi {
  title: string;
  slug: string;
  summary: string;
  content: string;
  categoryId: number | null;
  imageUrl: string | null;
  published: boolean;
}

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
  /** After a save, with the post's id; the dialog closes once it resolves (the list shows the change). */
  onSaved: (id: number) => Promise<void> | void;
  /** Where focus goes on close (default: back to the opener). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const editing = postId !== null;
  const [values, setValues] = useState<PostFormValues>(EMPTY);
  const [autoSlug, setAutoSlug] = useState(!editing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [uploadingCover, setUploadingCover] = useState(false);
  // Each opening gets a fresh editor (TipTap reads its content only when created).
  const [session, setSession] = useState(0);
  const coverInput = useRef<HTMLInputElement>(null);
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
  };

  // Fresh state each time the dialog opens; an existing post is read from the API (SPEC §7).
  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fresh state each time the dialog opens
    setSession((n) => n + 1);
    setErrors({});
    setSaving(false);
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
        setValues({
          title: post.title,
          slug: post.slug,
          summary: post.summary,
          content: post.content,
          categoryId: post.categoryId === null ? "" : String(post.categoryId),
          imageUrl: post.imageUrl ?? "",
          published: post.published,
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

  // An existing post opens on the dialog itself while it loads, then on 'Título' (issue 23), unless
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

  async function onCoverFile(file: File | undefined) {
    if (!file) return;
    setUploadingCover(true);
    try {
      const image = await uploadImage(file);
      set("imageUrl", image.url);
    } catch (error) {
      toast({
        ...blogToasts.uploadError,
        description: error instanceof ApiError ? error.message : blogToasts.uploadError.description,
        variant: "destructive",
      });
    } finally {
      setUploadingCover(false);
      if (coverInput.current) coverInput.current.value = "";
    }
  }

  async function uploadInline(file: File): Promise<string | null> {
    try {
      return (await uploadImage(file)).url;
    } catch (error) {
      toast({
        ...blogToasts.uploadError,
        description: error instanceof ApiError ? error.message : blogToasts.uploadError.description,
        variant: "destructive",
      });
      return null;
    }
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = postSchema.safeParse({
      ...values,
      categoryId: values.categoryId || null,
      imageUrl: values.imageUrl || null,
    });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setSaving(true);
    try {
      // autoSlug is a form-only flag: never sent (SPEC §7).
      const saved = await apiRequest<{ id: number }>(
        editing ? "PUT" : "POST",
        editing ? `/api/blog/posts/${postId}` : "/api/blog/posts",
        parsed.data,
      );
      toast(editing ? blogToasts.postUpdated : blogToasts.postCreated);
      const id = postId ?? saved?.id;
      if (id !== undefined) await onSaved(id);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        setErrors(error.errors);
        focusFirstError(error.errors);
      }
      toast({ ...blogToasts.savePostError, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  function focusFirstError(found: Record<string, string>) {
    const order = ["title", "slug", "categoryId", "summary", "imageUrl", "content"] as const;
    const first = order.find((k) => found[k]);
    if (!first) return;
    const id = {
      title: ids.title,
      slug: ids.slug,
      categoryId: ids.category,
      summary: ids.summary,
      imageUrl: ids.image,
      content: ids.content,
    }[first];
    const el = document.getElementById(id);
    (el?.querySelector<HTMLElement>("[contenteditable]") ?? el)?.focus();
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
          <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-5">
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

            <FormField
              id={ids.image}
              label="Imagem de capa (URL)"
              error={errors.imageUrl}
              hint="Envie uma imagem JPEG, PNG ou WebP de até 5 MB, ou informe um endereço."
            >
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                {values.imageUrl && (
                  <img
                    src={values.imageUrl}
                    alt=""
                    className="aspect-[1200/630] w-full rounded-lg border border-border object-cover sm:w-40"
                  />
                )}
                <div className="flex flex-1 flex-col gap-2">
                  <Input
                    {...fieldA11y(ids.image, errors.imageUrl, { hint: true })}
                    value={values.imageUrl}
                    placeholder="/media/… ou https://…"
                    onChange={(e) => set("imageUrl", e.target.value)}
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button type="button" variant="outline" size="sm" disabled={uploadingCover} onClick={() => coverInput.current?.click()}>
                      {uploadingCover ? <Spinner size="sm" /> : <ImagePlus />}
                      {uploadingCover ? "Enviando…" : "Enviar imagem"}
                    </Button>
                    {values.imageUrl && (
                      <Button type="button" variant="ghost" size="sm" onClick={() => set("imageUrl", "")}>
                        <Trash2 />
                        Remover imagem
                      </Button>
                    )}
                  </div>
                  <input
                    ref={coverInput}
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    className="hidden"
                    tabIndex={-1}
                    aria-hidden="true"
                    data-testid="cover-file"
                    onChange={(e) => void onCoverFile(e.target.files?.[0])}
                  />
                </div>
              </div>
            </FormField>

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
                  uploadImage={uploadInline}
                />
              </Suspense>
              {errors.content && (
                <p id={`${ids.content}-error`} role="alert" className="text-sm text-destructive">
                  {errors.content}
                </p>
              )}
            </div>

            <div className="flex items-center gap-3">
              <Switch id={ids.published} checked={values.published} onCheckedChange={(v) => set("published", v)} />
              <Label htmlFor={ids.published}>Publicado</Label>
            </div>
          </form>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
            {adminBlogText.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={saving || loading}>
            {saving && <Spinner size="sm" />}
            {saving ? "Salvando…" : editing ? "Salvar alterações" : "Criar Post"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
