/** The slug input of the post and category forms, with its 'Gerar automaticamente' switch (SPEC §4). */
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { slugify } from "~/lib/slug";
import type { ReactNode } from "react";

export function SlugField({
  id,
  value,
  auto,
  onAutoChange,
  onChange,
  error,
  maxLength,
  hint,
}: {
  id: string;
  value: string;
  /** While on, the slug follows the title or name and cannot be typed. */
  auto: boolean;
  onAutoChange: (on: boolean) => void;
  onChange: (slug: string) => void;
  error?: string;
  maxLength: number;
  hint?: ReactNode;
}) {
  const autoId = `${id}-auto`;
  return (
    <FormField
      id={id}
      label="Slug"
      required
      error={error}
      hint={hint}
      labelAside={
        <div className="flex items-center gap-2">
          <Switch id={autoId} checked={auto} onCheckedChange={onAutoChange} />
          <Label htmlFor={autoId} className="font-normal">
            Gerar automaticamente
          </Label>
        </div>
      }
    >
      <Input
        {...fieldA11y(id, error, { hint: Boolean(hint) })}
        value={value}
        maxLength={maxLength}
        disabled={auto}
        onChange={(e) => onChange(e.target.value)}
        // Typed freely, normalised on leaving the field.
        onBlur={(e) => onChange(slugify(e.target.value))}
      />
    </FormField>
  );
}
