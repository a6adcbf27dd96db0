/**
 * How the admin shows a questionnaire: its lead page's fields, in page order
 * (/admin/leads/funil/questionarios/{id}), and each answer's text (a choice by its label), which
 * the list's cards (/admin/business-optimizations, the questionnaire's own page: no `LeadTypeInfo`
 * list) show too.
 */
import { choiceLabel } from "../../lib/lead-fields";
import { BUSINESS_OPTIMIZATION_CHOICES, BUSINESS_OPTIMIZATION_LABELS, type BusinessOptimizationField } from "./fields";
import type { LeadField } from "../define";

/** The answers, in page order. */
export const QUESTIONNAIRE_ANSWERS = Object.keys(BUSINESS_OPTIMIZATION_LABELS) as BusinessOptimizationField[];

/** The typed answers short enough for one line; the others are drawn as long text, with their line breaks. */
const SHORT: ReadonlySet<BusinessOptimizationField> = new Set(["companyName", "contactName", "email", "phone", "position"]);

/** An answer as the admin reads it: a choice by its label, anything else as it was typed. */
export function answerText(field: BusinessOptimizationField, value: string | null | undefined): string | null | undefined {
  const choices = BUSINESS_OPTIMIZATION_CHOICES[field];
  return choices ? choiceLabel(choices, value) : value;
}

type QuestionnaireField = LeadField & { key: BusinessOptimizationField | "createdAt" };

const questionnaireAdmin: { fields: QuestionnaireField[] } = {
  fields: [
    ...QUESTIONNAIRE_ANSWERS.map((key): QuestionnaireField => ({
      key,
      label: BUSINESS_OPTIMIZATION_LABELS[key],
      kind: key === "email" ? "email" : BUSINESS_OPTIMIZATION_CHOICES[key] || SHORT.has(key) ? "text" : "long",
    })),
    { key: "createdAt", label: "Enviado em", kind: "date" },
  ],
};

export default questionnaireAdmin;
