import { aggregateTokenScores } from "../../engine/aggregate-token-scores";
import type { Scorer, TokenScores } from "../../engine/types";
import { buildWindows, stitchWindows } from "../../tokenizer/build-windows";
import { computeBm25Scores } from "../../engine/scorers/bm25";
import { tokenRelevanceBins } from "../../tokenizer/relevance-bins";
import type { LoadedModel } from "./load-model";
import { WindowBatcher } from "./window-batcher";

const batchers = new WeakMap<LoadedModel, WindowBatcher>();

/** The batcher shared by every request to this model. */
export function getBatcher(model: LoadedModel): WindowBatcher {
  let b = batchers.get(model);
  if (!b) {
    b = new WindowBatcher(model);
    batchers.set(model, b);
  }
  return b;
}

/** Scorer backed by a token-classification ONNX model: token keep probabilities → unit scores. */
export function createModelScorer({ model }: { model: LoadedModel }): Scorer {
  const { config, tokenizer } = model;
  return {
    name: `model:${model.name}`,
    async scoreUnits({ query, results, aggregation }) {
      const q = tokenizer.encode(query);
      const relevance = config.typeIds === "query-match-bm25";
      const setScores =
        relevance && (process.env.SNIPPET_LAB_RELEVANCE_SCOPE ?? "set") === "set"
          ? computeBm25Scores(query, results.map((r) => ({ text: r.doc.text, units: r.units })))
          : undefined;
      const perResult = results.map((r, i) => {
        const enc = tokenizer.encode(r.doc.text);
        const windows =
          enc.ids.length === 0
            ? []
            : buildWindows({
                query: q,
                context: enc,
                special: tokenizer.special,
                maxLength: config.window,
                overlap: config.overlap,
                maxQueryTokens: config.maxQueryTokens,
                matchFeature: config.typeIds !== "segment",
                relevanceBins: relevance
                  ? tokenRelevanceBins({
                      query,
                      text: r.doc.text,
                      units: r.units,
                      starts: enc.starts,
                      ends: enc.ends,
                      unitScores: setScores?.[i],
                    })
                  : undefined,
              });
        return { enc, windows };
      });
      const all = perResult.flatMap((r) => r.windows);
      const probs = await getBatcher(model).run(all);
      let k = 0;
      const tokenScores: TokenScores[] = perResult.map(({ enc, windows }) => {
        const mine = probs.slice(k, k + windows.length);
        k += windows.length;
        return {
          starts: Int32Array.from(enc.starts),
          ends: Int32Array.from(enc.ends),
          probs: stitchWindows(windows, mine, enc.ids.length),
        };
      });
      const unitScores = results.map((r, i) => aggregateTokenScores({ tokenScores: tokenScores[i]!, units: r.units, aggregation }));
      return { unitScores, tokenScores };
    },
  };
}
