/**
 * The post form's cover: an address, or an upload (JPEG, PNG or WebP up to 5 MB, checked again
 * by the server), with a thumbnail; and the editor's inline image upload, with the same toasts.
 */
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { ImagePlus, Trash2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/use-toast";
import { blogToasts } from "~/lib/messages/blog";
import { ApiError, uploadImage } from "./admin-api";

function uploadFailed(error: unknown) {
  toast({
    ...blogToasts.uploadError,
    description: error instanceof ApiError ? error.message : blogToasts.uploadError.description,
    variant: "destructive",
  });
}

/** For the rich-text editor: the image's address, or null after the toast. */
export async function uploadInlineImage(file: File): Promise<string | null> {
  try {
    return (await uploadImage(file)).url;
  } catch (error) {
    uploadFailed(error);
    return null;
  }
}

export function CoverImageField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (url: string) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      onChange((await uploadImage(file)).url);
    } catch (failure) {
      uploadFailed(failure);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <FormField
      id={id}
      label="Imagem de capa (URL)"
      error={error}
      hint="Envie uma imagem JPEG, PNG ou WebP de até 5 MB, ou informe um endereço."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {value && <img src={value} alt="" className="aspect-[1200/630] w-full rounded-lg border border-border object-cover sm:w-40" />}
        <div className="flex flex-1 flex-col gap-2">
          <Input
            {...fieldA11y(id, error, { hint: true })}
            value={value}
            placeholder="/media/… ou https://…"
            onChange={(e) => onChange(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" disabled={uploading} onClick={() => input.current?.click()}>
              {uploading ? <Spinner size="sm" /> : <ImagePlus />}
              {uploading ? "Enviando…" : "Enviar imagem"}
            </Button>
            {value && (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange("")}>
                <Trash2 />
                Remover imagem
              </Button>
            )}
          </div>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="cover-file"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
      </div>
    </FormField>
  );
}
