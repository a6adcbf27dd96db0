/**
 * Social images of posts (docs/decisions/0062): Facebook, LinkedIn and X show neither SVG nor
 * (everywhere) WebP, so `og:image` of a post is always a 1200×630 JPEG made here, from the
 * post's social image or its cover (an upload or a file of the site), or, without either, a
 * branded card with the title. The address carries a hash of what the picture is made of, so it
 * can be cached forever and changes when the post's image or title does.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LRUCache } from "lru-cache";
import sharp, { type OverlayOptions } from "sharp";
import { logger, redactUrl } from "~/infra/logger.server";
import { getMedia } from "~/infra/uploads.server";
import { SITE_NAME } from "~/lib/site";

export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;
/** Bumped when the drawing changes, so cached copies everywhere are replaced. */
const DESIGN_VERSION = "1";

export interface SocialSource {
  id: number;
  title: string;
  /** Part of the address: a draft's picture never has the address its published post will have. */
  publishedAt: Date | null;
  imageUrl: string | null;
  socialImageUrl: string | null;
  categoryName?: string | null;
}

/** An external PNG or JPEG the admin chose is used as it is; anything else is drawn here. */
export function externalRaster(url: string | null): boolean {
  return Boolean(url && /^https?:\/\//i.test(url) && /\.(png|jpe?g)(\?[^#]*)?$/i.test(url));
}

export function versionOf(source: SocialSource): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        DESIGN_VERSION,
        source.title,
        source.categoryName ?? null,
        source.socialImageUrl ?? source.imageUrl,
        source.publishedAt ? new Date(source.publishedAt).toISOString() : null,
      ]),
    )
    .digest("hex") // lower case: public addresses are canonical in lower case (docs/decisions/0055)
    .slice(0, 12);
}

/** The post's `og:image` path (or the external raster image itself). */
export function socialImagePath(source: SocialSource): string {
  const chosen = source.socialImageUrl ?? source.imageUrl;
  if (chosen && externalRaster(chosen)) return chosen;
  return `/media/social/${source.id}-${versionOf(source)}.jpg`;
}

/** `{id}-{version}.jpg` → its parts. */
export function parseSocialFile(file: string): { id: number; version: string } | null {
  const match = /^(\d{1,9})-([a-f0-9]{12})\.jpg$/.exec(file);
  return match ? { id: Number(match[1]), version: match[2]! } : null;
}

const rendered = new LRUCache<string, Buffer>({ maxSize: 8 * 1024 * 1024, sizeCalculation: (b) => b.length });

/** The JPEG of a post (drawn once per instance and version). */
export async function renderSocialImage(source: SocialSource): Promise<Buffer> {
  const key = `${source.id}-${versionOf(source)}`;
  const cached = rendered.get(key);
  if (cached) return cached;
  const picture = await sourcePicture(source.socialImageUrl ?? source.imageUrl);
  const jpeg = picture
    ? await sharp(picture, { limitInputPixels: 8000 * 8000 })
        .resize(SOCIAL_WIDTH, SOCIAL_HEIGHT, { fit: "cover", position: "attention" })
        .flatten({ background: "#0B1B3F" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer()
    : await titleCard(source);
  rendered.set(key, jpeg);
  return jpeg;
}

/** The bytes of a site image: an upload (from the database) or a file of the site; null otherwise. */
async function sourcePicture(url: string | null): Promise<Buffer | null> {
  if (!url) return null;
  try {
    const upload = /^\/media\/([a-f0-9]{20})\.webp$/.exec(url)?.[1];
    if (upload) return (await getMedia(upload))?.data ?? null;
    if (/^\/(?!\/)/.test(url)) return readSiteFile(url);
  } catch (error) {
    logger.warn({ err: error, url: redactUrl(url) }, "imagem de origem ilegível; usando o cartão com o título");
  }
  return null; // external, or unreadable: the branded card
}

/** The folder the site's own files are served from: the build's client folder, or public/ in development. */
const siteFolders = (() => {
  const folders: string[] = [];
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    for (const name of ["client", "public"]) {
      const candidate = path.join(dir, name);
      if (fs.existsSync(path.join(candidate, "images"))) folders.push(candidate);
    }
    dir = path.dirname(dir);
  }
  return folders;
})();

function readSiteFile(url: string): Buffer | null {
  const pathname = decodeURIComponent(url.split(/[?#]/)[0]!);
  if (!/\.(svg|png|jpe?g|webp)$/i.test(pathname)) return null;
  for (const folder of siteFolders) {
    const file = path.resolve(folder, `.${pathname}`);
    if (!file.startsWith(folder + path.sep)) return null; // never outside the site's files
    if (fs.existsSync(file)) return fs.readFileSync(file);
  }
  return null;
}

const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A post without a picture: the brand's dark card with the title, the category and the site's name. */
async function titleCard(source: SocialSource): Promise<Buffer> {
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_WIDTH}" height="${SOCIAL_HEIGHT}">
      <defs>
        <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0B1B3F"/><stop offset="1" stop-color="#0F2557"/></linearGradient>
        <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#7C3AED" stop-opacity="0.45"/><stop offset="1" stop-color="#7C3AED" stop-opacity="0"/></radialGradient>
        <linearGradient id="bar" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#22D3EE"/><stop offset="0.5" stop-color="#2563EB"/><stop offset="1" stop-color="#7C3AED"/></linearGradient>
      </defs>
      <rect width="100%" height="100%" fill="url(#bg)"/>
      <circle cx="1080" cy="560" r="320" fill="url(#glow)"/>
      <g stroke="#FFFFFF" stroke-opacity="0.05"><path d="M0 126H1200M0 252H1200M0 378H1200M0 504H1200M200 0V630M400 0V630M600 0V630M800 0V630M1000 0V630"/></g>
      <rect x="80" y="80" width="120" height="8" rx="4" fill="url(#bar)"/>
    </svg>`,
  );
  // Pango draws the text with the system's fonts (the Dockerfile installs Liberation); the list
  // falls back to any sans-serif face.
  const fonts = "Liberation Sans,DejaVu Sans,Arial,sans-serif";
  const text = async (markup: string, font: string, width: number, height?: number) =>
    sharp({ text: { text: markup, font, width, height, rgba: true, wrap: "word-char", spacing: 6 } })
      .png()
      .toBuffer({ resolveWithObject: true });
  const titleMarkup = `<span foreground="#FFFFFF">${escapeMarkup(source.title)}</span>`;
  let title = await text(titleMarkup, `${fonts} Bold 60`, 1040);
  if (title.info.height > 330) title = await text(titleMarkup, `${fonts} Bold`, 1040, 330); // long titles shrink to fit
  const layers: OverlayOptions[] = [{ input: title.data, left: 80, top: 150 }];
  if (source.categoryName) {
    const category = await text(
      `<span foreground="#22D3EE">${escapeMarkup(source.categoryName.toUpperCase())}</span>`,
      `${fonts} Bold 22`,
      1040,
    );
    layers.push({ input: category.data, left: 80, top: 108 });
  }
  const brand = await text(`<span foreground="#FFFFFF" alpha="80%">${escapeMarkup(SITE_NAME)}  ·  Blog</span>`, `${fonts} Bold 28`, 1040);
  layers.push({ input: brand.data, left: 80, top: SOCIAL_HEIGHT - 80 - brand.info.height });
  return sharp(background).composite(layers).flatten({ background: "#0B1B3F" }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}
