import { textToCanonical } from "../../text/text-to-canonical";
import { loadCitint, loadFever } from "../load-claim-data";
import { loadSquad2, loadUaSquad, splitExamples, SPLITS } from "../load-shared-data";
import type { Rng } from "../synthesize-page";
import type { EvalExample } from "../types";
import { addPoolBlocks, sliceRun, type BoilerplatePage } from "./boilerplate-pool";
import { buildQaExamples } from "./build-qa-examples";
import { CAT } from "./categories";
import type { ArticleChromeOptions } from "./insert-article-chrome";
import { labelDoc, PageBuilder, type LabeledDoc } from "./page-builder";
import { groupQaArticles, type QaArticle } from "./qa-articles";
import type { TrainingExample } from "./types";

/**
 * Training sources of issue 61, each a share (0 = off, the default: windows byte-identical to builds without them):
 * real claims → their evidence sentences, SQuAD 2.0's unanswerable questions, UA-SQuAD's Ukrainian questions.
 */
export interface ClaimSourceShares {
  /** Share of the Citation-Integrity and FEVER claims of the split (claim → the sentences that support or refute it). */
  claims?: number;
  /** Share of SQuAD 2.0's unanswerable (is_impossible) questions of the split, over their paragraph: nothing vital. */
  squad2Unanswerable?: number;
  /** Share of UA-SQuAD's questions of the split, built into the same variants as the shared QA data. */
  ukSquad?: number;
}

type Part = "train" | "val";
export interface ClaimSources {
  claims: Record<Part, EvalExample[]>;
  squad2: Record<Part, EvalExample[]>;
  ukSquad: Record<Part, QaArticle[]>;
}

/** Whether any of the sources is on. */
export function anyClaimSource(s: ClaimSourceShares): boolean {
  return (s.claims ?? 0) > 0 || (s.squad2Unanswerable ?? 0) > 0 || (s.ukSquad ?? 0) > 0;
}

/** The licences the model card names for the sources that are on. */
export function describeClaimSources(s: ClaimSourceShares): Record<string, string> {
  return {
    ...((s.claims ?? 0) > 0 ? { claims: "Citation-Integrity claims and cited abstracts (MIT); FEVER claim–evidence pairs (CC BY-SA 3.0)" } : {}),
    ...((s.squad2Unanswerable ?? 0) > 0 ? { squad2: "SQuAD 2.0 dev, first 16 articles, unanswerable questions (CC BY-SA 4.0)" } : {}),
    ...((s.ukSquad ?? 0) > 0 ? { ukSquad: "UA-SQuAD post-edited dev (CC BY-SA 4.0)" } : {}),
  };
}

/**
 * Reads the sources that are on, for the training and validation splits (report is never read): Citation-Integrity's
 * own split, FEVER's by subject, SQuAD 2.0 and UA-SQuAD by article with SQuAD v1.1 dev (SPLITS.squad).
 */
export async function loadClaimSources(dataDir: string, s: ClaimSourceShares, log: (m: string) => void, limit?: number): Promise<ClaimSources> {
  const out: ClaimSources = { claims: { train: [], val: [] }, squad2: { train: [], val: [] }, ukSquad: { train: [], val: [] } };
  for (const part of ["train", "val"] as const) {
    if ((s.claims ?? 0) > 0) out.claims[part] = [...(await loadCitint(dataDir, part)), ...(await loadFever(dataDir, part))];
    if ((s.squad2Unanswerable ?? 0) > 0)
      out.squad2[part] = splitExamples(await loadSquad2(dataDir), SPLITS.squad)[part].filter((e) => e.evidence.length === 0);
    if ((s.ukSquad ?? 0) > 0)
      out.ukSquad[part] = groupQaArticles(
        splitExamples(await loadUaSquad(dataDir), SPLITS.squad)[part].filter((e) => e.evidence.length > 0),
        "uk",
      );
    // --limit (smoke tests): the first examples of each.
    if (limit !== undefined) {
      out.claims[part] = out.claims[part].slice(0, limit);
      out.squad2[part] = out.squad2[part].slice(0, limit);
      out.ukSquad[part] = out.ukSquad[part].slice(0, Math.max(1, Math.ceil(limit / 40)));
    }
    log(
      `claim sources (${part}): ${out.claims[part].length} claims, ${out.squad2[part].length} SQuAD 2.0 unanswerable, ` +
        `${out.ukSquad[part].reduce((n, a) => n + a.paragraphs.reduce((m, p) => m + p.questions.length, 0), 0)} UA-SQuAD questions`,
    );
  }
  return out;
}

