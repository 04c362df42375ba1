import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { AppError } from "../errors";
import { readHotpotQa } from "./read-hotpotqa";
import { readSelqa } from "./read-selqa";
import { readSentenceLabels } from "./read-sentence-labels";
import { readSquad } from "./read-squad";
import { alignGroupsByQuestionId, splitOfGroup, splitThreeWays, type Split, type ThreeWaySplitOptions } from "./split-by-group";
import { analyzeRealPage, type AnalyzedPage } from "./training/analyze-real-page";
import type { EvalExample } from "./types";

/**
 * The public data beside the project (`../shared/data` on project machines, never on users' machines) and the
 * ONE definition of its splits: training, validation (every choice) and report (figures only). Training data,
 * calibration and `eval-all` all read it through here.
 */
export const SPLIT_SEED = 2026;
export const SPLITS = {
  /** SQuAD v1.1 dev and SQuAD-it (the same 48 articles, split together by the English article). */
  squad: { valShare: 0.15, reportShare: 0.2, seed: SPLIT_SEED },
  /** CMRC 2018 dev + trial, by article. */
  cmrc: { valShare: 0.15, reportShare: 0.2, seed: SPLIT_SEED },
  /** HotpotQA: the train file is training data; the dev file is split into validation and report. */
  hotpotDev: { valShare: 0.34, reportShare: 0.66, seed: SPLIT_SEED },
  /** Readability's test pages, by page. */
  real: { valShare: 0.2, reportShare: 0.2, seed: SPLIT_SEED },
  /** The answer-sentence sets (NQ, SelQA, FairytaleQA, PolicyQA, CMRC train, DRCD), each by article / story / site. */
  answerSentences: { valShare: 0.12, reportShare: 0.15, seed: SPLIT_SEED },
  /** FEVER pairs, by subject (claims on one Wikipedia page, and every pair sharing an evidence sentence): 80/10/10. */
  fever: { valShare: 0.1, reportShare: 0.1, seed: SPLIT_SEED },
  /** WiCE dev, by Wikipedia article: validation and report only (claims over messy pages are never trained on). */
  wice: { valShare: 0.5, reportShare: 0.5, seed: SPLIT_SEED },
} satisfies Record<string, ThreeWaySplitOptions>;

export const SHARED_FILES = {
  squadEn: "squad-v1.1-dev.json",
  squadIt: "squad-it-test.json",
  cmrc: ["cmrc2018-dev.json", "cmrc2018-trial.json"],
  hotpotTrain: "hotpotqa-distractor-train.json",
  hotpotDev: "hotpotqa-distractor-dev.json",
  readability: "readability-pages",
  /** Citation-Integrity (SciFact layout): the files' own train / dev / test are train / val / report. */
  citintClaims: { train: "claims/citint-claims-train.jsonl", val: "claims/citint-claims-dev.jsonl", report: "claims/citint-claims-test.jsonl" },
  citintCorpus: "claims/citint-corpus.jsonl",
  fever: "claims/fever-pairs-dev.jsonl",
  wice: "claims/wice-claim-dev.jsonl",
  squad2: "squad-v2.0-dev-half.json",
  uaSquad: "ua-squad-dev.json",
} as const;

/**
 * The answer-sentence sources (real search queries, paraphrased questions, narrative, legal prose, Chinese in both
 * scripts): each is split by its own groups (article, story, site) with `SPLITS.answerSentences`.
 */
export const ANSWER_SENTENCE_SOURCES = {
  nq: { files: ["nq-qed-train.sentsel.jsonl"], lang: "en", layout: "sentences", licence: "Natural Questions (QED release) train (CC BY-SA 3.0)" },
  selqa: {
    files: ["selqa-ass-dev.json", "selqa-ass-test.json"],
    lang: "en",
    layout: "selqa",
    licence: "SelQA answer-sentence selection (Apache-2.0)",
  },
  fairytale: {
    files: ["fairytaleqa-train.sentsel.jsonl", "fairytaleqa-val.sentsel.jsonl"],
    lang: "en",
    layout: "sentences",
    licence: "FairytaleQA (Apache-2.0)",
  },
  policyqa: { files: ["policyqa-dev.json", "policyqa-test.json"], lang: "en", layout: "squad", licence: "PolicyQA (MIT)" },
  "cmrc-train": { files: ["cmrc2018-train.json"], lang: "zh", layout: "squad", licence: "CMRC 2018 train (CC BY-SA 4.0)" },
  drcd: { files: ["drcd-dev.json"], lang: "zh-Hant", layout: "squad", licence: "DRCD dev (CC BY-SA 3.0)" },
} as const;
export type AnswerSentenceSource = keyof typeof ANSWER_SENTENCE_SOURCES;
export const ANSWER_SENTENCE_SOURCE_NAMES = Object.keys(ANSWER_SENTENCE_SOURCES) as AnswerSentenceSource[];

