/** Request limits of POST /api/v1/compress (client-safe; the form and the server share them). */
export const MiB = 1024 * 1024;

export const COMPRESS_LIMITS = {
  maxQueryChars: 2_000,
  maxResults: 100,
  /** UTF-8 bytes of one result's text or html. */
  maxResultBytes: 5 * MiB,
  /** UTF-8 bytes of all results' text/html together. */
  maxTotalBytes: 25 * MiB,
  /** Raw request body: the 25 MiB of content plus room for JSON escaping and metadata. */
  maxBodyBytes: 27 * MiB,
  maxBudget: 1_000_000,
} as const;

/** UTF-8 byte length without allocating (works in the browser and in Node). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

export function formatBytes(n: number): string {
  if (n >= MiB) return `${(n / MiB).toFixed(n % MiB === 0 ? 0 : 1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/** Exact bytes with thousands separators: "5,242,881 bytes". */
export function formatExactBytes(n: number): string {
  return `${n.toLocaleString("en-US")} bytes`;
}

/**
 * A size over its limit, as two figures a reader can compare: rounded ("7.2 MB", "5 MB") unless rounding makes them
 * read alike ("5.0 MB" over "5 MB"), then exact bytes, the limit with its round figure too.
 */
export function formatOverLimit(size: number, max: number): { size: string; max: string } {
  const unit = max >= MiB ? MiB : max >= 1024 ? 1024 : 1;
  if ((size / unit).toFixed(1) !== (max / unit).toFixed(1)) return { size: formatBytes(size), max: formatBytes(max) };
  return { size: formatExactBytes(size), max: `${formatExactBytes(max)} (${formatBytes(max)})` };
}
