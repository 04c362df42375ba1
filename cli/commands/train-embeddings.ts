import { spawnSync } from "node:child_process";
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";

const usage = `snippet-lab train-embeddings --data DIR [--out DIR] [options]

Trains the subword word embeddings of the "embedding" method (and the soft-match probes) on every text of the
TRAINING split of the public data in DIR (../shared/data on project machines: contexts, questions, pages and the
Ukrainian running text; validation and report articles are left out), with fastText's skipgram (Debian package
\`fasttext\`, which must be on PATH). Writes DIR/words.txt (word, corpus count), DIR/vectors.i8 (unit vectors,
int8, centred on their mean) and DIR/embeddings.json.

  --data DIR        folder with the public data (required)
  --out DIR         output folder (default models/embeddings)
  --dim N           vector dimension (default 64)
  --words N         keep the N most frequent words (default 60000)
  --min-count N     fastText's minCount (default 3)
  --epochs N        fastText epochs (default 10)
  --threads N       fastText threads (default 2; 1 makes the run reproducible byte for byte)
  --seed N          fastText seed (default 13)
  --limit N         read at most N examples of each file (smoke tests)`;

/** A count of at least one, with its default. */
const count = (n: number) => ({ type: "number", integer: true, min: 1, default: n }) as const;

export const command = defineCommand({
  name: "train-embeddings",
  summary: "train the embedding method's subword word vectors (fastText) on the public data's training split",
  usage,
  options: {
    data: { type: "string" },
    out: { type: "string", default: "models/embeddings" },
    dim: count(64),
    words: count(60000),
    "min-count": count(3),
    epochs: count(10),
    threads: count(2),
    seed: { type: "number", integer: true, min: 0, default: 13 },
    limit: { type: "number", integer: true, min: 1 },
  },
  async run({ values }) {
    if (!values.data) throw new AppError("BAD_REQUEST", "--data is required");
    const { dim, words: maxWords, "min-count": minCount, epochs, threads, seed, limit } = values;
    const ft = spawnSync("fasttext", [], { encoding: "utf8" });
    if (ft.error) throw new AppError("UNAVAILABLE", "`fasttext` is not on PATH (Debian: apt-get install fasttext)");
    const { collectTrainingTexts } = await import("../../lib/data/training/collect-training-texts");
    const { embeddingTerms } = await import("../../lib/embeddings/embedding-terms");
    const { centerRows, quantizeRows } = await import("../../lib/embeddings/word-vectors");
    const t0 = performance.now();
    const { texts, counts: sources } = await collectTrainingTexts(values.data, limit);
    const tmp = mkdtempSync(path.join(os.tmpdir(), "snippet-lab-embeddings-"));
    try {
      const wordCounts = new Map<string, number>();
      const lines: string[] = [];
      let corpusTokens = 0;
      for (const t of texts) {
        const words = embeddingTerms(t);
        if (words.length === 0) continue;
        for (const w of words) wordCounts.set(w, (wordCounts.get(w) ?? 0) + 1);
        corpusTokens += words.length;
        lines.push(words.join(" "));
      }
      const corpus = path.join(tmp, "corpus.txt");
      writeFileSync(corpus, `${lines.join("\n")}\n`);
      console.log(`corpus: ${texts.length} texts, ${corpusTokens} words, ${wordCounts.size} distinct (${JSON.stringify(sources)})`);
      const args = ["skipgram", "-input", corpus, "-output", path.join(tmp, "model"), "-dim", String(dim), "-minCount", String(minCount)];
      args.push("-epoch", String(epochs), "-thread", String(threads), "-seed", String(seed), "-minn", "3", "-maxn", "5", "-verbose", "1");
      const run = spawnSync("fasttext", args, { stdio: ["ignore", "inherit", "inherit"] });
      if (run.status !== 0) {
        console.error(`train-embeddings: fasttext exited with ${run.status}`);
        return 1;
      }
      // The .vec file: a header line, then "word v1 … vdim" per word that passed minCount.
      const vecs = new Map<string, Float32Array>();
      const rl = readline.createInterface({ input: createReadStream(path.join(tmp, "model.vec"), "utf8"), crlfDelay: Infinity });
      let header = true;
      for await (const line of rl) {
        if (header) {
          header = false;
          continue;
        }
        const parts = line.trimEnd().split(" ");
        if (parts.length !== dim + 1) continue;
        vecs.set(parts[0]!, Float32Array.from(parts.slice(1), Number));
      }
      const kept = [...vecs.keys()]
        .filter((w) => wordCounts.has(w))
        .sort((a, b) => wordCounts.get(b)! - wordCounts.get(a)! || (a < b ? -1 : 1))
        .slice(0, maxWords);
      const out = values.out;
      mkdirSync(out, { recursive: true });
      writeFileSync(path.join(out, "words.txt"), `${kept.map((w) => `${w}\t${wordCounts.get(w)}`).join("\n")}\n`);
      const rows = kept.map((w) => vecs.get(w)!);
      centerRows(rows, dim);
      writeFileSync(path.join(out, "vectors.i8"), quantizeRows(rows, dim));
      const minutes = (performance.now() - t0) / 60_000;
      const meta = {
        format: "snippet-lab-word-vectors-v1",
        dim,
        words: kept.length,
        corpusTokens,
        trainer: {
          tool: "fastText skipgram (Debian fasttext)",
          centred: true,
          minn: 3,
          maxn: 5,
          minCount,
          epochs,
        },
        seed,
        threads,
        sources,
        minutes: Math.round(minutes * 10) / 10,
      };
      writeFileSync(path.join(out, "embeddings.json"), `${JSON.stringify(meta, null, 2)}\n`);
      console.log(`wrote ${out}: ${kept.length} words × ${dim} (${minutes.toFixed(1)} min)`);
      return 0;
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  },
});
