/** Characters canonicalisation may drop or collapse (whitespace, soft hyphen, zero-width, controls). */
const SKIPPABLE = /[\s\u00ad\u200b\u2060\ufeff\u0000-\u0008\u000e-\u001f\u007f]/;
const LOOKAHEAD = 32;

/**
 * Map every offset of `raw` to an offset of `canonical` (the text textToCanonical made of it).
 * Greedy, linear alignment: equal characters match; raw whitespace/invisibles may vanish;
 * canonical may add separators; raw markup the canonicaliser drops ("# ", "- ", "> ") is skipped by
 * looking a little ahead. map[raw.length] is the canonical end.
 */
export function alignRawToCanonical(raw: string, canonical: string): Int32Array {
  const map = new Int32Array(raw.length + 1);
  let i = 0;
  let j = 0;
  while (i < raw.length) {
    const rc = raw[i]!;
    const cc = canonical[j];
    if (rc === cc) {
      map[i++] = j++;
      continue;
    }
    if (SKIPPABLE.test(rc)) {
      map[i++] = j;
      continue;
    }
    if (cc !== undefined && /\s/.test(cc)) {
      j++;
      continue;
    }
    const k = cc === undefined ? -1 : raw.indexOf(cc, i + 1);
    if (k > 0 && k - i <= LOOKAHEAD) {
      while (i < k) map[i++] = j;
      continue;
    }
    // Unmatched: treat as a substitution so both sides advance.
    map[i++] = j;
    if (j < canonical.length) j++;
  }
  map[raw.length] = j;
  return map;
}

/** The text without anything canonicalisation may drop, for comparing raw and canonical slices. */
export function compactText(s: string): string {
  return s.replace(new RegExp(SKIPPABLE.source, "g"), "");
}

/** Trim whitespace off both ends of [start, end) in `text`. */
export function trimRange(text: string, start: number, end: number): { start: number; end: number } {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return { start, end };
}
