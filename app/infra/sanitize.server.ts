/**
 * Blog HTML sanitiser (allow-list, sanitize-html). Applied when a post is saved and again when it
 * is rendered, so content written before a rule change, or put in the database by other means,
 * is still safe. Anything not listed is dropped: scripts, styles, event handlers, iframes, SVG,
 * forms, `javascript:`/`data:` URLs.
 */
import sanitizeHtml from "sanitize-html";

/** Site-relative ("/media/x.webp") or http(s) only; protocol-relative "//host" is not allowed. */
function isSafeImageSrc(src: string | undefined): boolean {
  if (!src) return false;
  return /^https?:\/\//i.test(src) || /^\/(?!\/)/.test(src);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "mark",
    "sub",
    "sup",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "code",
    "pre",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", { name: "loading", multiple: false, values: ["lazy"] }],
    code: ["class"],
    ol: ["start"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  // Whole content of these is dropped, not only the tags (script/style text must never leak out as text).
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "svg",
    "math",
    "iframe",
    "object",
    "embed",
    "template",
    "title",
    "head",
  ],
  disallowedTagsMode: "discard",
  transformTags: {
    // The page title is the only h1 of an article.
    h1: "h2",
    a: (tagName, attribs) => {
      const attrs: sanitizeHtml.Attributes = { ...attribs };
      if (attrs.target && attrs.target !== "_blank") delete attrs.target;
      // A new tab must not get a handle on this page; external links carry no endorsement.
      if (attrs.target === "_blank" || /^https?:\/\//i.test(attrs.href ?? "")) {
        attrs.rel = "noopener noreferrer nofollow";
      } else {
        delete attrs.rel;
      }
      return { tagName, attribs: attrs };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !isSafeImageSrc(frame.attribs.src),
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of a post (reading time, RSS/JSON-LD word count). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const WORDS_PER_MINUTE = 200;

export function readingMinutes(html: string): number {
  const words = htmlToText(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export function wordCount(html: string): number {
  return htmlToText(html).split(" ").filter(Boolean).length;
}
