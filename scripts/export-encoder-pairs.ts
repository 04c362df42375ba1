// Query–passage lists for tuning the sentence encoder (models/training/tune_sentence_encoder.py): every English
// answer-sentence set's questions of one split, each passage with evidence as its units' SentencePiece ids (the
// served text: whitespace folded, the first maxTokens pieces) and which units hold the evidence. A query with no
// evidence at all (unanswerable-search, unanswerable-topical) gives passages with no evidence unit: the tuning's
// "nothing here answers" target.
//   node --conditions=react-server --import tsx scripts/export-encoder-pairs.ts --data ../shared/data \
//     --split train --out pairs-train.jsonl [--sets nq,selqa,…] [--max-queries N]
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { buildDevSets, type DevSetName } from "../lib/eval/dev-sets";
import { prepareEvalResults } from "../lib/eval/run-eval";
import { createSentencePieceTokenizer } from "../lib/sentence-encoder/sentence-piece";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "../shared/data" },
    split: { type: "string", default: "train" },
    out: { type: "string" },
    sets: { type: "string", default: "nq,selqa,fairytale,policyqa,squad-en,hotpot" },
    "max-queries": { type: "string" },
    encoder: { type: "string", default: "models/sentence-encoder" },
  },
});
if (!values.out) throw new Error("--out FILE is required");
const meta = z.object({ maxTokens: z.number() }).parse(JSON.parse(readFileSync(path.join(values.encoder, "encoder.json"), "utf8")));
const vocab = z
  .array(z.tuple([z.string(), z.number().nullable()]))
  .parse(JSON.parse(readFileSync(path.join(values.encoder, "vocab.json"), "utf8")))
  .map(([p, s]) => [p, s ?? 0] as const);
const tok = createSentencePieceTokenizer(vocab);
// As computeEncoderSimilarity and loadSentenceEncoder prepare a text.
const ids = (t: string) =>
  tok
    .encode(
      t
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, meta.maxTokens * 12),
    )
    .slice(0, meta.maxTokens);

const sets = await buildDevSets({
  dataDir: values.data,
  split: values.split as never,
  names: values.sets.split(",") as DevSetName[],
  ...(values["max-queries"] ? { maxQueries: Number(values["max-queries"]) } : {}),
});
const out = createWriteStream(values.out);
for (const set of sets) {
  let lists = 0;
  for (const ex of set.examples) {
    const results = prepareEvalResults(ex);
    for (const r of results) {
      if (r.units.length < 2 || r.units.length > 1000) continue;
      const ev = ex.evidence.filter((e) => e.resultId === r.id);
      const y = r.units.map((u) => (ev.some((e) => e.start < u.end && e.end > u.start) ? 1 : 0));
      // A passage of an answerable query without its evidence would teach "unanswerable" wrongly: skipped.
      if (!y.includes(0) || (!y.includes(1) && ex.evidence.length > 0)) continue;
      out.write(`${JSON.stringify({ set: set.name, q: ids(ex.query), u: r.units.map((u) => ids(r.doc.text.slice(u.start, u.end))), y })}\n`);
      lists++;
    }
  }
  console.error(`${set.name}: ${set.examples.length} queries, ${lists} passages`);
}
out.end();
