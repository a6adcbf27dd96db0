/**
 * The CV of an application (docs/decisions/0093): checked by its content when it arrives, stored
 * in PostgreSQL with the application (the same transaction; it goes when the application goes),
 * and read back only for the admin.
 */
import { createHash } from "node:crypto";
import { and, eq, getTableColumns } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { bytesAsBase64, bytesParam } from "~/db/driver.server";
import { leadFiles, leads } from "~/db/schema";
import { detectDocument, DOCUMENT_TYPES, safeDocumentName, type DocumentFormat } from "~/infra/documents.server";
import type { Transaction } from "~/infra/idempotency.server";
import { careersMessages } from "./messages";
import { careerApplicationSchema } from "./schema";

/** A CV whose content has been checked, ready to store. */
export interface CheckedCv {
  fileName: string;
  format: DocumentFormat;
  contentType: string;
  size: number;
  sha256: string;
  data: Buffer;
}

/**
 * The careers schema on the server: the shared one (size, absent or a file), and then the file's
 * content, read from its bytes: PDF, DOC or DOCX, whatever its name or declared type say.
 */
export const serverSchema = careerApplicationSchema.extend({
  cv: careerApplicationSchema.shape.cv
    .unwrap()
    .transform(async (file, ctx): Promise<CheckedCv | undefined> => {
      if (!file) return undefined;
      const data = Buffer.from(await file.arrayBuffer());
      const format = await detectDocument(data);
      if (!format) {
        ctx.addIssue({ code: "custom", message: careersMessages.cv.badType });
        return z.NEVER;
      }
      return {
        fileName: safeDocumentName("name" in file ? String(file.name) : "", format),
        format,
        contentType: DOCUMENT_TYPES[format].contentType,
        size: data.length,
        sha256: createHash("sha256").update(data).digest("hex"),
        data,
      };
    })
    .optional(),
});

/** The form's file field the CV is stored under (definition.ts `file.field`). */
const CV_FIELD = "cv";

export async function storeCv(tx: Transaction, leadId: number, cv: CheckedCv): Promise<void> {
  await tx.insert(leadFiles).values({ leadId, field: CV_FIELD, ...cv, data: bytesParam(cv.data) });
}

/** The CV of the application with this number (leads.number, docs/decisions/0140). */
const cvOf = (number: number) => and(eq(leads.kind, "candidaturas"), eq(leads.number, number), eq(leadFiles.field, CV_FIELD));

/** What the admin's page of the application says about its CV (no bytes). */
export async function cvSummary(number: number): Promise<{ fileName: string; size: number; format: string } | null> {
  const [row] = await db()
    .select({ fileName: leadFiles.fileName, size: leadFiles.size, format: leadFiles.format })
    .from(leadFiles)
    .innerJoin(leads, eq(leads.id, leadFiles.leadId))
    .where(cvOf(number));
  return row ?? null;
}

/** The CV to download, bytes included. */
export async function cvFile(number: number): Promise<typeof leadFiles.$inferSelect | null> {
  const [row] = await db()
    .select({ ...getTableColumns(leadFiles), data: bytesAsBase64(leadFiles.data) })
    .from(leadFiles)
    .innerJoin(leads, eq(leads.id, leadFiles.leadId))
    .where(cvOf(number));
  return row ? { ...row, data: Buffer.from(row.data, "base64") } : null;
}
