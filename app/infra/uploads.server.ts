/**
 * Blog images: checked by content (sharp reads the real format; the file name and the declared
 * type are ignored), re-encoded to WebP at two widths (which also drops EXIF/GPS metadata and
 * anything hidden in the file), and kept in PostgreSQL so every app instance serves them.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/db/client.server";
import { uploads } from "~/db/schema";
import { recordAudit } from "~/domain/audit.server";
import type { Actor } from "~/domain/blog.server";
import { fail } from "~/infra/http.server";
import { IMAGE_WIDTHS, mediaUrl } from "~/lib/media";
import { blogApiMessages } from "~/lib/messages/blog";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const MAX_PIXELS = 8000 * 8000; // decompression bombs stop here
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
const WEBP_QUALITY = 80;

export interface StoredImage {
  id: string;
  url: string;
  width: number;
  height: number;
  variants: Array<{ width: number; url: string }>;
}

export async function storeImage(file: File, actor: Actor): Promise<StoredImage> {
  if (file.size > MAX_UPLOAD_BYTES) throw fail(413, blogApiMessages.uploadTooLarge, { file: blogApiMessages.uploadTooLarge });
  if (file.size === 0) throw fail(400, blogApiMessages.uploadBadType, { file: blogApiMessages.uploadBadType });
  const input = Buffer.from(await file.arrayBuffer());

  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch {
    format = undefined; // not an image sharp can read
  }
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) {
    throw fail(415, blogApiMessages.uploadBadType, { file: blogApiMessages.uploadBadType });
  }
  if (width * height > MAX_PIXELS) throw fail(413, blogApiMessages.uploadTooManyPixels, { file: blogApiMessages.uploadTooManyPixels });

  const encode = async (targetWidth: number) => {
    try {
      return await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error" })
        .autoOrient()
        .resize({ width: targetWidth, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
    } catch {
      // Truncated or corrupt data behind a valid header.
      throw fail(415, blogApiMessages.uploadBadType, { file: blogApiMessages.uploadBadType });
    }
  };
  const [large, small] = await Promise.all([encode(IMAGE_WIDTHS.large), encode(IMAGE_WIDTHS.small)]);

  const id = randomBytes(10).toString("hex");
  await db()
    .insert(uploads)
    .values([
      {
        id,
        parentId: null,
        mime: "image/webp",
        width: large.info.width,
        height: large.info.height,
        size: large.data.length,
        data: large.data,
      },
      {
        id: `${id}-${IMAGE_WIDTHS.small}`,
        parentId: id,
        mime: "image/webp",
        width: small.info.width,
        height: small.info.height,
        size: small.data.length,
        data: small.data,
      },
    ]);
  await recordAudit({
    actor: actor.username,
    action: "blog.upload.create",
    target: `upload:${id}`,
    details: { originalFormat: format, originalBytes: input.length, width: large.info.width, height: large.info.height },
    ip: actor.ip,
  });
  return {
    id,
    url: mediaUrl(id),
    width: large.info.width,
    height: large.info.height,
    variants: [
      { width: small.info.width, url: mediaUrl(id, "small") },
      { width: large.info.width, url: mediaUrl(id) },
    ],
  };
}

export async function getMedia(id: string): Promise<{ mime: string; data: Buffer; createdAt: Date } | null> {
  const [row] = await db()
    .select({ mime: uploads.mime, data: uploads.data, createdAt: uploads.createdAt })
    .from(uploads)
    .where(eq(uploads.id, id));
  return row ?? null;
}
