/** GET /media/{id}.webp and /media/{id}-640.webp: uploaded images from the database, cached forever. */
import { conditional } from "~/infra/http-cache.server";
import { getMedia } from "~/infra/uploads.server";
import { imageNotFound as notFound, parseMediaFile } from "~/lib/media";
import { publicData } from "~/lib/route-policy";
import type { Route } from "./+types/media.$file";

export const handle = { policy: publicData({ immutable: true }) };

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = parseMediaFile(params.file);
  if (!id) return notFound();
  // An id never changes content, so the id is the validator.
  const { headers, notModified } = conditional(request, { etag: `"${id}"` });
  if (notModified) return new Response(null, { status: 304, headers });
  const media = await getMedia(id);
  if (!media) return notFound();
  headers.set("Content-Type", media.mime);
  headers.set("Content-Length", String(media.data.length));
  headers.set("Last-Modified", media.createdAt.toUTCString());
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(new Uint8Array(media.data), { headers });
}
