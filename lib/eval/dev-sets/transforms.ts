import type { EvalExample } from "../../data/types";
import { textToCanonical } from "../../text/text-to-canonical";
import type { Block, CanonicalDoc } from "../../text/types";

/**
 * The plain-text example written one paragraph per line without blank lines: its canonical text, read back. Where a
 * paragraph break is not recovered its newline becomes a space, so every offset (and the evidence) still holds.
 */
export function asLines(ex: EvalExample): EvalExample {
  const r = ex.results[0]!;
  const doc = r.doc!;
  const lines = textToCanonical(doc.text);
  if (lines.text.replace(/\n/g, " ") !== doc.text.replace(/\n/g, " ")) throw new Error(`asLines: ${ex.id} changed its text`);
  return { ...ex, id: `${ex.id.replace(/:text$/, "")}:lines`, results: [{ ...r, doc: lines }] };
}

/**
 * A one-document example as a user's plain text would arrive: blocks separated by blank lines, headings as bare
 * lines (no markdown), the canonical document rebuilt by textToCanonical. Its text is the same, so the evidence
 * offsets hold; only what the parser makes of the layout (block kinds) can differ.
 */
export function asPlainText(ex: EvalExample): EvalExample {
  const r = ex.results[0]!;
  const doc = r.doc!;
  const plain = textToCanonical(doc.blocks.map((b) => doc.text.slice(b.start, b.end)).join("\n\n"));
  if (plain.text !== doc.text) throw new Error(`asPlainText: ${ex.id} changed its text`);
  return { ...ex, id: `${ex.id}:text`, results: [{ ...r, doc: plain }] };
}

const LATIN = "abcdefghijklmnopqrstuvwxyzàèéìíòóùú";
const CYRILLIC = "абцдефгхійклмнопщрстувшжизяєэїїююьь";
const TO_CYRILLIC = new Map<string, string>();
for (let i = 0; i < LATIN.length; i++) {
  TO_CYRILLIC.set(LATIN[i]!, CYRILLIC[i]!);
  TO_CYRILLIC.set(LATIN[i]!.toUpperCase(), CYRILLIC[i]!.toUpperCase());
}

/** Latin letters (and Italian accented vowels) one for one into Cyrillic: the same length, so every offset holds. */
export function toCyrillic(text: string): string {
  return text.replace(/[a-zàèéìíòóùú]/gi, (ch) => TO_CYRILLIC.get(ch) ?? ch);
}

/** The example written in Cyrillic letters: query, titles, documents and answers; evidence and categories unchanged. */
export function inCyrillic(ex: EvalExample): EvalExample {
  // HTML would need its markup left alone; the question pages are canonical documents.
  if (ex.results.some((r) => r.html !== undefined && r.doc === undefined)) throw new Error(`inCyrillic: ${ex.id} has HTML results`);
  const out: EvalExample = {
    ...ex,
    id: `${ex.id}:cyr`,
    query: toCyrillic(ex.query),
    results: ex.results.map((r) => ({
      ...r,
      ...(r.title !== undefined ? { title: toCyrillic(r.title) } : {}),
      ...(r.text !== undefined ? { text: toCyrillic(r.text) } : {}),
      ...(r.doc ? { doc: { ...r.doc, text: toCyrillic(r.doc.text) } } : {}),
    })),
  };
  if (ex.answers) out.answers = ex.answers.map(toCyrillic);
  return out;
}

/** The example with its results' titles left out. */
export function withoutTitles(ex: EvalExample): EvalExample {
  return { ...ex, results: ex.results.map(({ title: _title, ...r }) => r) };
}

/** One example per result that holds evidence: the question against that paragraph alone. */
export function splitIntoParagraphs(ex: EvalExample): EvalExample[] {
  return ex.results
    .filter((r) => ex.evidence.some((e) => e.resultId === r.id))
    .map((r) => ({
      id: `${ex.id}:${r.id}`,
      query: ex.query,
      results: [r],
      evidence: ex.evidence.filter((e) => e.resultId === r.id),
      group: ex.group,
    }));
}

/**
 * A result set as ONE document: each result's title as a heading, then its text. Evidence offsets follow. Where
 * BM25 already keeps a SQuAD article's answer 95% of the time, this is the long-document case it does not solve:
 * the answer needs a section the question does not name.
 */
export function joinAsSections(ex: EvalExample): EvalExample {
  const blocks: Block[] = [];
  const parts: string[] = [];
  const shift = new Map<string, number>();
  let pos = -1;
  const push = (text: string, block: Omit<Block, "start" | "end">) => {
    const start = pos + 1;
    parts.push(text);
    blocks.push({ ...block, start, end: start + text.length });
    pos = start + text.length;
  };
  for (const r of ex.results) {
    if (r.title) push(r.title, { kind: "heading", role: "main", level: 2 });
    const doc: CanonicalDoc = r.doc ?? textToCanonical(r.text ?? "");
    const base = pos + 1;
    shift.set(r.id, base);
    for (const b of doc.blocks) push(doc.text.slice(b.start, b.end), { kind: b.kind, role: b.role, ...(b.level ? { level: b.level } : {}) });
    if (doc.blocks.length === 0) shift.delete(r.id);
  }
  const out: EvalExample = {
    id: `${ex.id}:doc`,
    query: ex.query,
    results: [{ id: "doc", doc: { text: parts.join("\n"), blocks } }],
    evidence: ex.evidence
      .filter((e) => shift.has(e.resultId))
      .map((e) => ({ resultId: "doc", start: e.start + shift.get(e.resultId)!, end: e.end + shift.get(e.resultId)! })),
    group: ex.group,
  };
  if (ex.answers) out.answers = ex.answers;
  return out;
}
