import { loadCmrc, loadHotpot, loadRealPages, loadSquadEn, loadSquadIt, splitExamples, splitPages, SPLITS } from "../../data/load-shared-data";
import { createRng, type Rng } from "../../data/synthesize-page";
import type { AnalyzedPage } from "../../data/training/analyze-real-page";
import { boilerplateFromPage, type BoilerplatePage } from "../../data/training/boilerplate-pool";
import { buildPage } from "../../data/training/build-qa-examples";
import { CAT } from "../../data/training/categories";
import { groupQaArticles, type QaArticle } from "../../data/training/qa-articles";
import type { EvalExample } from "../../data/types";
import type { DevSetName } from "./names";
import { longPage, sample, vitalSpans } from "./set-helpers";
import type { BuildDevSetsOptions, DevSet } from "./types";

/**
 * What every set builder shares for one build: the split, the cap, the ONE seeded generator that samples the sets in
 * turn (so a set's sample depends on every set built before it: the registry's order is fixed), and the shared data,
 * each read once and only when a set needs it.
 */
export interface DevSetContext {
  dataDir: string;
  split: BuildDevSetsOptions["split"];
  names: ReadonlySet<DevSetName>;
  rng: Rng;
  max: number | undefined;
  seed: number | undefined;
  /** SQuAD v1.1 dev, all of it (UA-SQuAD's articles are grouped by its). */
  squadEn(): Promise<EvalExample[]>;
  /** SQuAD v1.1 dev, SQuAD-it and CMRC of this split. */
  enSplit(): Promise<EvalExample[]>;
  squadIt(): Promise<EvalExample[]>;
  cmrc(): Promise<EvalExample[]>;
  /** HotpotQA dev of this split. */
  hotpotDev(): Promise<EvalExample[]>;
  /** The Readability pages of this split, analyzed. */
  realPages(): AnalyzedPage[];
  /** A real site's boilerplate, drawn with `rng` (undefined when the split has none). */
  pickBp(): BoilerplatePage | undefined;
  /** Multilingual pages of several thousand tokens: each question's article paragraphs inside a real site's boilerplate. */
  questionPages(list: readonly EvalExample[], lang: "it" | "en" | "zh", target: number): EvalExample[];
}

/** One or more sets built together, in the registry's order; `build` is called when any of `names` is wanted. */
export interface DevSetBuilder {
  names: readonly DevSetName[];
  build(ctx: DevSetContext): Promise<DevSet[]>;
}

const once = <T>(f: () => T): (() => T) => {
  let v: { value: T } | undefined;
  return () => (v ??= { value: f() }).value;
};

export function createDevSetContext(opts: BuildDevSetsOptions, names: ReadonlySet<DevSetName>): DevSetContext {
  const rng = createRng(opts.seed ?? 99);
  const { split, dataDir } = opts;
  const max = opts.maxQueries;
  const squadEn = once(() => loadSquadEn(dataDir));
  const realPages = once(() => splitPages(loadRealPages(dataDir))[split]);
  const boilerplate = () =>
    realPages()
      .map(boilerplateFromPage)
      .filter((b) => b.top.length + b.bottom.length > 2);
  const pickBp = () => {
    const bps = boilerplate();
    return bps.length > 0 ? bps[Math.floor(rng() * bps.length)] : undefined;
  };
  const questionPages = (list: readonly EvalExample[], lang: "it" | "en" | "zh", target: number): EvalExample[] => {
    const articles = groupQaArticles(
      list.filter((e) => e.evidence.length > 0),
      lang,
    );
    const examples: EvalExample[] = [];
    const questions = articles.flatMap((a) => a.paragraphs.flatMap((p, pi) => p.questions.map((q) => ({ a, pi, q }))));
    for (const { a, pi, q } of sample(rng, questions, max ?? 300)) {
      // CMRC articles are single paragraphs: the page gathers other articles' paragraphs as sections.
      const article: QaArticle =
        a.paragraphs.length > 1
          ? a
          : {
              ...a,
              paragraphs: [
                a.paragraphs[pi]!,
                ...sample(
                  rng,
                  articles.filter((x) => x !== a),
                  12,
                ).map((x) => x.paragraphs[0]!),
              ],
            };
      const index = a.paragraphs.length > 1 ? pi : 0;
      const paragraphs = longPage(rng, article, index, target);
      const doc = buildPage({
        article,
        paragraphs,
        paragraphCat: CAT.off_topic,
        target: { paragraph: article.paragraphs[index]!, question: q },
        boilerplate: pickBp(),
        rng,
      });
      const ex: EvalExample = {
        id: `${q.id}:page`,
        query: q.query,
        results: [{ id: "page", doc: doc.doc, title: a.title }],
        evidence: vitalSpans("page", doc),
        group: a.group,
      };
      if (q.answers.length) ex.answers = q.answers;
      examples.push(ex);
    }
    return examples;
  };
  return {
    dataDir,
    split,
    names,
    rng,
    max,
    seed: opts.seed,
    squadEn,
    enSplit: once(async () => splitExamples(await squadEn(), SPLITS.squad)[split]),
    squadIt: once(async () => splitExamples(await loadSquadIt(dataDir, await squadEn()), SPLITS.squad)[split]),
    cmrc: once(async () => splitExamples(await loadCmrc(dataDir), SPLITS.cmrc)[split]),
    hotpotDev: once(() => loadHotpot(dataDir, "dev").then((all) => splitExamples(all, SPLITS.hotpotDev)[split])),
    realPages,
    pickBp,
    questionPages,
  };
}
