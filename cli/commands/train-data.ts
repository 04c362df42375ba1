import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseSectionMode } from "../../lib/features/section-mode";
import type { CliCommand } from "../types";
import { numberFlag } from "../number-flag";

const usage = `snippet-lab train-data --data DIR --out DIR [options]

Builds the default model's vocabulary and training / validation windows from the public data in DIR
(../shared/data on project machines), tokenized by the project's TypeScript tokenizer; Python only reads the
flat arrays (ids.i32, feats.u8, keep.i8, cats.i8, offsets.i64).

Sources (training split only; the validation split is built the same way for checkpoint choice):
  SQuAD v1.1 dev + SQuAD-it (split together by article), CMRC 2018 dev + trial: each question as a bare
  paragraph in a result set, inside a realistic page (real boilerplate of the Readability pages), the whole
  article as one long document, and against another article (nothing to keep); broad queries (title, key
  phrase) whose answer is the whole article; inverse-cloze keyword queries.
  HotpotQA train: 10 titled paragraphs per question, 3 copies (shuffled, some inside real boilerplate).
  Answer-sentence sources, each split by article / story / site: Natural Questions (real search queries),
  SelQA (paraphrased questions), FairytaleQA (narrative), PolicyQA (privacy policies), CMRC 2018 train, DRCD
  (traditional Chinese): the same variants as the QA data above.
  Ukrainian running text (uk-text/): inverse-cloze keyword queries and title queries (there is no Ukrainian QA).
  Readability pages: the headline (the article is vital), a heading (its section), keyword queries, and a
  foreign question, with silver categories for every boilerplate block.

  --data DIR            folder with the public data (required)
  --out DIR             writes DIR/vocab.txt, DIR/train, DIR/val (required)
  --vocab FILE          use this vocab.txt instead of training one
  --vocab-size N        WordPiece vocabulary size (default 24000)
  --window N            window length in tokens (default 512)
  --seed N              synthesis seed (default 13); splits are fixed (lib/data/load-shared-data.ts)
  --limit N             read at most N examples / pages of each file (smoke tests)
  --sections MODE       section-mode features: a single document's heading-led sections are the result set for
                        the result-level features; MODE "all", or "plain" (only documents without page chrome).
                        Recorded in the windows' meta; the exported model's config gets features.sections
  --qa FILE[:LANG]      a SQuAD-layout QA file beyond the shared data (e.g. SQuAD v1.1 train, CMRC 2018 train),
                        training only, built into the same variants as the shared QA data (repeatable; LANG
                        default en). Questions of a validation or report article, or whose paragraph is one of
                        theirs, are dropped (they would leak into the figures), as are paragraphs the shared data
                        already has; each file's counts are printed
  --hotpot FILE         a HotpotQA-layout file beyond the shared data (e.g. HotpotQA train), training only, each
                        question once; the same guard (repeatable)
  --extend-cyrillic N   with --vocab: append the Cyrillic pieces of an N-piece vocabulary learned from the Ukrainian
                        training text (uk-text/); the given pieces keep their ids, so a trained model is extended
  --traditional-as-simplified
                        tokenize a traditional Chinese character the vocabulary lacks as its simplified form
                        (tokenizer.traditionalAsSimplified; recorded in the meta, and \`train\` serves it so)
  --core-only           leave out the answer-sentence sources (NQ, SelQA, FairytaleQA, PolicyQA, CMRC train, DRCD)
                        and the Ukrainian text: the data mix of the models before them
  --article-chrome RATE share (0-1) of the synthetic QA pages and of the real pages that get 1-3 chrome blocks
                        between their article paragraphs (role main): real non-article blocks of the same split's
                        Readability pages, or templates in English, Italian, Chinese, Ukrainian (cookie and privacy
                        notices, newsletter forms and their errors, social calls, author blurbs, captions and
                        credits, bylines and update stamps, share counts, other stories' headlines; pull quotes),
                        each with its category, never vital. Counts per category go to the log and the windows'
                        meta (articleChrome). Default 0: none, windows byte-identical to builds without the option
  --topical-unanswerable SHARE
                        that share of the QA questions is also asked against 1-3 other paragraphs of its own article
                        (none holding one of its answers; nothing vital): the unanswerable query on the right
                        subject that the fallback floor rarely gates. Recorded in the windows' meta. Default 0: no
                        such examples, windows byte-identical to builds without the option
  --search-passages SHARE
                        that share of the real search queries (NQ) is also asked over a long passage: three
                        paragraphs retrieved for the query (its article's others, then BM25's best of other
                        articles; none holding one of its answers), half with the answer paragraph in their place,
                        half without (nothing vital). Needs the answer-sentence sources (not --core-only).
                        Recorded in the windows' meta. Default 0: windows byte-identical to builds without it
  --gold FILE           the app's gold JSONL export: its pairs are added to the training windows
                        (repeated --gold-copies times; default 3). Without --data (and with --vocab, the vocabulary
                        of the model to fine-tune), the windows come from the gold exports alone, 10% of the pairs
                        held out for validation.
  --spelled-as-unknown  gold windows only: a word of a script the vocabulary covers only by letters is one [UNK]
                        (tokenizer.spelledWordsAsUnknown of the model being fine-tuned)`;

