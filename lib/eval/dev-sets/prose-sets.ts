import { SPLITS } from "../../data/load-shared-data";
import { loadUkrainianText } from "../../data/load-ukrainian-text";
import { splitOfGroup, type Split } from "../../data/split-by-group";
import type { Rng } from "../../data/synthesize-page";
import { pseudoQueryFor, TermStats } from "../../data/training/pseudo-queries";
import { groupQaArticles } from "../../data/training/qa-articles";
import type { EvalExample, EvidenceSpan } from "../../data/types";
import { docFromCanonicalText } from "../../text/doc-from-canonical-text";
import { segmentSentences } from "../../text/segment-sentences";
import { textToCanonical } from "../../text/text-to-canonical";
import { sample } from "./set-helpers";
import type { DevSet } from "./types";

/**
 * Keep nothing when nothing answers, on text about the same subject: half of the questions get three paragraphs of
 * their own article that do not hold the answer (they share the question's topic and names, unlike "unanswerable",
 * whose page is another article's), half get their own paragraph among two neighbours. Scored at the model's default
 * threshold with no budget: the headline is "kept nothing" on the unanswerable half, evidence recall on the rest.
 */
export function buildTopicalUnanswerableSet(squad: readonly EvalExample[], rng: Rng, max: number | undefined): DevSet {
  const articles = groupQaArticles(
    squad.filter((e) => e.evidence.length > 0),
    "en",
  ).filter((a) => a.paragraphs.length >= 5);
  const questions = articles.flatMap((a) => a.paragraphs.flatMap((p, pi) => p.questions.map((q) => ({ a, pi, q }))));
  const examples: EvalExample[] = [];
  for (const { a, pi, q } of sample(rng, questions, max ?? 200)) {
    const answerable = rng() < 0.5;
    const others = a.paragraphs.map((_, i) => i).filter((i) => i !== pi);
    const picked = answerable ? [Math.max(0, pi - 1), pi, Math.min(a.paragraphs.length - 1, pi + 1)] : sample(rng, others, 3).sort((x, y) => x - y);
    const paragraphs = [...new Set(picked)].map((i) => a.paragraphs[i]!);
    let text = "";
    const evidence: EvidenceSpan[] = [];
    for (const p of paragraphs) {
      if (text) text += "\n";
      if (p === a.paragraphs[pi])
        for (const e of q.evidence) evidence.push({ resultId: "doc", start: text.length + e.start, end: text.length + e.end });
      text += p.doc.text;
    }
    examples.push({
      id: `${q.id}:topical-${answerable ? "answerable" : "unanswerable"}`,
      query: q.query,
      results: [{ id: "doc", doc: docFromCanonicalText(text), title: a.title }],
      evidence,
      group: a.group,
    });
  }
  return {
    name: "unanswerable-topical",
    kind: "questions over paragraphs of their own article, half without the answer (keep nothing), default threshold, no budget",
    examples,
    setting: { useModelThreshold: true, budget: 1_000_000 },
    measure: "evidenceRecall",
  };
}

/**
 * Ukrainian read, not guessed: there is no Ukrainian QA here, so a sentence of real Ukrainian prose (uk-text/, its
 * own split by article) is the evidence for a keyword query made from its salient words (inverse cloze), within its
 * paragraph and the next two. Term salience comes from the split's own text.
 */
export function buildUkrainianSet(dataDir: string, split: Exclude<Split, "train">, rng: Rng, max: number | undefined): Omit<DevSet, "name"> {
  const articles = loadUkrainianText(dataDir).filter((a) => splitOfGroup(a.group, SPLITS.answerSentences) === split);
  const stats = new TermStats();
  for (const a of articles) for (const p of a.paragraphs) stats.add(p);
  const examples: EvalExample[] = [];
  for (const a of articles) {
    for (let i = 0; i < a.paragraphs.length; i += 3) {
      const doc = textToCanonical(a.paragraphs.slice(i, i + 3).join("\n\n"));
      const sentences = segmentSentences(doc, { locale: "uk" });
      if (sentences.length < 4) continue;
      const s = sentences[Math.floor(rng() * sentences.length)]!;
      const query = pseudoQueryFor(rng, doc.text.slice(s.start, s.end), stats);
      if (!query) continue;
      const id = `${a.group}#${i}`;
      examples.push({
        id,
        query,
        results: [{ id, doc, title: a.title, locale: "uk" }],
        evidence: [{ resultId: id, start: s.start, end: s.end }],
        group: a.group,
      });
    }
  }
  return {
    kind: "Ukrainian prose (uk-text), a keyword query made from one sentence's salient words, three paragraphs per query",
    examples: sample(rng, examples, max),
    setting: { ratio: 0.2 },
    measure: "evidenceRecall",
  };
}
