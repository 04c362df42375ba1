const INVISIBLE = /[\u00ad\u200b\u2060\ufeff\u0000-\u0008\u000e-\u001f\u007f]/g;

/** Collapse whitespace runs (incl. nbsp, newlines) to one space, drop invisible/control characters, trim. */
export function collapseWhitespace(s: string): string {
  // Invisible characters are rare: test before paying for a replace (hot path on big pages).
  INVISIBLE.lastIndex = 0;
  const visible = INVISIBLE.test(s) ? s.replace(INVISIBLE, "") : s;
  return visible.replace(/\s+/g, " ").trim();
}

const INVISIBLE_CHAR = new RegExp(`^${INVISIBLE.source}$`);

/**
 * For each raw offset (ascending), the length of `collapseWhitespace(s.slice(0, offset))`, in one pass: where a
 * point of the raw text lands in the collapsed text, without collapsing every prefix.
 */
export function collapsedPrefixLengths(s: string, offsets: readonly number[]): number[] {
  const out: number[] = [];
  let len = 0;
  let space = false;
  let k = 0;
  for (let i = 0; i <= s.length && k < offsets.length; i++) {
    while (k < offsets.length && offsets[k]! <= i) {
      out.push(len);
      k++;
    }
    const c = s[i];
    if (c === undefined || INVISIBLE_CHAR.test(c)) continue;
    if (/\s/.test(c)) space = len > 0;
    else {
      if (space) len++;
      space = false;
      len++;
    }
  }
  while (out.length < offsets.length) out.push(len);
  return out;
}
