import { groupQaArticles, type QaArticle } from "../../data/training/qa-articles";
import type { EvalExample } from "../../data/types";

/**
 * One-passage questions asked over their whole group (article, story, site) as one document: the group's distinct
 * passages in file order (several questions share a passage, and a sentence-labelled record is its own result, so
 * passages are told apart by their text). Groups of one passage are left out: that is the short set.
 */
export function asWholeDocuments(examples: readonly EvalExample[], lang: string): EvalExample[] {
  const articles = groupQaArticles(
    examples.map((e) => ({ ...e, results: e.results.map((r) => ({ ...r, id: r.text ?? r.id })) })),
    lang,
  ).filter((a) => a.paragraphs.length >= 2);
  return wholeDocumentExamples(articles);
}

/** Each question of each article asked over the whole article as one document (its evidence moved into it). */
export function wholeDocumentExamples(articles: readonly QaArticle[]): EvalExample[] {
  const examples: EvalExample[] = [];
  for (const a of articles) {
    a.paragraphs.forEach((p, i) => {
      for (const q of p.questions) {
        const ex: EvalExample = {
          id: `${q.id}:long`,
          query: q.query,
          results: [{ id: a.group, doc: articleDoc(a) }],
          evidence: q.evidence.map((e) => ({ resultId: a.group, start: e.start + paragraphOffset(a, i), end: e.end + paragraphOffset(a, i) })),
          group: a.group,
        };
        if (q.answers.length) ex.answers = q.answers;
        examples.push(ex);
      }
    });
  }
  return examples;
}

const docCache = new WeakMap<QaArticle, ReturnType<typeof buildArticleDoc>>();
function buildArticleDoc(a: QaArticle) {
  const blocks: { start: number; end: number; kind: "heading" | "paragraph"; role: "main"; level?: number }[] = [];
  const parts: string[] = [];
  const starts: number[] = [];
  let pos = 0;
  const push = (text: string, kind: "heading" | "paragraph") => {
    const start = pos === 0 && parts.length === 0 ? 0 : pos + 1;
    parts.push(text);
    const b: (typeof blocks)[number] = { start, end: start + text.length, kind, role: "main" };
    if (kind === "heading") b.level = 1;
    blocks.push(b);
    pos = b.end;
    return start;
  };
  push(a.title, "heading");
  for (const p of a.paragraphs) {
    // Paragraph docs are canonical (blocks joined by "\n"): copy them block by block.
    const base = pos + 1;
    starts.push(base);
    for (const b of p.doc.blocks) {
      parts.push(p.doc.text.slice(b.start, b.end));
      blocks.push({ start: base + b.start, end: base + b.end, kind: "paragraph", role: "main" });
    }
    pos = base + p.doc.text.length;
  }
  return { doc: { text: parts.join("\n"), blocks }, starts };
}
function articleDoc(a: QaArticle) {
  let d = docCache.get(a);
  if (!d) docCache.set(a, (d = buildArticleDoc(a)));
  return d.doc;
}
function paragraphOffset(a: QaArticle, i: number): number {
  let d = docCache.get(a);
  if (!d) docCache.set(a, (d = buildArticleDoc(a)));
  return d.starts[i]!;
}
