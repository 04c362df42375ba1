/**
 * Charset labels → the WHATWG encoding name TextDecoder uses ("latin1", "iso-8859-1" and "ascii" are all
 * "windows-1252"), or undefined for a label this runtime cannot decode (unknown labels, "utf-7", and the
 * "replacement" family such as iso-2022-kr, which exists only to refuse content). Node's full-ICU build and every
 * browser know the whole WHATWG list: utf-8, utf-16le/be, windows-125x, iso-8859-x, koi8-r/u, gb18030/gbk, big5,
 * shift_jis, euc-jp, iso-2022-jp, euc-kr, …
 */
export function resolveCharset(label: string | null | undefined): string | undefined {
  const l = label?.trim().toLowerCase();
  if (!l) return undefined;
  try {
    return new TextDecoder(l).encoding;
  } catch {
    return undefined;
  }
}

/** Encodings in which ASCII bytes mean ASCII (so valid UTF-8 with multi-byte characters is clearly not them). */
export function isAsciiCompatible(encoding: string): boolean {
  return encoding !== "utf-16le" && encoding !== "utf-16be" && encoding !== "iso-2022-jp";
}

/** Parses a Content-Type header (or a File's type) into its media type and charset parameter (both lowercase). */
export function parseContentType(header: string | null | undefined): { mediaType: string; charset?: string } {
  const [type = "", ...params] = (header ?? "").split(";");
  const out: { mediaType: string; charset?: string } = { mediaType: type.trim().toLowerCase() };
  for (const p of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(p);
    if (m) out.charset = m[1]!.toLowerCase();
  }
  return out;
}

// Bytes → string without decoding (every byte one char), for scanning ASCII markup.
function latin1(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

const META_TAG = /<meta\b([^>]*)>/gi;
const ATTR = /([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const CHARSET_IN_CONTENT = /charset\s*=\s*["']?\s*([a-z0-9._:-]+)/i;

/**
 * The charset an HTML document declares in its first 1024 bytes (the HTML prescan): `<meta charset="…">` or
 * `<meta http-equiv="Content-Type" content="text/html; charset=…">`. A declared UTF-16 means UTF-8 (a document that
 * could declare it in ASCII is not UTF-16), as in the HTML standard.
 */
export function findMetaCharset(bytes: Uint8Array): string | undefined {
  const head = latin1(bytes.subarray(0, 1024)).replace(/<!--[\s\S]*?-->/g, "");
  for (const tag of head.matchAll(META_TAG)) {
    const attrs = new Map<string, string>();
    for (const a of tag[1]!.matchAll(ATTR)) attrs.set(a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? "");
    let label = attrs.get("charset");
    if (label === undefined && attrs.get("http-equiv")?.toLowerCase() === "content-type") {
      label = CHARSET_IN_CONTENT.exec(attrs.get("content") ?? "")?.[1];
    }
    const encoding = resolveCharset(label);
    if (encoding) return encoding === "utf-16le" || encoding === "utf-16be" ? "utf-8" : encoding;
  }
  return undefined;
}
