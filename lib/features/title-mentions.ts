/**
 * The entity a result's title names: "Scott Derrickson", not "Scott Derrickson (director)" nor
 * "Article headline | Site name". Undefined when nothing usable is left (too short or too long to be a name).
 */
export function titleCore(title: string | undefined): string | undefined {
  if (!title) return undefined;
  let t = title.normalize("NFKC").replace(/\s*[(（][^()（）]*[)）]\s*/g, " ");
  // Page titles: "Headline - Site", "Headline | Site", "Headline — Site": keep the longest part.
  const parts = t.split(/\s+[-|–—·:]\s+|\s*[|｜]\s*/).filter((p) => p.trim().length > 0);
  if (parts.length > 1) t = parts.reduce((a, b) => (b.trim().length > a.trim().length ? b : a));
  t = t.replace(/\s+/g, " ").trim();
  if (t.length < 3 || t.length > 80) return undefined;
  return t;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Case-insensitive occurrences of `core` in text[start, end), at word boundaries (CJK needs none). */
export function findTitleMentions(text: string, start: number, end: number, core: string): Array<[number, number]> {
  const hay = text.slice(start, end).toLowerCase();
  const needle = core.toLowerCase();
  const out: Array<[number, number]> = [];
  if (needle.length === 0 || hay.length !== end - start) return out; // lowercasing changed lengths: skip, rare
  const latinEdges = WORD_CHAR.test(needle[0]!) && !/[\p{Script=Han}]/u.test(needle);
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) {
    const before = hay[i - 1];
    const after = hay[i + needle.length];
    if (latinEdges && ((before && WORD_CHAR.test(before)) || (after && WORD_CHAR.test(after)))) continue;
    out.push([start + i, start + i + needle.length]);
  }
  return out;
}