/** A share of the examples or pages, from none to all. */
const SHARE = { min: 0, max: 1 };

export const command: CliCommand = {
  name: "train-data",
  summary: "build the vocabulary and tokenized training windows from the public data (and gold exports)",
  usage,
  async run(argv) {
    const { values } = parseArgs({
      args: argv,
      options: {
        data: { type: "string" },
        out: { type: "string" },
        vocab: { type: "string" },
        "vocab-size": { type: "string", default: "24000" },
        window: { type: "string", default: "512" },
        seed: { type: "string", default: "13" },
        limit: { type: "string" },
        gold: { type: "string", multiple: true },
        qa: { type: "string", multiple: true },
        hotpot: { type: "string", multiple: true },
        "gold-copies": { type: "string", default: "3" },
        sections: { type: "string" },
        "spelled-as-unknown": { type: "boolean", default: false },
        "extend-cyrillic": { type: "string" },
        "traditional-as-simplified": { type: "boolean", default: false },
        "core-only": { type: "boolean", default: false },
        "article-chrome": { type: "string", default: "0" },
        "topical-unanswerable": { type: "string", default: "0" },
        "search-passages": { type: "string", default: "0" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(usage);
      return 0;
    }
    if (!values.out || (!values.data && !(values.gold?.length && values.vocab))) {
      console.error("train-data: --out and --data (or --gold with --vocab, to fine-tune on gold only) are required\n\n" + usage);
      return 2;
    }
    if (!values.data && (values.qa?.length || values.hotpot?.length)) {
      console.error("train-data: --qa and --hotpot need --data: extra files are checked against its validation and report splits");
      return 2;
    }
    const sections = parseSectionMode(values.sections);
    if (sections === undefined) {
      console.error(`train-data: --sections takes all, plain or off (got "${values.sections}")`);
      return 2;
    }
    let numbers;
    try {
      numbers = {
        topicalUnanswerable: numberFlag(values["topical-unanswerable"], "--topical-unanswerable", SHARE),
        searchPassages: numberFlag(values["search-passages"], "--search-passages", SHARE),
        articleChrome: numberFlag(values["article-chrome"], "--article-chrome", SHARE),
        vocabSize: numberFlag(values["vocab-size"], "--vocab-size", { integer: true, min: 100 }),
        window: numberFlag(values.window, "--window", { integer: true, min: 16 }),
        seed: numberFlag(values.seed, "--seed", { integer: true }),
        limit: numberFlag(values.limit, "--limit", { integer: true, min: 1 }),
        goldCopies: numberFlag(values["gold-copies"], "--gold-copies", { integer: true, min: 0 }),
        extendCyrillic: numberFlag(values["extend-cyrillic"], "--extend-cyrillic", { integer: true, min: 0 }),
      };
    } catch (e) {
      console.error(`train-data: ${(e as Error).message}`);
      return 2;
    }
    const { topicalUnanswerable, searchPassages, articleChrome } = numbers;
    if (!values.data && articleChrome > 0) {
      console.error("train-data: --article-chrome needs --data (it changes the pages built from the public data)");
      return 2;
    }
    if (!values.data) {
      const { buildGoldTrainingSet } = await import("../../lib/data/training/build-gold-training-set");
      const result = buildGoldTrainingSet({
        gold: values.gold!,
        vocabFile: values.vocab!,
        outDir: values.out,
        window: numbers.window,
        sections,
        spelledWordsAsUnknown: values["spelled-as-unknown"],
        traditionalAsSimplified: values["traditional-as-simplified"],
        log: (m) => console.log(m),
      });
      writeFileSync(path.join(values.out, "summary.json"), `${JSON.stringify(result, null, 2)}\n`);
      return 0;
    }
    const { buildTrainingSet } = await import("../../lib/data/training/build-training-set");
    const { parseExtraQaArg } = await import("../../lib/data/training/extra-sources");
    const t0 = performance.now();
    const result = await buildTrainingSet({
      dataDir: values.data,
      outDir: values.out,
      vocabFile: values.vocab,
      vocabSize: numbers.vocabSize,
      window: numbers.window,
      seed: numbers.seed,
      limit: numbers.limit,
      gold: values.gold ?? [],
      goldCopies: numbers.goldCopies,
      extraQa: (values.qa ?? []).map(parseExtraQaArg),
      extraHotpot: values.hotpot ?? [],
      sections,
      ...(numbers.extendCyrillic ? { extendCyrillic: numbers.extendCyrillic } : {}),
      traditionalAsSimplified: values["traditional-as-simplified"],
      coreOnly: values["core-only"],
      articleChrome,
      topicalUnanswerable,
      searchPassages,
      log: (m) => console.log(m),
    });
    mkdirSync(values.out, { recursive: true });
    writeFileSync(path.join(values.out, "summary.json"), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`train-data done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return 0;
  },
};
