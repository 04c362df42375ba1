/** A span of the canonical text (the API's offsets) and its text. */
export interface CanonicalSpan {
  start: number;
  end: number;
  text: string;
}

export interface SourceRange {
  start: number;
  end: number;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Where each span stands in the document's own text. The API measures offsets in the canonical text (whitespace runs
 * collapsed, list bullets and heading marks dropped), which equals the source for plain one-paragraph text: then the
 * offsets carry over as they are. Otherwise each span is looked up with any whitespace run matching any other — the
 * same occurrence as in the canonical text when it is known (the k-th), else the first after the previous span.
 * Null where the span's text does not stand in the source (characters the canonicalisation dropped inside it).
 */
export function locateSpans(source: string, spans: readonly CanonicalSpan[], canonical?: string): (SourceRange | null)[] {
  if (canonical !== undefined && canonical === source) return spans.map((s) => ({ start: s.start, end: s.end }));
  const order = spans.map((_, i) => i).sort((a, b) => spans[a]!.start - spans[b]!.start);
  const out: (SourceRange | null)[] = spans.map(() => null);
  let from = 0;
  for (const i of order) {
    const span = spans[i]!;
    const words = span.text.split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    const re = new RegExp(words.map(escapeRegExp).join("\\s+"), "g");
    let match: RegExpExecArray | null;
    if (canonical !== undefined) {
      // The k-th occurrence in the canonical text is the k-th in the source.
      let k = 0;
      for (let at = canonical.indexOf(span.text); at !== -1 && at < span.start; at = canonical.indexOf(span.text, at + span.text.length)) k++;
      re.lastIndex = 0;
      match = re.exec(source);
      for (; match && k > 0; k--) match = re.exec(source);
    } else {
      re.lastIndex = from;
      match = re.exec(source);
    }
    if (!match) continue;
    out[i] = { start: match.index, end: match.index + match[0].length };
    from = match.index + match[0].length;
  }
  return out;
}