/** One answer-sentence source, every file of it, in file order; its group names are prefixed by the source. */
export async function loadAnswerSentenceSource(dir: string, name: AnswerSentenceSource, limit?: number): Promise<EvalExample[]> {
  const { files, lang, layout } = ANSWER_SENTENCE_SOURCES[name];
  const opts = { locale: lang, ...(limit ? { limit } : {}) };
  const out: EvalExample[] = [];
  requireSharedFiles(dir, files);
  for (const f of files) {
    const file = path.join(dir, f);
    const read = layout === "sentences" ? readSentenceLabels : layout === "selqa" ? readSelqa : readSquad;
    out.push(...(await read(file, opts)));
  }
  // Two files of one source may share an article title (SelQA dev/test): one group, on one side of the split.
  return out.map((e) => ({ ...e, group: `${name}:${e.group}` }));
}

export function requireSharedData(dir: string): void {
  requireSharedFiles(dir, [
    SHARED_FILES.squadEn,
    SHARED_FILES.squadIt,
    ...SHARED_FILES.cmrc,
    SHARED_FILES.hotpotTrain,
    SHARED_FILES.hotpotDev,
    SHARED_FILES.readability,
  ]);
}

/** Files of the public data, or one error naming every missing one. */
export function requireSharedFiles(dir: string, files: readonly string[]): void {
  const missing = files.filter((f) => !existsSync(path.join(dir, f)));
  if (missing.length > 0) {
    throw new AppError("NOT_FOUND", `${dir} lacks ${missing.join(", ")} (the public data lives in ../shared/data on project machines)`);
  }
}

export async function loadSquadEn(dir: string, limit?: number): Promise<EvalExample[]> {
  return readSquad(path.join(dir, SHARED_FILES.squadEn), limit ? { limit } : {});
}

/** SQuAD-it with each article grouped under its English original (question ids are shared). */
export async function loadSquadIt(dir: string, english: readonly EvalExample[], limit?: number): Promise<EvalExample[]> {
  const it = await readSquad(path.join(dir, SHARED_FILES.squadIt), { locale: "it", ...(limit ? { limit } : {}) });
  return alignGroupsByQuestionId(it, english);
}

/**
 * SQuAD 2.0 dev (its first 16 articles), unanswerable questions kept with no evidence. Its articles are SQuAD v1.1
 * dev's, titled the same (its question ids are not), so grouped by title it splits with `SPLITS.squad` exactly as
 * SQuAD v1.1 dev and SQuAD-it do.
 */
export async function loadSquad2(dir: string, limit?: number): Promise<EvalExample[]> {
  requireSharedFiles(dir, [SHARED_FILES.squad2]);
  return readSquad(path.join(dir, SHARED_FILES.squad2), limit ? { limit } : {});
}

/**
 * UA-SQuAD (Ukrainian, 250 questions over 7 SQuAD v1.1 dev articles, the same titles and question ids): grouped by
 * its English article, so it splits with `SPLITS.squad` as SQuAD v1.1 dev and SQuAD-it do.
 */
export async function loadUaSquad(dir: string, english: readonly EvalExample[] = [], limit?: number): Promise<EvalExample[]> {
  requireSharedFiles(dir, [SHARED_FILES.uaSquad]);
  const uk = await readSquad(path.join(dir, SHARED_FILES.uaSquad), { locale: "uk", ...(limit ? { limit } : {}) });
  return english.length > 0 ? alignGroupsByQuestionId(uk, english) : uk;
}

export async function loadCmrc(dir: string, limit?: number): Promise<EvalExample[]> {
  const out: EvalExample[] = [];
  for (const f of SHARED_FILES.cmrc) out.push(...(await readSquad(path.join(dir, f), { locale: "zh", ...(limit ? { limit } : {}) })));
  return out;
}

export async function loadHotpot(dir: string, which: "train" | "dev", limit?: number): Promise<EvalExample[]> {
  return readHotpotQa(path.join(dir, which === "train" ? SHARED_FILES.hotpotTrain : SHARED_FILES.hotpotDev), limit ? { limit } : {});
}

/** Every Readability test page, analyzed (article blocks vs boilerplate), sorted by name. */
export function loadRealPages(dir: string, limit?: number): AnalyzedPage[] {
  const root = path.join(dir, SHARED_FILES.readability);
  const out: AnalyzedPage[] = [];
  for (const name of readdirSync(root).sort()) {
    if (limit !== undefined && out.length >= limit) break;
    const src = path.join(root, name, "source.html");
    const exp = path.join(root, name, "expected.html");
    if (!existsSync(src) || !existsSync(exp)) continue;
    const metaFile = path.join(root, name, "expected-metadata.json");
    const meta = existsSync(metaFile) ? (JSON.parse(readFileSync(metaFile, "utf8")) as { title?: string; byline?: string; lang?: string }) : {};
    out.push(analyzeRealPage({ name, sourceHtml: readFileSync(src, "utf8"), articleHtml: readFileSync(exp, "utf8"), meta }));
  }
  return out;
}

export function splitExamples(examples: readonly EvalExample[], opts: ThreeWaySplitOptions): Record<Split, EvalExample[]> {
  return splitThreeWays(examples, opts);
}

export function splitPages(pages: readonly AnalyzedPage[]): Record<Split, AnalyzedPage[]> {
  const out: Record<Split, AnalyzedPage[]> = { train: [], val: [], report: [] };
  for (const p of pages) out[splitOfGroup(p.name, SPLITS.real)].push(p);
  return out;
}
