/** 'Nova Categoria' / 'Editar Categoria' form (SPEC §2, §4, §5). */
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { fieldErrors } from "~/lib/form-errors";
import { adminBlogText, blogToasts } from "~/lib/messages/blog";
import { categorySchema, type CategoryFormValues } from "~/lib/schemas/blog";
import { slugify } from "~/lib/slug";
import { ApiError, apiRequest } from "./admin-api";
import { SlugField } from "./slug-field";

export interface EditableCategory {
  id: number;
  name: string;
  slug: string;
  description: string | null;
}

export function CategoryFormDialog({
  open,
  category,
  onOpenChange,
  onSaved,
  onCloseAutoFocus,
}: {
  open: boolean;
  /** null: a new category. */
  category: EditableCategory | null;
  onOpenChange: (open: boolean) => void;
  /** After a save, with the category's id; the dialog closes once it resolves (the list shows the change). */
  onSaved: (id: number) => Promise<void> | void;
  /** Where focus goes on close (default: back to the opener). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const editing = category !== null;
  const [values, setValues] = useState<CategoryFormValues>({ name: "", slug: "", description: "" });
  const [autoSlug, setAutoSlug] = useState(!editing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formId = useId();
  const ids = { name: `${formId}-name`, slug: `${formId}-slug`, description: `${formId}-description` };

  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fresh state each time the dialog opens
    setErrors({});
    setSaving(false);
    setValues(
      category
        ? { name: category.name, slug: category.slug, description: category.description ?? "" }
        : { name: "", slug: "", description: "" },
    );
    setAutoSlug(!category); // SPEC §4: on for a new item, off when editing
  }, [open, category]);

  function set<K extends keyof CategoryFormValues>(key: K, value: string) {
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (key === "name" && autoSlug) next.slug = slugify(value);
      return next;
    });
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  }

  function toggleAutoSlug(on: boolean) {
    setAutoSlug(on);
    if (on) setValues((v) => ({ ...v, slug: slugify(v.name) }));
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = categorySchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      document.getElementById(found.name ? ids.name : found.slug ? ids.slug : ids.description)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await apiRequest<{ id: number }>(
        editing ? "PUT" : "POST",
        editing ? `/api/blog/categories/${category.id}` : "/api/blog/categories",
        parsed.data,
      );
      toast(editing ? blogToasts.categoryUpdated : blogToasts.categoryCreated);
      const id = category?.id ?? saved?.id;
      if (id !== undefined) await onSaved(id);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      toast({ ...blogToasts.saveCategoryError, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !saving && onOpenChange(o)}>
      <DialogContent closeLabel="Fechar formulário" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{editing ? adminBlogText.editCategory : adminBlogText.newCategory}</DialogTitle>
          <DialogDescription>
            {editing ? "Altere os campos e salve para atualizar a categoria." : "Preencha os campos para criar uma nova categoria."}
          </DialogDescription>
        </DialogHeader>
        <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-5">
          <FormField id={ids.name} label="Nome" required error={errors.name}>
            <Input
              {...fieldA11y(ids.name, errors.name)}
              value={values.name}
              maxLength={100}
              onChange={(e) => set("name", e.target.value)}
            />
          </FormField>
          <SlugField
            id={ids.slug}
            value={values.slug}
            auto={autoSlug}
            onAutoChange={toggleAutoSlug}
            onChange={(slug) => set("slug", slug)}
            error={errors.slug}
            maxLength={100}
          />
          <FormField id={ids.description} label="Descrição" error={errors.description}>
            <Textarea
              {...fieldA11y(ids.description, errors.description)}
              rows={3}
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
            {adminBlogText.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={saving}>
            {saving && <Spinner size="sm" />}
            {saving ? "Salvando…" : editing ? "Salvar alterações" : "Criar Categoria"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
