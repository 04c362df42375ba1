import { collapseWhitespace } from "../text/collapse-whitespace";

/**
 * Find `quote` in `text`, tolerant to whitespace differences (any run matches any run).
 * With `near`, the occurrence starting closest to it wins; otherwise the first one.
 */
export function locateQuote(text: string, quote: string, near?: number): { start: number; end: number } | undefined {
  const q = collapseWhitespace(quote);
  if (!q) return undefined;
  const pattern = q
    .split(" ")
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("\\s+");
  const re = new RegExp(pattern, "g");
  let best: { start: number; end: number } | undefined;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const cand = { start: m.index, end: m.index + m[0].length };
    if (near === undefined) return cand;
    if (!best || Math.abs(cand.start - near) < Math.abs(best.start - near)) best = cand;
    else if (cand.start > near) break;
    if (m[0].length === 0) re.lastIndex++;
  }
  return best;
}
