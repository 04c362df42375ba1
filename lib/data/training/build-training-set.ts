import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { countWords, baseAlphabet } from "../../tokenizer/count-words";
import { trainWordPieceVocab } from "../../tokenizer/train-vocab";
import { WordPieceTokenizer } from "../../tokenizer/wordpiece";
import {
  ANSWER_SENTENCE_SOURCE_NAMES,
  ANSWER_SENTENCE_SOURCES,
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
import { loadUkrainianText, type TextArticle } from "../load-ukrainian-text";
import { splitOfGroup } from "../split-by-group";
import { createRng } from "../synthesize-page";
import { textToCanonical } from "../../text/text-to-canonical";
import { CYRILLIC, extendVocab } from "../../tokenizer/extend-vocab";
import type { EvalExample } from "../types";
import type { ThreeWaySplitOptions } from "../split-by-group";
import { boilerplateFromPage } from "./boilerplate-pool";
import { articleChromeFor } from "./article-chrome-sources";
import { buildHotpotExamples } from "./build-hotpot-examples";
import { buildQaExamples } from "./build-qa-examples";
import { buildRealPageExamples } from "./build-real-page-examples";
import { readGoldFile } from "./read-gold-file";
import type { SectionMode } from "../../features/compute-token-features";
import { labelExampleWindows } from "./label-example-windows";
import { groupQaArticles } from "./qa-articles";
import { setTermStats, TermStats } from "./pseudo-queries";
import { describeFiltered, filterExtraExamples, SharedDataGuard, type ExtraQaFile } from "./extra-sources";
import { readHotpotQa } from "../read-hotpotqa";
import { readSquad } from "../read-squad";
import type { QaArticle } from "./qa-articles";
import type { TrainingExample } from "./types";
import { searchPassageExamples } from "./search-passage-examples";
import { pickParityExamples } from "./pick-parity-examples";
import { WindowSetWriter } from "./write-window-set";
import { anyClaimSource, claimSourceExamples, loadClaimSources, type ClaimSourceShares } from "./claim-training-sources";
import { describeSources } from "./describe-training-sources";

export interface BuildTrainingSetOptions {
  dataDir: string;
  outDir: string;
  vocabFile?: string;
  vocabSize: number;
  window: number;
  seed: number;
  limit?: number;
  gold: readonly string[];
  goldCopies: number;
  /** Section-mode features (a single document's sections as the result set): recorded in the windows' meta. */
  sections?: SectionMode;
  /** SQuAD-layout QA files beyond the shared data (training only; nothing of the held-out splits gets in). */
  extraQa?: readonly ExtraQaFile[];
  /** HotpotQA-layout files beyond the shared data (training only, likewise). */
  extraHotpot?: readonly string[];
  /**
   * With `vocabFile`: append the Cyrillic word pieces of a vocabulary of this size learned from the training part of
   * the Ukrainian text (ids of the given vocabulary unchanged, so a trained model is extended, not retrained).
   */
  extendCyrillic?: number;
  /**
   * Tokenize traditional Chinese characters the vocabulary lacks as their simplified form (WordPieceOptions
   * .traditionalAsSimplified); recorded in the meta's tokenizer, so `train` serves the model the same way.
   */
  traditionalAsSimplified?: boolean;
  /** Leave out the answer-sentence sources and the Ukrainian text (the data mix before they existed). */
  coreOnly?: boolean;
  /**
   * Share of the synthetic QA pages and real pages that get 1–3 chrome blocks (cookie notices, captions, bylines,
   * teasers…) between their article paragraphs. 0 (default): none, the windows byte-identical to builds before it.
   */
  articleChrome?: number;
  /** Share of the QA questions also asked against other paragraphs of their own article (nothing vital); default 0. */
  topicalUnanswerable?: number;
  /**
   * Share of the real search queries (NQ) also asked over a long passage of three paragraphs retrieved for them
   * (their own article's others, then BM25's best of other articles; lib/data/search-passages.ts): half hold the
   * answer paragraph, half do not (nothing vital). Default 0: none, windows byte-identical to builds without it.
   */
  searchPassages?: number;
  /** Issue 61's sources (real claims, SQuAD 2.0 unanswerable, UA-SQuAD), each a share; default none, windows unchanged. */
  claimSources?: ClaimSourceShares;
  log: (message: string) => void;
}

/** Windows without a vital token are kept with this probability for these sources (they dominate otherwise). */
const NEGATIVE_KEEP: Record<string, number> = { plain: 0.5, page: 0.5, long: 0.35, ict: 0.5 };

/**
 * The whole training-data build: load the public data, split it (train / val; report is never touched), build
 * the vocabulary from training text only, synthesize the examples, tokenize and label them, write the sets.
 */
export async function buildTrainingSet(opts: BuildTrainingSetOptions) {
  const { log, limit } = opts;
  requireSharedData(opts.dataDir);
  const rng = createRng(opts.seed);

  const pages = splitPages(loadRealPages(opts.dataDir, limit));
  log(`real pages: ${pages.train.length} train, ${pages.val.length} val, ${pages.report.length} report (not used)`);
  const squadEn = await loadSquadEn(opts.dataDir, limit);
  const squadIt = await loadSquadIt(opts.dataDir, squadEn, limit);
  const cmrc = await loadCmrc(opts.dataDir, limit);
  const hotpotTrain = await loadHotpot(opts.dataDir, "train", limit);
  const hotpotDev = splitExamples(await loadHotpot(opts.dataDir, "dev", limit), SPLITS.hotpotDev);
  const split = {
    en: splitExamples(squadEn.filter(hasEvidence), SPLITS.squad),
    it: splitExamples(squadIt.filter(hasEvidence), SPLITS.squad),
    zh: splitExamples(cmrc.filter(hasEvidence), SPLITS.cmrc),
  };
  for (const [k, v] of Object.entries(split)) log(`${k}: ${v.train.length} train / ${v.val.length} val / ${v.report.length} report questions`);
  log(`hotpot: ${hotpotTrain.length} train, ${hotpotDev.val.length} val, ${hotpotDev.report.length} report`);
  const extra = await loadExtraSources(opts, {
    shared: [squadEn, squadIt, cmrc, hotpotTrain],
    heldOut: [heldOutOf(squadEn, SPLITS.squad), heldOutOf(squadIt, SPLITS.squad), heldOutOf(cmrc, SPLITS.cmrc), hotpotDev.val, hotpotDev.report],
  });
  const claimShares = opts.claimSources && anyClaimSource(opts.claimSources) ? opts.claimSources : undefined;
  const claimSources = claimShares ? await loadClaimSources(opts.dataDir, claimShares, log, limit) : undefined;

  // Answer-sentence sources (real search queries, paraphrases, narrative, legal prose, Chinese in both scripts) and
  // Ukrainian running text (inverse-cloze queries only: there is no Ukrainian QA): each split by its own groups.
  const answerSets: Array<{ tag: string; lang: string; parts: Record<"train" | "val", QaArticle[]>; raw: Record<"train" | "val", EvalExample[]> }> =
    [];
  let ukrainian: Record<"train" | "val", QaArticle[]> = { train: [], val: [] };
  if (!opts.coreOnly) {
    for (const name of ANSWER_SENTENCE_SOURCE_NAMES) {
      const lang = ANSWER_SENTENCE_SOURCES[name].lang;
      const parts = splitExamples((await loadAnswerSentenceSource(opts.dataDir, name, limit)).filter(hasEvidence), SPLITS.answerSentences);
      log(`${name}: ${parts.train.length} train / ${parts.val.length} val / ${parts.report.length} report questions`);
      answerSets.push({
        tag: name,
        lang,
        parts: { train: groupQaArticles(parts.train, lang), val: groupQaArticles(parts.val, lang) },
        raw: { train: parts.train, val: parts.val },
      });
    }
    const uk = loadUkrainianText(opts.dataDir, limit);
    const ukPart = (part: "train" | "val") => uk.filter((a) => splitOfGroup(a.group, SPLITS.answerSentences) === part).map(textQaArticle);
    ukrainian = { train: ukPart("train"), val: ukPart("val") };
    log(`uk-text: ${uk.length} articles, ${ukrainian.train.length} train / ${ukrainian.val.length} val`);
  }

  const articles = (part: "train" | "val") => ({
    en: groupQaArticles(split.en[part], "en"),
    it: groupQaArticles(split.it[part], "it"),
    zh: groupQaArticles(split.zh[part], "zh"),
  });
  const trainArticles = articles("train");
  const valArticles = articles("val");

  // Term statistics (salient words for pseudo-queries) and the vocabulary: training text only.
  const stats = new TermStats();
  const trainTexts: string[] = [];
  for (const list of Object.values(trainArticles)) for (const a of list) for (const p of a.paragraphs) trainTexts.push(p.doc.text);
  for (const { articles: list } of extra.qa) for (const a of list) for (const p of a.paragraphs) trainTexts.push(p.doc.text);
  for (const ex of [...hotpotTrain, ...extra.hotpot]) for (const r of ex.results) trainTexts.push(r.text ?? "");
  for (const p of pages.train) trainTexts.push(p.doc.text);
  for (const { parts } of answerSets) for (const a of parts.train) for (const p of a.paragraphs) trainTexts.push(p.doc.text);
  for (const a of ukrainian.train) for (const p of a.paragraphs) trainTexts.push(p.doc.text);
  for (const t of trainTexts) stats.add(t);
  setTermStats(stats);

  let vocab: string[];
  if (opts.vocabFile) {
    vocab = readFileSync(opts.vocabFile, "utf8")
      .split("\n")
      .filter((l, i, a) => l.length > 0 || i < a.length - 1);
    if (opts.extendCyrillic) {
      const ukTexts = ukrainian.train.flatMap((a) => a.paragraphs.map((p) => p.doc.text));
      const before = vocab.length;
      vocab = extendVocab({ vocab, counts: countWords(ukTexts, { stripAccents: false }), size: opts.extendCyrillic, script: CYRILLIC });
      log(`vocabulary: ${before} pieces + ${vocab.length - before} Cyrillic pieces learned from the Ukrainian training text`);
    }
  } else {
    const counts = countWords(trainTexts, { stripAccents: false });
    vocab = trainWordPieceVocab({ counts, size: opts.vocabSize, alphabet: baseAlphabet() });
    log(`vocabulary: ${vocab.length} pieces from ${counts.size} distinct words`);
  }
  mkdirSync(opts.outDir, { recursive: true });
  writeFileSync(path.join(opts.outDir, "vocab.txt"), `${vocab.join("\n")}\n`);
  const traditionalAsSimplified = opts.traditionalAsSimplified ?? false;
  const tokenizer = new WordPieceTokenizer(vocab, { stripAccents: false, traditionalAsSimplified });

  const foreign = split.en.train.map((e) => e.query);
  // In-article chrome draws from its own stream: the rest of the data is drawn as without it.
  const chromeRng = createRng((opts.seed ^ 0x5a17c0de) >>> 0);
  const claimRng = createRng((opts.seed ^ 0x0c1a1e61) >>> 0);
  const chromeStats: Record<string, ReturnType<typeof articleChromeFor>> = {};
  const build = (part: "train" | "val"): TrainingExample[] => {
    const bps = (part === "train" ? pages.train : pages.val).map(boilerplateFromPage);
    const arts = part === "train" ? trainArticles : valArticles;
    // Each split's chrome comes from its own pages and articles (the training windows see no held-out text).
    const articleChrome = articleChromeFor({
      rate: opts.articleChrome ?? 0,
      rng: chromeRng,
      pages: part === "train" ? pages.train : pages.val,
      articles: [...arts.en, ...arts.it, ...arts.zh, ...answerSets.flatMap((s) => s.parts[part]), ...ukrainian[part]],
      measure: (text) => tokenizer.encode(text).ids.length,
    });
    chromeStats[part] = articleChrome;
    const copies = part === "train" ? 1 : 0.5;
    const examples: TrainingExample[] = [];
    // Every QA source gets the same variants: the bare paragraph, a page, the whole article, unanswerable, broad and
    // inverse-cloze queries (`copies` scales them; broad queries per article apart).
    const qaVariants = (list: readonly QaArticle[], tag: string, copies: number, broadPerArticle: number) =>
      buildQaExamples({
        articles: list,
        boilerplate: bps,
        rng,
        tag,
        pageShare: copies,
        longShare: 0.15 * copies,
        unanswerableShare: 0.08 * copies,
        topicalUnanswerableShare: (opts.topicalUnanswerable ?? 0) * copies,
        broadPerArticle,
        ictPerParagraph: 0.4 * copies,
        articleChrome,
      });
    for (const [tag, list] of [
      ["squad-en", arts.en],
      ["squad-it", arts.it],
      ["cmrc", arts.zh],
    ] as const) {
      // CMRC articles are one paragraph each: fewer broad samples per article.
      examples.push(...qaVariants(list, tag, copies, tag === "cmrc" ? 1 : Math.round(12 * copies)));
    }
    for (const { tag, parts } of answerSets) {
      const list = parts[part];
      const perArticle = list.reduce((n, a) => n + a.paragraphs.length, 0) / Math.max(1, list.length);
      examples.push(...qaVariants(list, tag, part === "train" ? 1 : 0.25, perArticle < 1.5 ? 1 : Math.round(6 * copies)));
    }
    // Ukrainian: inverse-cloze keyword queries on real Ukrainian prose and broad title queries (no questions).
    examples.push(
      ...buildQaExamples({
        articles: ukrainian[part],
        boilerplate: bps,
        rng,
        tag: "uk",
        broadPerArticle: 1,
        ictPerParagraph: part === "train" ? 0.6 : 0.2,
        articleChrome,
      }),
    );
    if (part === "train") {
      // Extra QA files, built once; files of one-paragraph articles get one broad query per article, as CMRC does.
      for (const { tag, articles: list } of extra.qa) {
        const perArticle = list.reduce((n, a) => n + a.paragraphs.length, 0) / Math.max(1, list.length);
        examples.push(...qaVariants(list, tag, 1, perArticle < 1.5 ? 1 : 12));
      }
    }
    examples.push(
      ...buildHotpotExamples({ examples: part === "train" ? hotpotTrain : hotpotDev.val, boilerplate: bps, rng, copies: part === "train" ? 3 : 1 }),
    );
    // Extra HotpotQA questions once each (the shared 300 are few, so they come three times).
    if (part === "train" && extra.hotpot.length > 0)
      examples.push(...buildHotpotExamples({ examples: extra.hotpot, boilerplate: bps, rng, copies: 1 }));
    examples.push(
      ...buildRealPageExamples({
        pages: part === "train" ? pages.train : pages.val,
        foreignQuestions: foreign,
        rng,
        narrowPerPage: part === "train" ? 4 : 2,
        articleChrome,
      }),
    );
    // Last, so that the examples above are drawn as without it.
    if (opts.searchPassages)
      examples.push(...searchPassageExamples(answerSets.find((s) => s.tag === "nq")?.raw[part] ?? [], opts.searchPassages, rng));
    if (claimSources && claimShares)
      examples.push(
        ...claimSourceExamples({
          sources: claimSources,
          shares: claimShares,
          part,
          rng: claimRng,
          boilerplate: bps,
          ...(articleChrome ? { articleChrome } : {}),
        }),
      );
    if (part === "train") {
      for (const file of opts.gold) {
        const gold = readGoldFile(file).examples;
        log(`gold: ${gold.length} pairs from ${file}, ×${opts.goldCopies}`);
        for (let c = 0; c < opts.goldCopies; c++) examples.push(...gold);
      }
    }
    return examples;
  };

  const summary: Record<string, unknown> = {};
  const parityCandidates: TrainingExample[] = [];
  for (const part of ["train", "val"] as const) {
    const t0 = performance.now();
    const examples = build(part);
    const writer = new WindowSetWriter(path.join(opts.outDir, part));
    const bySource: Record<string, number> = {};
    for (const ex of examples) {
      bySource[ex.source] = (bySource[ex.source] ?? 0) + 1;
      if (part === "val") parityCandidates.push(ex);
      const kind = ex.source.split(":")[1] ?? ex.source;
      const negKeep = NEGATIVE_KEEP[kind] ?? 1;
      for (const w of labelExampleWindows({ example: ex, tokenizer, maxLength: opts.window, sections: opts.sections ?? false })) {
        if (negKeep < 1 && !w.keep.includes(1) && rng() >= negKeep) continue;
        writer.add(w, ex.source);
      }
    }
    writer.close({
      split: part,
      seed: opts.seed,
      window: opts.window,
      examples: examples.length,
      examplesBySource: bySource,
      // Recorded only when on, so a build without it writes the meta it always did.
      tokenizer: { vocabSize: vocab.length, stripAccents: false, ...(traditionalAsSimplified ? { traditionalAsSimplified } : {}) },
      featureSections: opts.sections ?? false,
      sources: describeSources(opts),
      // Recorded only when on, so a build without chrome writes the meta it always did.
      ...(chromeStats[part] ? { articleChrome: { rate: opts.articleChrome, ...chromeStats[part].stats!.toJSON() } } : {}),
      ...(opts.topicalUnanswerable ? { topicalUnanswerable: opts.topicalUnanswerable } : {}),
      ...(opts.searchPassages ? { searchPassages: opts.searchPassages } : {}),
      ...(claimShares ? { claimSources: claimShares } : {}),
    });
    if (chromeStats[part]) logArticleChrome(log, part, chromeStats[part]);
    log(
      `${part}: ${examples.length} examples → ${writer.stats.windows} windows, ${writer.stats.tokens} tokens, ` +
        `${(writer.stats.keep / Math.max(1, writer.stats.labeled)).toFixed(3)} keep (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
    summary[part] = { ...writer.stats, examples: examples.length, examplesBySource: bySource };
  }
  writeFileSync(
    path.join(opts.outDir, "parity-examples.json"),
    JSON.stringify(pickParityExamples({ examples: parityCandidates, tokenizer, window: opts.window, sections: opts.sections ?? false })),
  );
  return summary;
}

function logArticleChrome(log: (m: string) => void, part: string, chrome: NonNullable<ReturnType<typeof articleChromeFor>>) {
  const st = chrome.stats!;
  const per = Object.keys(st.blocks)
    .map((c) => `${c} ${st.blocks[c]} blocks / ${st.tokens[c] ?? 0} tokens`)
    .join(", ");
  log(`${part}: in-article chrome on ${st.chromePages} of ${st.pages} pages: ${per}`);
  log(`${part}: chrome sources ${JSON.stringify(st.bySource)}`);
  for (const x of st.samples.slice(-12)) log(`  ${x.category} (${x.source}): ${x.text.slice(0, 140)}`);
}

/** An article of unlabelled text as a QA article without questions (inverse-cloze and broad queries only). */
function textQaArticle(a: TextArticle): QaArticle {
  return { group: a.group, title: a.title, lang: "uk", paragraphs: a.paragraphs.map((p) => ({ doc: textToCanonical(p), questions: [] })) };
}

/** The validation and report examples of a shared file. */
function heldOutOf(examples: readonly EvalExample[], split: ThreeWaySplitOptions): EvalExample[] {
  const parts = splitExamples(examples, split);
  return [...parts.val, ...parts.report];
}

function hasEvidence(e: EvalExample): boolean {
  return e.evidence.length > 0;
}

interface ExtraSources {
  qa: Array<{ tag: string; articles: QaArticle[] }>;
  hotpot: EvalExample[];
}

/**
 * Reads the extra training files and keeps what the guard lets through: nothing of a validation or report article or
 * paragraph, no paragraph the shared data already has. Extra QA articles are tagged `qa-<lang>`.
 */
async function loadExtraSources(
  opts: BuildTrainingSetOptions,
  known: { shared: ReadonlyArray<readonly EvalExample[]>; heldOut: ReadonlyArray<readonly EvalExample[]> },
): Promise<ExtraSources> {
  const out: ExtraSources = { qa: [], hotpot: [] };
  if (!opts.extraQa?.length && !opts.extraHotpot?.length) return out;
  const guard = new SharedDataGuard();
  for (const list of known.shared) guard.addShared(list);
  for (const list of known.heldOut) guard.addHeldOut(list);
  const limit = opts.limit ? { limit: opts.limit } : {};
  for (const { file, lang } of opts.extraQa ?? []) {
    const filtered = filterExtraExamples(await readSquad(file, { locale: lang, ...limit }), guard);
    opts.log(describeFiltered(`${path.basename(file)} (${lang})`, filtered));
    out.qa.push({ tag: `qa-${lang}`, articles: groupQaArticles(filtered.kept, lang) });
  }
  for (const file of opts.extraHotpot ?? []) {
    const filtered = filterExtraExamples(await readHotpotQa(file, limit), guard);
    opts.log(describeFiltered(path.basename(file), filtered));
    out.hotpot.push(...filtered.kept);
  }
  return out;
}
