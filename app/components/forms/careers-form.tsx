// STUB owned by the lead-capture issue: replace with the real application form (SPEC §5).
// `selectedPosition` changes when a job's "Candidatar-se" button is used: the form pre-fills it.
export function CareersForm({ positions, selectedPosition }: { positions: string[]; selectedPosition?: string }) {
  return (
    <div className="rounded-xl border border-dashed border-border p-8 text-muted-foreground">
      Formulário de candidatura ({positions.length} vagas) {selectedPosition}
    </div>
  );
}
