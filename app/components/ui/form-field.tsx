import * as React from "react";

import { cn } from "~/lib/utils";
import { Label } from "./label";

/**
 * Accessibility props to spread on the control inside a `FormField`:
 * `<Input {...fieldA11y("email", errors.email)} />`.
 * Pass `{ hint: true }` when the field shows a hint so it is announced too.
 */
export function fieldA11y(
  id: string,
  error?: string | null,
  options: { hint?: boolean } = {},
): { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined } {
  const describedBy = [options.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

export type FormFieldProps = {
  /** Id of the control; the label points at it and the error gets `${id}-error`. */
  id: string;
  label: React.ReactNode;
  error?: string | null;
  hint?: React.ReactNode;
  required?: boolean;
  className?: string;
  children: React.ReactNode;
};

export function FormField({ id, label, error, hint, required, className, children }: FormFieldProps) {
  return (
    <div data-slot="form-field" className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <>
            <span aria-hidden="true" className="text-muted-foreground">
              {" *"}
            </span>
            <span className="sr-only"> (obrigatório)</span>
          </>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
