import "server-only";
import { isPunctuationOnly, isWordFragment, snapSpanToWords } from "@/lib/spans/word-edges";
import { type Db, getDb } from "../client";

export type FragmentSpan = {
  spanId: string;
  pairId: string;
  documentId: string;
  /** Whose span: "gold", or "human" (an annotation's). */
  source: string;
  annotationId: string | null;
  category: string;
  start: number;
  end: number;
  text: string;
  /** "fragment": starts or ends inside a word; "punctuation": no letter or digit at all. */
  problem: "fragment" | "punctuation";
  /** The span widened to whole words (what a save stores now). */
  wholeWords: { start: number; end: number; text: string };
};

export type FindFragmentSpansOptions = {
  /** Only this dataset's pairs (default: every dataset). */
  datasetId?: string;
  /** Spans read per query (memory bound). */
  pageSize?: number;
  db?: Db;
};

/**
 * Live human and gold spans that cut a word or hold only punctuation — what bulk-accepting model spans stored before
 * saves snapped to words (issue 32). Spans a person placed exactly (Alt-selection, `exact`) are not reported. In span
 * id order, page by page; document texts are read once per page.
 */
export async function findFragmentSpans({ datasetId, pageSize = 2_000, db = getDb() }: FindFragmentSpansOptions = {}): Promise<FragmentSpan[]> {
  const out: FragmentSpan[] = [];
  const texts = new Map<string, string>();
  let after: string | undefined;
  for (;;) {
    const rows = await db.span.findMany({
      where: {
        deletedAt: null,
        exact: false,
        ...(datasetId ? { pair: { datasetId } } : {}),
        ...(after !== undefined ? { id: { gt: after } } : {}),
      },
      orderBy: { id: "asc" },
      take: pageSize,
      select: { id: true, pairId: true, documentId: true, source: true, annotationId: true, category: true, start: true, end: true, text: true },
    });
    if (rows.length === 0) break;
    const missing = [...new Set(rows.map((r) => r.documentId))].filter((id) => !texts.has(id));
    if (missing.length > 0) {
      for (const d of await db.document.findMany({ where: { id: { in: missing } }, select: { id: true, text: true } })) texts.set(d.id, d.text);
    }
    for (const r of rows) {
      const text = texts.get(r.documentId);
      if (text === undefined || r.end > text.length || r.start >= r.end) continue;
      const problem = isPunctuationOnly(r.text) ? "punctuation" : isWordFragment({ text, start: r.start, end: r.end }) ? "fragment" : null;
      if (!problem) continue;
      const { id: spanId, ...rest } = r;
      out.push({ spanId, ...rest, problem, wholeWords: snapSpanToWords({ text, start: r.start, end: r.end }) });
    }
    if (rows.length < pageSize) break;
    after = rows.at(-1)!.id;
  }
  return out;
}
