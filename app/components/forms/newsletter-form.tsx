// STUB owned by the lead-capture issue: replace with the real newsletter form (SPEC §5, §8).
export function NewsletterForm({ className }: { className?: string }) {
  return <div className={className}>Newsletter</div>;
}
