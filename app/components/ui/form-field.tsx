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
  /** A control shown at the end of the label's line (e.g. an "automatic" switch). */
  labelAside?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
};

export function FormField({ id, label, error, hint, required, labelAside, className, children }: FormFieldProps) {
  const labelElement = (
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
  );
  return (
    <div data-slot="form-field" className={cn("grid gap-2", className)}>
      {labelAside ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
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
