/** Addresses of uploaded images (shared by the server that stores them and the pages that show them). */

/** Main image width and the smaller variant for cards and phones. */
export const IMAGE_WIDTHS = { large: 1280, small: 640 } as const;

export function mediaUrl(id: string, variant?: "small"): string {
  return variant ? `/media/${id}-${IMAGE_WIDTHS.small}.webp` : `/media/${id}.webp`;
}

/** The answer for an image address that shows nothing (an unknown id, a draft's picture): never cached. */
export function imageNotFound(): Response {
  return new Response("Imagem não encontrada.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** `{id}.webp` or `{id}-640.webp` → the stored row id. */
export function parseMediaFile(file: string): string | null {
  const [, id, small] = /^([a-f0-9]{20})(-640)?\.webp$/.exec(file) ?? [];
  if (!id) return null;
  return small ? `${id}-${IMAGE_WIDTHS.small}` : id;
}

/** The responsive srcset of an uploaded image URL (other URLs have none). */
export function mediaSrcSet(url: string | null | undefined): string | undefined {
  const id = url ? /^\/media\/([a-f0-9]{20})\.webp$/.exec(url)?.[1] : undefined;
  return id ? `${mediaUrl(id, "small")} ${IMAGE_WIDTHS.small}w, ${url} ${IMAGE_WIDTHS.large}w` : undefined;
}
