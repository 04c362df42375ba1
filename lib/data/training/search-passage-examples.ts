import { buildSearchPassageExamples } from "../search-passages";
import type { Rng } from "../synthesize-page";
import type { EvalExample } from "../types";
import { CAT } from "./categories";
import { labelDoc } from "./page-builder";
import type { TrainingExample } from "./types";

/** Search queries over retrieved long passages (BuildTrainingSetOptions.searchPassages), as training examples. */
export function searchPassageExamples(queries: readonly EvalExample[], share: number, rng: Rng): TrainingExample[] {
  const max = Math.round(share * queries.length);
  return buildSearchPassageExamples({ queries, rng, max, mode: "topical" }).map((ex) => ({
    query: ex.query,
    docs: [
      labelDoc(
        ex.results[0]!.doc!,
        CAT.off_topic,
        ex.evidence.map((e) => ({ start: e.start, end: e.end, cat: CAT.vital })),
      ),
    ],
    source: ex.evidence.length > 0 ? "nq:retrieved" : "nq:retrieved-unanswerable",
    locale: "en",
  }));
}
