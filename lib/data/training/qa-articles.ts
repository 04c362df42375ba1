import { textToCanonical } from "../../text/text-to-canonical";
import type { CanonicalDoc } from "../../text/types";
import type { EvalExample } from "../types";

export interface QaQuestion {
  id: string;
  query: string;
  /** Evidence offsets into the paragraph's canonical text. */
  evidence: Array<{ start: number; end: number }>;
  answers: string[];
}

export interface QaParagraph {
  doc: CanonicalDoc;
  questions: QaQuestion[];
}

/** One article of a SQuAD-style dataset: its paragraphs in order, with their questions. */
export interface QaArticle {
  group: string;
  title: string;
  lang: string;
  paragraphs: QaParagraph[];
}

/** Groups per-question examples (parseSquad's output) back into articles and paragraphs, in file order. */
export function groupQaArticles(examples: readonly EvalExample[], lang: string): QaArticle[] {
  const articles = new Map<string, QaArticle>();
  const paragraphs = new Map<string, QaParagraph>();
  for (const ex of examples) {
    const result = ex.results[0];
    if (!result) continue;
    let article = articles.get(ex.group);
    if (!article) {
      article = { group: ex.group, title: (result.title ?? ex.group).replace(/_/g, " "), lang, paragraphs: [] };
      articles.set(ex.group, article);
    }
    const key = `${ex.group}\u0000${result.id}`;
    let paragraph = paragraphs.get(key);
    if (!paragraph) {
      paragraph = { doc: textToCanonical(result.text ?? ""), questions: [] };
      paragraphs.set(key, paragraph);
      article.paragraphs.push(paragraph);
    }
    paragraph.questions.push({
      id: ex.id,
      query: ex.query,
      evidence: ex.evidence.map((e) => ({ start: e.start, end: e.end })),
      answers: ex.answers ?? [],
    });
  }
  return [...articles.values()];
}
