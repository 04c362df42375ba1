import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseSectionMode } from "../../lib/features/section-mode";
import { AppError } from "../../lib/errors";
import { defineCommand } from "../define-command";

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
  --claims SHARE        that share of the real claims (Citation-Integrity over its cited abstracts, by its own split;
                        FEVER's entailed claims over their evidence among distractors, by subject): the sentences that
                        support or refute the claim vital, the rest off-topic; 30% inside a real site's header and
                        footer. WiCE is never trained on (it is the validation of claims over real pages)
  --squad2-unanswerable SHARE
                        that share of SQuAD 2.0's unanswerable questions (written to look answerable) over their
                        paragraph, nothing vital (30% inside a page); split by article as SQuAD v1.1 dev
  --uk-squad SHARE      that share of UA-SQuAD's Ukrainian questions, built into the QA variants (paragraph, page,
                        whole article, another article's page…); split by article as SQuAD v1.1 dev
                        (these three: recorded in the meta as claimSources; default 0, windows byte-identical)
  --gold FILE           the app's gold JSONL export: its pairs are added to the training windows
                        (repeated --gold-copies times; default 3). Without --data (and with --vocab, the vocabulary
                        of the model to fine-tune), the windows come from the gold exports alone, 10% of the pairs
                        held out for validation.
  --spelled-as-unknown  gold windows only: a word of a script the vocabulary covers only by letters is one [UNK]
                        (tokenizer.spelledWordsAsUnknown of the model being fine-tuned)`;

/** A share of the examples or pages, from none to all (default none). */
const SHARE = { type: "number", min: 0, max: 1, default: 0 } as const;

export const command = defineCommand({
  name: "train-data",
  summary: "build the vocabulary and tokenized training windows from the public data (and gold exports)",
  usage,
  options: {
    data: { type: "string" },
    out: { type: "string" },
    vocab: { type: "string" },
    "vocab-size": { type: "number", integer: true, min: 100, default: 24000 },
    window: { type: "number", integer: true, min: 16, default: 512 },
    seed: { type: "number", integer: true, default: 13 },
    limit: { type: "number", integer: true, min: 1 },
    gold: { type: "string", multiple: true },
    qa: { type: "string", multiple: true },
    hotpot: { type: "string", multiple: true },
    "gold-copies": { type: "number", integer: true, min: 0, default: 3 },
    sections: { type: "choice", choices: ["all", "plain", "off"] },
    "spelled-as-unknown": { type: "boolean" },
    "extend-cyrillic": { type: "number", integer: true, min: 0 },
    "traditional-as-simplified": { type: "boolean" },
    "core-only": { type: "boolean" },
    "article-chrome": SHARE,
    "topical-unanswerable": SHARE,
    "search-passages": SHARE,
    claims: SHARE,
    "squad2-unanswerable": SHARE,
    "uk-squad": SHARE,
  },
  async run({ values }) {
    if (!values.out || (!values.data && !(values.gold.length > 0 && values.vocab))) {
      throw new AppError("BAD_REQUEST", "--out and --data (or --gold with --vocab, to fine-tune on gold only) are required");
    }
    if (!values.data && (values.qa.length > 0 || values.hotpot.length > 0)) {
      throw new AppError("BAD_REQUEST", "--qa and --hotpot need --data: extra files are checked against its validation and report splits");
    }
    const sections = parseSectionMode(values.sections)!;
    const { "article-chrome": articleChrome, "topical-unanswerable": topicalUnanswerable, "search-passages": searchPassages } = values;
    if (!values.data && articleChrome > 0) {
      throw new AppError("BAD_REQUEST", "--article-chrome needs --data (it changes the pages built from the public data)");
    }
    if (!values.data) {
      const { buildGoldTrainingSet } = await import("../../lib/data/training/build-gold-training-set");
      const result = buildGoldTrainingSet({
        gold: values.gold,
        vocabFile: values.vocab!,
        outDir: values.out,
        window: values.window,
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
      vocabSize: values["vocab-size"],
      window: values.window,
      seed: values.seed,
      limit: values.limit,
      gold: values.gold,
      goldCopies: values["gold-copies"],
      extraQa: values.qa.map(parseExtraQaArg),
      extraHotpot: values.hotpot,
      sections,
      ...(values["extend-cyrillic"] ? { extendCyrillic: values["extend-cyrillic"] } : {}),
      traditionalAsSimplified: values["traditional-as-simplified"],
      coreOnly: values["core-only"],
      articleChrome,
      topicalUnanswerable,
      searchPassages,
      claimSources: { claims: values.claims, squad2Unanswerable: values["squad2-unanswerable"], ukSquad: values["uk-squad"] },
      log: (m) => console.log(m),
    });
    mkdirSync(values.out, { recursive: true });
    writeFileSync(path.join(values.out, "summary.json"), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`train-data done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return 0;
  },
});
