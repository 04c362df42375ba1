import { shuffled as shuffle } from "../shuffled";
import type { Rng } from "../synthesize-page";
import { addPoolBlocks, sliceRun, type BoilerplatePage } from "./boilerplate-pool";
import { CAT } from "./categories";
import { labelDoc, PageBuilder, type LabeledDoc } from "./page-builder";
import { segmentSentences } from "../../text/segment-sentences";
import { pickKeyPhrase, pseudoQueryFor } from "./pseudo-queries";
import type { QaArticle, QaParagraph, QaQuestion } from "./qa-articles";
import type { TrainingExample } from "./types";
import { planArticleChrome, type ArticleChromeOptions } from "./insert-article-chrome";

export interface BuildQaExamplesOptions {
  articles: readonly QaArticle[];
  /** Real boilerplate of the training pages. */
  boilerplate: readonly BoilerplatePage[];
  rng: Rng;
  /** Dataset tag in `source` ("squad-en", "squad-it", "cmrc"). */
  tag: string;
  /** Per question: probability of each variant (the plain paragraph in a result set is always built). */
  pageShare?: number;
  longShare?: number;
  unanswerableShare?: number;
  /**
   * The question against 1-3 OTHER paragraphs of its own article (a page on the right subject without the answer:
   * nothing to keep). Paragraphs holding one of the question's answers are left out. Default 0: no draw is made,
   * so the examples are those of builds before the option.
   */
  topicalUnanswerableShare?: number;
  /** Broad (title / key phrase) queries per article. */
  broadPerArticle?: number;
  /** Inverse-cloze keyword queries per paragraph (one sentence vital). */
  ictPerParagraph?: number;
  /** Chrome blocks between the article paragraphs of a share of the pages (off by default). */
  articleChrome?: ArticleChromeOptions;
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

function evidenceOverrides(q: QaQuestion | undefined) {
  return (q?.evidence ?? []).map((e) => ({ start: e.start, end: e.end, cat: CAT.vital }));
}

/** Another article's paragraph, as a plain off-topic result of the set. */
function otherResult(rng: Rng, articles: readonly QaArticle[], not: QaArticle): LabeledDoc | undefined {
  for (let tries = 0; tries < 5; tries++) {
    const a = pick(rng, articles);
    if (a === not || a.paragraphs.length === 0) continue;
    return labelDoc(pick(rng, a.paragraphs).doc, CAT.off_topic, [], a.title);
  }
  return undefined;
}

interface PageOptions {
  article: QaArticle;
  /** Paragraphs of the article shown in the page, in order; `target` among them. */
  paragraphs: readonly QaParagraph[];
  /** Category of the article paragraphs (vital for a broad query, off-topic for a narrow one). */
  paragraphCat: number;
  target?: { paragraph: QaParagraph; question: QaQuestion };
  other?: LabeledDoc;
  boilerplate?: BoilerplatePage;
  rng: Rng;
  articleChrome?: ArticleChromeOptions;
}

/**
 * A realistic page around article paragraphs: a real site's header and navigation, the headline (metadata), the
 * paragraphs with in-article boilerplate between them, sometimes a related story in an aside, a repeated teaser,
 * the site's footer. Every character knows its category.
 */
export function buildPage(o: PageOptions): LabeledDoc {
  const { rng } = o;
  const page = new PageBuilder();
  const bp = o.boilerplate;
  if (bp) addPoolBlocks(page, sliceRun(rng, bp.top, 14));
  if (rng() < 0.85) page.addBlock({ text: o.article.title, kind: "heading", level: 1 }, CAT.metadata);
  const middle = bp ? sliceRun(rng, bp.middle, 4) : [];
  const middleAt = Math.floor(rng() * (o.paragraphs.length + 1));
  // In-article chrome in the gaps before each paragraph and after the last (its own random stream).
  const chrome = planArticleChrome(o.articleChrome, o.paragraphs.length + 1, {
    lang: o.article.lang,
    title: o.article.title,
    own: () => o.paragraphs.flatMap((p) => segmentSentences(p.doc, { locale: o.article.lang }).map((s) => p.doc.text.slice(s.start, s.end))),
  });
  const addChrome = (gap: number) => {
    for (const c of chrome)
      if (c.gap === gap) page.addBlock({ text: c.block.text, kind: c.block.kind, role: "main", linkDensity: c.block.linkDensity }, c.block.cat);
  };
  let dupSource: string | undefined;
  o.paragraphs.forEach((p, i) => {
    if (i === middleAt) addPoolBlocks(page, middle);
    addChrome(i);
    const isTarget = o.target?.paragraph === p;
    page.addDoc(p.doc, o.paragraphCat, isTarget ? evidenceOverrides(o.target?.question) : []);
    if (!dupSource && rng() < 0.3) dupSource = p.doc.text.split("\n")[0];
  });
  if (middleAt === o.paragraphs.length) addPoolBlocks(page, middle);
  addChrome(o.paragraphs.length);
  if (o.other && rng() < 0.5) {
    page.addBlock({ text: o.other.doc.text, kind: "paragraph", role: rng() < 0.5 ? "aside" : "main" }, CAT.off_topic);
  }
  // Pages repeat teasers and pull quotes: the copy is a duplicate, whatever the original was.
  if (dupSource && rng() < 0.4) page.addBlock({ text: dupSource, kind: rng() < 0.5 ? "quote" : "paragraph" }, CAT.duplicate);
  if (bp) addPoolBlocks(page, sliceRun(rng, bp.bottom, 14));
  return page.build(o.article.title);
}

/** A window of up to `n` consecutive paragraphs of the article that contains paragraph `p`. */
function neighbourhood(rng: Rng, article: QaArticle, p: QaParagraph, n: number): QaParagraph[] {
  const i = article.paragraphs.indexOf(p);
  const before = Math.floor(rng() * Math.min(n, i + 1));
  const from = Math.max(0, i - before);
  return article.paragraphs.slice(from, Math.min(article.paragraphs.length, from + n));
}

/**
 * SQuAD-style articles → training examples, every question in several settings: the bare paragraph in a result
 * set of other articles' paragraphs; a realistic page (real boilerplate, same-article off-topic paragraphs);
 * the whole article as one long document; the question against another article's page (nothing to keep).
 * Plus broad queries (the title, a key phrase) whose answer is the whole on-topic article text.
 */
export function buildQaExamples(opts: BuildQaExamplesOptions): TrainingExample[] {
  const { rng, articles, boilerplate, tag, articleChrome } = opts;
  const pageShare = opts.pageShare ?? 1;
  const longShare = opts.longShare ?? 0.1;
  const unanswerableShare = opts.unanswerableShare ?? 0.1;
  const topicalShare = opts.topicalUnanswerableShare ?? 0;
  const broadPerArticle = opts.broadPerArticle ?? 10;
  const ictPerParagraph = opts.ictPerParagraph ?? 0.3;
  const bp = () => (boilerplate.length > 0 && rng() < 0.9 ? pick(rng, boilerplate) : undefined);
  const out: TrainingExample[] = [];
  for (const article of articles) {
    const locale = article.lang;
    for (const paragraph of article.paragraphs) {
      // Inverse cloze: a keyword query made from one sentence, that sentence vital.
      for (let n = ictPerParagraph; n > 0 && rng() < n; n--) {
        const sentences = segmentSentences(paragraph.doc, { locale });
        const s = sentences.length > 1 ? pick(rng, sentences) : undefined;
        const query = s && pseudoQueryFor(rng, paragraph.doc.text.slice(s.start, s.end));
        if (!s || !query) continue;
        const question: QaQuestion = { id: "ict", query, evidence: [{ start: s.start, end: s.end }], answers: [] };
        const doc =
          rng() < 0.5
            ? labelDoc(paragraph.doc, CAT.off_topic, evidenceOverrides(question), article.title)
            : buildPage({
                article,
                paragraphs: neighbourhood(rng, article, paragraph, 1 + Math.floor(rng() * 3)),
                paragraphCat: CAT.off_topic,
                target: { paragraph, question },
                boilerplate: bp(),
                rng,
                articleChrome,
              });
        const others = rng() < 0.5 ? [] : [otherResult(rng, articles, article)].filter((d): d is LabeledDoc => !!d);
        out.push({ query, docs: shuffle(rng, [doc, ...others]), source: `${tag}:ict`, locale });
      }
      for (const question of paragraph.questions) {
        const target = labelDoc(paragraph.doc, CAT.off_topic, evidenceOverrides(question), article.title);
        // 1. The paragraph in a result set (0-4 other articles' paragraphs).
        const k = rng() < 0.4 ? 0 : 1 + Math.floor(rng() * 4);
        const others = Array.from({ length: k }, () => otherResult(rng, articles, article)).filter((d): d is LabeledDoc => !!d);
        out.push({ query: question.query, docs: shuffle(rng, [target, ...others]), source: `${tag}:plain`, locale });
        // 2. A realistic page around the paragraph and its neighbours.
        if (rng() < pageShare) {
          const doc = buildPage({
            article,
            paragraphs: neighbourhood(rng, article, paragraph, 1 + Math.floor(rng() * 4)),
            paragraphCat: CAT.off_topic,
            target: { paragraph, question },
            other: otherResult(rng, articles, article),
            boilerplate: bp(),
            rng,
            articleChrome,
          });
          const set = rng() < 0.7 ? [doc] : shuffle(rng, [doc, ...[otherResult(rng, articles, article)].filter((d): d is LabeledDoc => !!d)]);
          out.push({ query: question.query, docs: set, source: `${tag}:page`, locale });
        }
        // 3. The whole article as one long document.
        if (rng() < longShare && article.paragraphs.length > 3) {
          const doc = buildPage({
            article,
            paragraphs: article.paragraphs,
            paragraphCat: CAT.off_topic,
            target: { paragraph, question },
            boilerplate: rng() < 0.5 ? bp() : undefined,
            rng,
            articleChrome,
          });
          out.push({ query: question.query, docs: [doc], source: `${tag}:long`, locale });
        }
        // 4. Unanswerable: the question against another article's page.
        if (rng() < unanswerableShare) {
          const otherArticle = pick(rng, articles);
          if (otherArticle !== article && otherArticle.paragraphs.length > 0) {
            const doc = buildPage({
              article: otherArticle,
              paragraphs: neighbourhood(rng, otherArticle, pick(rng, otherArticle.paragraphs), 1 + Math.floor(rng() * 3)),
              paragraphCat: CAT.off_topic,
              boilerplate: bp(),
              rng,
              articleChrome,
            });
            out.push({ query: question.query, docs: [doc], source: `${tag}:unanswerable`, locale });
          }
        }
        // 5. Topical unanswerable: other paragraphs of the same article, none holding an answer.
        if (topicalShare > 0 && rng() < topicalShare) {
          const answers = question.answers.map((a) => a.trim().toLowerCase()).filter((a) => a.length > 0);
          const candidates = article.paragraphs.filter(
            (p) => p !== paragraph && answers.length > 0 && !answers.some((a) => p.doc.text.toLowerCase().includes(a)),
          );
          if (candidates.length > 0) {
            const chosen = new Set(shuffle(rng, candidates).slice(0, 1 + Math.floor(rng() * 3)));
            const paragraphs = article.paragraphs.filter((p) => chosen.has(p));
            const doc =
              rng() < 0.5
                ? buildPage({ article, paragraphs, paragraphCat: CAT.off_topic, boilerplate: bp(), rng, articleChrome })
                : labelDoc(paragraphs[0]!.doc, CAT.off_topic, [], article.title);
            out.push({ query: question.query, docs: [doc], source: `${tag}:topical-unanswerable`, locale });
          }
        }
      }
    }
    // Broad queries: the title or a key phrase of the article; its text is what the query asks for.
    for (let b = 0; b < broadPerArticle && article.paragraphs.length > 0; b++) {
      const query = rng() < 0.65 ? article.title : (pickKeyPhrase(rng, article) ?? article.title);
      const start = Math.floor(rng() * article.paragraphs.length);
      const paragraphs = article.paragraphs.slice(start, start + 1 + Math.floor(rng() * 5));
      const doc = buildPage({
        article,
        paragraphs,
        paragraphCat: CAT.vital,
        other: otherResult(rng, articles, article),
        boilerplate: bp(),
        rng,
        articleChrome,
      });
      const k = rng() < 0.5 ? 0 : 1 + Math.floor(rng() * 3);
      const others = Array.from({ length: k }, () => otherResult(rng, articles, article)).filter((d): d is LabeledDoc => !!d);
      out.push({ query, docs: shuffle(rng, [doc, ...others]), source: `${tag}:broad`, locale });
    }
  }
  return out;
}
