/**
 * A standalone newsletter edition's subject and body (docs/decisions/0131): a native form, so it
 * works before scripts load. The body is the blog's HTML or plain text (blank lines make
 * paragraphs); the server sanitises it as it sanitises a post.
 */
import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { fieldA11y, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { editionFormText } from "~/lib/messages/newsletter";

export function NewsletterEditionForm({
  intent,
  submitLabel,
  values,
  errors,
  busy,
  rows = 14,
  children,
}: {
  intent: string;
  submitLabel: string;
  values: { subject?: string; content?: string };
  errors: Record<string, string>;
  busy: boolean;
  /** The text box's height in lines. */
  rows?: number;
  /** More buttons beside the submit one. */
  children?: React.ReactNode;
}) {
  const id = useId();
  const subject = `${id}-assunto`;
  const content = `${id}-texto`;
  return (
    <Form method="post" className="grid gap-4" noValidate>
      <FormField id={subject} label={editionFormText.subject} required error={errors.subject}>
        <Input {...fieldA11y(subject, errors.subject)} name="subject" defaultValue={values.subject} maxLength={200} required />
      </FormField>
      <FormField id={content} label={editionFormText.body} required error={errors.content} hint={editionFormText.bodyHint}>
        <Textarea
          {...fieldA11y(content, errors.content, { hint: true })}
          name="content"
          defaultValue={values.content}
          rows={rows}
          required
          className="font-mono text-sm"
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value={intent} disabled={busy}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </Form>
  );
}
