import {
  ANSWER_SENTENCE_SOURCE_NAMES,
  loadAnswerSentenceSource,
  loadCmrc,
  loadHotpot,
  loadRealPages,
  loadSquadEn,
  loadSquadIt,
  requireSharedData,
  splitExamples,
  splitPages,
  SPLITS,
} from "../load-shared-data";
import { loadUkrainianText } from "../load-ukrainian-text";
import { splitOfGroup } from "../split-by-group";
import type { EvalExample } from "../types";

export interface TrainingTexts {
  /** Distinct paragraphs / pages / questions of the training split, in a fixed order. */
  texts: string[];
  /** Texts per source, for the model card. */
  counts: Record<string, number>;
}

/**
 * Every text of the TRAINING split of the public data — contexts, page text and questions of each source, and the
 * Ukrainian running text — for unsupervised training (the word embeddings). Validation and report articles are
 * left out with the same split functions the windows use, so no figure is measured on text the embeddings saw.
 */
export async function collectTrainingTexts(dataDir: string, limit?: number): Promise<TrainingTexts> {
  requireSharedData(dataDir);
  const seen = new Set<string>();
  const texts: string[] = [];
  const counts: Record<string, number> = {};
  const add = (source: string, text: string | undefined) => {
    const t = text?.trim();
    if (!t || seen.has(t)) return;
    seen.add(t);
    texts.push(t);
    counts[source] = (counts[source] ?? 0) + 1;
  };
  const addExamples = (source: string, examples: readonly EvalExample[]) => {
    for (const ex of examples) {
      add(source, ex.query);
      for (const r of ex.results) add(source, r.text ?? r.doc?.text);
    }
  };
  const squadEn = await loadSquadEn(dataDir, limit);
  addExamples("squad-en", splitExamples(squadEn, SPLITS.squad).train);
  addExamples("squad-it", splitExamples(await loadSquadIt(dataDir, squadEn, limit), SPLITS.squad).train);
  addExamples("cmrc", splitExamples(await loadCmrc(dataDir, limit), SPLITS.cmrc).train);
  addExamples("hotpot", await loadHotpot(dataDir, "train", limit));
  for (const name of ANSWER_SENTENCE_SOURCE_NAMES) {
    addExamples(name, splitExamples(await loadAnswerSentenceSource(dataDir, name, limit), SPLITS.answerSentences).train);
  }
  for (const a of loadUkrainianText(dataDir, limit)) {
    if (splitOfGroup(a.group, SPLITS.answerSentences) === "train") for (const p of a.paragraphs) add("uk-text", p);
  }
  for (const p of splitPages(loadRealPages(dataDir, limit)).train) add("real-pages", p.doc.text);
  return { texts, counts };
}
