/**
 * Normalise for answer matching: NFKC, lowercase, drop diacritics, punctuation → space, collapse
 * spaces, padded with spaces so `includes(" 42 ")` matches whole words only.
 */
export function normalizeAnswer(s: string): string {
  const core = s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return core ? ` ${core} ` : "";
}
