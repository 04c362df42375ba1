const INVISIBLE = /[\u00ad\u200b\u2060\ufeff\u0000-\u0008\u000e-\u001f\u007f]/g;

/** Collapse whitespace runs (incl. nbsp, newlines) to one space, drop invisible/control characters, trim. */
export function collapseWhitespace(s: string): string {
  // Invisible characters are rare: test before paying for a replace (hot path on big pages).
  INVISIBLE.lastIndex = 0;
  const visible = INVISIBLE.test(s) ? s.replace(INVISIBLE, "") : s;
  return visible.replace(/\s+/g, " ").trim();
}
