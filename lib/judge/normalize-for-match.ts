/**
 * A matching-friendly form of a text with a map back to the original: per UTF-16 unit of `text`, the original range
 * [starts[k], ends[k]) it came from (a whole code point or combining sequence).
 */
export type NormalizedText = { text: string; starts: Int32Array; ends: Int32Array };

// Characters that render as nothing: dropped (soft hyphen, zero-width space/joiners, word joiner, BOM).
const INVISIBLE = /^[\u00ad\u200b-\u200d\u2060\ufeff]$/;
const SINGLE_QUOTES = /[\u2018\u2019\u201a\u201b\u2032\u02bc\u2039\u203a`\u00b4]/g;
const DOUBLE_QUOTES = /[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/g;
const DASHES = /[\u2010-\u2015\u2212\u2e3a\u2e3b\ufe58\ufe63\uff0d]/g;

/** A code point with its following combining marks (so "e" + U+0301 normalizes like "é"). */
const GROUP = /\P{M}\p{M}*|\p{M}+/gsu;

/** The normalized form of one group: NFKC, lower case, one kind of quote and dash ("…" becomes "..." via NFKC). */
function normalizeGroup(g: string): string {
  return g.normalize("NFKC").toLowerCase().replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"').replace(DASHES, "-");
}

/**
 * NFKC, case-folded (lower-cased), curly/straight quotes, dashes and ellipsis unified, zero-width characters dropped,
 * whitespace runs collapsed to one space and leading whitespace dropped. The same function normalizes quotes and
 * documents, so a normalized quote is found in a normalized document exactly when they differ only in these ways.
 */
export function normalizeForMatch(text: string): NormalizedText {
  let out = "";
  const starts: number[] = [];
  const ends: number[] = [];
  GROUP.lastIndex = 0;
  for (let m = GROUP.exec(text); m; m = GROUP.exec(text)) {
    const g = m[0];
    const start = m.index;
    const end = start + g.length;
    if (INVISIBLE.test(g)) continue;
    for (const ch of normalizeGroup(g)) {
      if (/\s/.test(ch)) {
        if (out.length === 0 || out.endsWith(" ")) continue;
        out += " ";
        starts.push(start);
        ends.push(end);
        continue;
      }
      out += ch;
      for (let i = 0; i < ch.length; i++) {
        starts.push(start);
        ends.push(end);
      }
    }
  }
  return { text: out, starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}
