import "server-only";
import { AppError } from "../../errors";
import { decodeTextFile } from "../../text-decoding/decode-text-file";

/** Media types a fetched page may have: HTML becomes the document's rawHtml, text/plain its text. */
export const PAGE_MEDIA_TYPES = { "text/html": "html", "application/xhtml+xml": "html", "text/plain": "text" } as const;
export type PageKind = (typeof PAGE_MEDIA_TYPES)[keyof typeof PAGE_MEDIA_TYPES];

/** Parses a Content-Type header into its media type and charset parameter (both lowercase). */

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

/**
 * Decodes a page body with the rules every upload follows (lib/text-decoding/decode-text-bytes.ts): a BOM wins;
 * valid UTF-8 is UTF-8 (a legacy charset in the header does not turn it into mojibake); otherwise the `Content-Type`
 * charset, then (HTML) a `<meta charset>` / `<meta http-equiv>` in the first 1024 bytes, then a careful
 * windows-1252 sniff.
 * Strict: bytes invalid in the charset, binary data and unrecognised encodings are refused with a 422 naming the
 * URL (`details.reason`: "binary", "invalid-declared", "invalid-utf-8", "unknown-encoding"), never replaced by U+FFFD.
 */
export function decodePageBody(bytes: Uint8Array, opts: { charset?: string; kind: PageKind; url?: string }): { text: string; charset: string } {
  const r = decodeTextFile(bytes, { name: opts.url ?? "the page", kind: opts.kind, ...(opts.charset ? { charset: opts.charset } : {}) });
  return { text: r.text, charset: r.encoding };
}
