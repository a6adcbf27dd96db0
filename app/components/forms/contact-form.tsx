// STUB owned by the lead-capture issue: replace with the real contact form (SPEC §5).
export function ContactForm({ source = "home" }: { source?: string }) {
  return <div data-contact-form={source} className="rounded-xl border border-dashed border-border p-8 text-muted-foreground">Formulário de contato</div>;
}
