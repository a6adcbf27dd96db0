/**
 * 'Nova Categoria' / 'Editar categoria' form (SPEC §2, §4, §5): its fields are checked with the
 * schema the page's action reads them with, then posted to that action (docs/decisions/0064).
 */
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { validateForm } from "~/lib/forms";
import { adminBlogText, blogToasts } from "~/lib/messages/blog";
import { categorySchema, type CategoryFormValues } from "~/lib/schemas/blog";
import { slugify } from "~/lib/slug";
import { useAdminSubmit } from "../admin/use-admin-submit";
import { BLOG_ACTION, type BlogAnswer } from "./admin-api";
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
  /** After a save, with the category's id, once the list shows the change; then the dialog closes. */
  onSaved: (id: number) => void;
  /** Where focus goes on close (default: back to the opener). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const editing = category !== null;
  const [values, setValues] = useState<CategoryFormValues>({ name: "", slug: "", description: "" });
  const [autoSlug, setAutoSlug] = useState(!editing);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAdminSubmit<BlogAnswer>(BLOG_ACTION);
  const saving = save.busy;
  const formId = useId();
  const ids = { name: `${formId}-name`, slug: `${formId}-slug`, description: `${formId}-description` };

  useEffect(() => {
    if (!open) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fresh state each time the dialog opens
    setErrors({});
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

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const checked = validateForm(categorySchema, { ...values });
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    const fields = editing ? { ...values, intent: "salvar-categoria", id: String(category.id) } : { ...values, intent: "criar-categoria" };
    save.submit(fields, (answer) => {
      if (!answer.ok) {
        setErrors(answer.errors);
        focusFirstError(answer.errors);
        toast({ ...blogToasts.saveCategoryError, variant: "destructive" });
        return;
      }
      toast(editing ? blogToasts.categoryUpdated : blogToasts.categoryCreated);
      const id = category?.id ?? answer.id;
      if (id !== undefined) onSaved(id);
      onOpenChange(false);
    });
  }

  function focusFirstError(found: Record<string, string>) {
    document.getElementById(found.name ? ids.name : found.slug ? ids.slug : ids.description)?.focus();
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
            {saving ? "Salvando…" : editing ? "Salvar alterações" : "Criar categoria"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
