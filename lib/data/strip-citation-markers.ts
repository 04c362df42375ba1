const MARKER = /<\|[a-z_]+\|>/;
/** A bracketed or parenthesised group holding a citation marker: "[<|cit|>]", "(Smith et al., <|other_cit|>; …)". */
const GROUP_WITH_MARKER = new RegExp(String.raw`\s*(?:\[[^\[\]]*${MARKER.source}[^\[\]]*\]|\([^()]*${MARKER.source}[^()]*\))`, "g");
/** A numeric reference list: "[17]", "[4, 5]", "[12–14]", "[13▪▪]". */
const NUMERIC_REFERENCE = /\s*\[\d+[\d\s,;–-]*▪*\]/g;

/**
 * A citing sentence as a claim a reader would write: the citation markers of Citation-Integrity's claims
 * (`<|cit|>`, `<|multi_cit|>`, `<|other_cit|>`), the brackets or parentheses around them, and bare numeric
 * references are removed; other brackets ("[95% CI, 9–11]") stay. Spacing before punctuation is tidied.
 */
export function stripCitationMarkers(text: string): string {
  return (
    text
      .replace(GROUP_WITH_MARKER, "")
      .replace(NUMERIC_REFERENCE, "")
      .replace(new RegExp(`\\s*${MARKER.source}`, "g"), "")
      // "text ." → "text." (but not "P < .001"); "text,." → "text.".
      .replace(/\s+([.,;:])(?=\s|$)/g, "$1")
      .replace(/,(?=\.(?:\s|$))/g, "")
      .replace(/\s{2,}/g, " ")
      .trim()
  );
}
