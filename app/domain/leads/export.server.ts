/** CSV export of a lead list, with the protections of app/infra/csv.server.ts. */
import { toCsv } from "~/infra/csv.server";
import { formatDateTime } from "~/lib/dates";
import { consultationStatusLabel } from "~/lib/lead-fields";
import { LEAD_TYPE_INFO, subscriptionStatusLabel, type LeadType } from "~/lib/lead-types";
import { listLeads } from "./admin.server";
import { unsubscribeUrl } from "./newsletter.server";

/** A lead value as people read it (dates in Brasília time, status labels); toCsv guards formulas. */
function csvCell(type: LeadType, key: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return formatDateTime(value);
  const text = String(value);
  if (key === "status") return type === "newsletter" ? subscriptionStatusLabel(text) : consultationStatusLabel(text);
  return text;
}

/** UTF-8 with BOM and ';' separators, as Excel in pt-BR opens it (accents and columns intact). */
export async function exportLeadsCsv(type: LeadType, q?: string): Promise<{ csv: string; count: number }> {
  const { rows } = await listLeads(type, { q, pageSize: 100_000 });
  const fields = LEAD_TYPE_INFO[type].fields;
  const extra = type === "newsletter" ? [{ key: "unsubscribeUrl", label: "Link de descadastro" }] : [];
  const columns = [...fields, ...extra];
  const records = rows.map((row) =>
    columns.map((f) => (f.key === "unsubscribeUrl" ? unsubscribeUrl(String(row.unsubscribeToken)) : csvCell(type, f.key, row[f.key]))),
  );
  const header = columns.map((f) => f.label);
  const csv = toCsv([header, ...records]);
  return { csv, count: rows.length };
}

export function csvFileName(type: LeadType): string {
  return `${type}-${new Date().toISOString().slice(0, 10)}.csv`;
}