export interface ClaimSourceExamplesOptions {
  sources: ClaimSources;
  shares: ClaimSourceShares;
  part: Part;
  /** Its own stream (the rest of the data is drawn as without these sources). */
  rng: Rng;
  boilerplate: readonly BoilerplatePage[];
  articleChrome?: ArticleChromeOptions;
}

/** Share of the claim and unanswerable passages set inside a page of a real site's boilerplate. */
const PAGE_SHARE = 0.3;

/** A passage alone, or (PAGE_SHARE of the time) between a real site's header and footer blocks. */
function passageDoc(rng: Rng, passage: LabeledDoc, boilerplate: readonly BoilerplatePage[]): { doc: LabeledDoc; page: boolean } {
  if (boilerplate.length === 0 || rng() >= PAGE_SHARE) return { doc: passage, page: false };
  const bp = boilerplate[Math.floor(rng() * boilerplate.length)]!;
  const page = new PageBuilder();
  addPoolBlocks(page, sliceRun(rng, bp.top, 14));
  const vital = [];
  for (let i = 0; i < passage.categories.length; i++) {
    if (passage.categories[i] !== CAT.vital) continue;
    let j = i;
    while (j < passage.categories.length && passage.categories[j] === CAT.vital) j++;
    vital.push({ start: i, end: j, cat: CAT.vital });
    i = j;
  }
  page.addDoc(passage.doc, CAT.off_topic, vital);
  addPoolBlocks(page, sliceRun(rng, bp.bottom, 14));
  return { doc: page.build(), page: true };
}

/** One result of a claim or SQuAD 2.0 example as a labelled passage: its evidence vital, the rest off-topic. */
function labelledPassage(ex: EvalExample): LabeledDoc | undefined {
  const r = ex.results[0];
  if (!r || ex.results.length !== 1) return undefined;
  const doc = r.doc ?? textToCanonical(r.text ?? "");
  return labelDoc(
    doc,
    CAT.off_topic,
    ex.evidence.map((e) => ({ start: e.start, end: e.end, cat: CAT.vital })),
  );
}

/** The training examples of the sources that are on, for one split. */
export function claimSourceExamples(o: ClaimSourceExamplesOptions): TrainingExample[] {
  const { rng, sources, part } = o;
  const out: TrainingExample[] = [];
  const passages = (list: readonly EvalExample[], share: number, tag: (ex: EvalExample) => string) => {
    for (const ex of list) {
      if (rng() >= share) continue;
      const passage = labelledPassage(ex);
      if (!passage) continue;
      const { doc, page } = passageDoc(rng, passage, o.boilerplate);
      out.push({ query: ex.query, docs: [doc], source: `${tag(ex)}${page ? "-page" : ""}`, locale: "en" });
    }
  };
  passages(sources.claims[part], o.shares.claims ?? 0, (ex) => (ex.id.startsWith("fever:") ? "fever:claim" : "citint:claim"));
  passages(sources.squad2[part], o.shares.squad2Unanswerable ?? 0, () => "squad2:unanswerable");
  const ukShare = o.shares.ukSquad ?? 0;
  if (ukShare > 0) {
    // A share of the questions, then the variants every QA source gets (bare paragraph, page, long, unanswerable…).
    const articles = sources.ukSquad[part].map((a) => ({
      ...a,
      paragraphs: a.paragraphs.map((p) => ({ ...p, questions: p.questions.filter(() => rng() < ukShare) })),
    }));
    const copies = part === "train" ? 1 : 0.5;
    out.push(
      ...buildQaExamples({
        articles,
        boilerplate: o.boilerplate,
        rng,
        tag: "uk-squad",
        pageShare: copies,
        longShare: 0.15 * copies,
        unanswerableShare: 0.08 * copies,
        broadPerArticle: Math.round(6 * copies),
        ictPerParagraph: 0.4 * copies,
        ...(o.articleChrome ? { articleChrome: o.articleChrome } : {}),
      }),
    );
  }
  return out;
}
