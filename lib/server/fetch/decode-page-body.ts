import { AppError } from "../../errors";

/** Media types a fetched page may have: HTML becomes the document's rawHtml, text/plain its text. */
export const PAGE_MEDIA_TYPES = { "text/html": "html", "application/xhtml+xml": "html", "text/plain": "text" } as const;
export type PageKind = (typeof PAGE_MEDIA_TYPES)[keyof typeof PAGE_MEDIA_TYPES];

/** Parses a Content-Type header into its media type and charset parameter (both lowercase). */
export function parseContentType(header: string | null | undefined): { mediaType: string; charset?: string } {
  const [type = "", ...params] = (header ?? "").split(";");
  const out: { mediaType: string; charset?: string } = { mediaType: type.trim().toLowerCase() };
  for (const p of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p);
    if (m) out.charset = m[1]!.toLowerCase();
  }
  return out;
}

/** Which page kind a media type is, or an AppError naming what is accepted. */
export function pageKindOf(mediaType: string, url: string): PageKind {
  const kind = (PAGE_MEDIA_TYPES as Record<string, PageKind>)[mediaType];
  if (kind) return kind;
  throw new AppError(
    "UNPROCESSABLE",
    `${url} is ${mediaType || "of unknown type"}; only ${Object.keys(PAGE_MEDIA_TYPES).join(", ")} pages can be fetched`,
    { reason: "content-type", mediaType },
  );
}

// HTML's prescan looks at the first 1024 bytes for <meta charset> / <meta http-equiv content="…charset=…">.
const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9._:-]+)/i;

/**
 * Decodes a page body: a BOM wins, then the Content-Type charset, then (HTML) a <meta> charset in the first 1024
 * bytes, else UTF-8. Unknown labels fall back to UTF-8. Not fatal: web pages often carry a stray bad byte, and the
 * canonical text (and every offset) is computed from the decoded string anyway.
 */
export function decodePageBody(bytes: Uint8Array, opts: { charset?: string; kind: PageKind }): { text: string; charset: string } {
  let label = opts.charset;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = "utf-8";
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = "utf-16be";
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = "utf-16le";
  else if (!label && opts.kind === "html") {
    const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
    label = META_CHARSET.exec(head)?.[1]?.toLowerCase();
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? "utf-8");
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return { text: decoder.decode(bytes), charset: decoder.encoding };
}
