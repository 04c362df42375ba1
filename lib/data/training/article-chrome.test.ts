import { describe, expect, it } from "vitest";
import { bertVocabFromNpm } from "../../tokenizer/test-support/bert-vocab-from-npm";
import { WordPieceTokenizer } from "../../tokenizer/wordpiece";
import { createRng } from "../synthesize-page";
import { ArticleChromeGenerator, CHROME_TEMPLATE_LANGS, collectHeadlines, type ChromeBlock } from "./article-chrome";
import { buildFixtureExamples, digestExamples, fixtureArticles, fixturePage } from "./test-support/article-chrome-fixtures";
import { boilerplateFromPage } from "./boilerplate-pool";
import { labelRealPage } from "./build-real-page-examples";
import { CAT } from "./categories";
import { ArticleChromeStats, insertArticleChrome, planArticleChrome, type ArticleChromeOptions } from "./insert-article-chrome";
import { labelExampleWindows } from "./label-example-windows";
import type { TrainingExample } from "./types";

const HEADLINES = {
  en: ["Gronk may have found his true calling", "Harbour seal learns to open doors"],
  it: ["Il lago torna a crescere dopo anni di siccità"],
  zh: ["城市地铁新线路今日开通"],
  uk: ["Музей відкривається о 10 годині ранку в неділю"],
};

function generator(seed: number, extra: { pool?: boolean } = {}) {
  const page = fixturePage();
  const bp = boilerplateFromPage(page);
  const pool = extra.pool ? [...bp.top, ...bp.middle, ...bp.bottom].map((block) => ({ lang: "en", block })) : [];
  return new ArticleChromeGenerator({ pool, headlines: HEADLINES }, createRng(seed));
}

function chromeOptions(rate: number, seed = 3, withPool = true): ArticleChromeOptions {
  const page = fixturePage();
  const bp = boilerplateFromPage(page);
  const rng = createRng(seed);
  const pool = withPool ? [...bp.top, ...bp.middle, ...bp.bottom].map((block) => ({ lang: "en", block })) : [];
  return {
    rate,
    rng,
    generator: new ArticleChromeGenerator({ pool, headlines: HEADLINES }, rng),
    stats: new ArticleChromeStats((t) => t.split(/\s+/).length),
  };
}

const blockTexts = (d: { doc: { text: string; blocks: Array<{ start: number; end: number }> } }) =>
  d.doc.blocks.map((b) => d.doc.text.slice(b.start, b.end));

describe("ArticleChromeGenerator", () => {
  it("is seeded, and never makes vital text", () => {
    const a = Array.from({ length: 200 }, () => generator(5).next({ lang: "en" }));
    const g1 = generator(9, { pool: true });
    const g2 = generator(9, { pool: true });
    const xs = Array.from({ length: 300 }, () => g1.next({ lang: "en", own: () => ["A sentence of the article that is long enough to quote."] }));
    const ys = Array.from({ length: 300 }, () => g2.next({ lang: "en", own: () => ["A sentence of the article that is long enough to quote."] }));
    expect(xs).toEqual(ys);
    expect(a.every((b) => b.cat !== CAT.vital)).toBe(true);
    expect(xs.every((b) => b.cat !== CAT.vital && b.text.length > 0 && !b.text.includes("\n"))).toBe(true);
    // Every category but vital occurs: templates of each kind, pool blocks, pull quotes (duplicate).
    expect(new Set(xs.map((b) => b.cat))).toEqual(new Set([CAT.ui_navigation, CAT.ads, CAT.metadata, CAT.off_topic, CAT.duplicate]));
    expect(new Set(xs.map((b) => b.source))).toEqual(
      new Set(["pool", "pull-quote", "cookie", "newsletter", "form-error", "social", "promo", "author", "caption", "byline", "share", "teaser"]),
    );
  });

  it("writes each template language in its own script, with varied fillers and real headlines", () => {
    const script: Record<string, RegExp> = { en: /[a-z]/i, it: /[a-zàèéìòù]/i, zh: /\p{Script=Han}/u, uk: /\p{Script=Cyrillic}/u };
    for (const lang of CHROME_TEMPLATE_LANGS) {
      const g = generator(11);
      const xs: ChromeBlock[] = Array.from({ length: 150 }, () => g.next({ lang }));
      // Every text has the script of its language except bare share counts ("438.3k").
      expect(xs.filter((b) => b.source !== "share").every((b) => script[lang]!.test(b.text))).toBe(true);
      expect(new Set(xs.map((b) => b.text)).size).toBeGreaterThan(60);
      const teasers = xs.filter((b) => b.source === "teaser");
      expect(teasers.length).toBeGreaterThan(0);
      expect(teasers.every((b) => HEADLINES[lang].some((h) => b.text.includes(h)) && b.cat === CAT.off_topic)).toBe(true);
    }
    // Another language falls back to English templates; a page never teases its own headline.
    const fr = Array.from({ length: 80 }, () => generator(12).next({ lang: "fr" }));
    expect(fr.every((b) => /[A-Za-z0-9]/.test(b.text))).toBe(true);
    const g = generator(13);
    const own = Array.from({ length: 300 }, () => g.next({ lang: "en", title: HEADLINES.en[0] }));
    expect(own.some((b) => b.text.includes(HEADLINES.en[0]!))).toBe(false);
  });

  it("collects headlines by base language from titles and short first sentences, not slugs or single words", () => {
    expect(
      collectHeadlines([
        { lang: "zh-Hant", title: "臺北新聞" },
        { lang: "en", title: "A title", firstSentence: "A first sentence that is short enough." },
        { lang: "en", title: "NASA", firstSentence: "x".repeat(200) },
        { lang: "en", title: "helge-hal-in-blue-hill" },
        { lang: "zh", title: "赵鹏" },
      ]),
    ).toEqual({ zh: ["臺北新聞"], en: ["A title", "A first sentence that is short enough."] });
  });
});

describe("planArticleChrome", () => {
  it("draws nothing when off, 1-3 blocks for the rate's share of pages when on", () => {
    let draws = 0;
    const counting = () => (draws++, 0.5);
    const o = { ...chromeOptions(0), rng: counting };
    expect(planArticleChrome(undefined, 4, { lang: "en" })).toEqual([]);
    expect(planArticleChrome(o, 4, { lang: "en" })).toEqual([]);
    expect(draws).toBe(0);
    const on = chromeOptions(0.5);
    const plans = Array.from({ length: 400 }, () => planArticleChrome(on, 3, { lang: "en" }));
    const withChrome = plans.filter((p) => p.length > 0);
    expect(withChrome.length / plans.length).toBeGreaterThan(0.4);
    expect(withChrome.length / plans.length).toBeLessThan(0.6);
    expect(withChrome.every((p) => p.length <= 3 && p.every((x) => x.gap >= 0 && x.gap < 3))).toBe(true);
    expect(on.stats!.chromePages).toBe(withChrome.length);
    expect(Object.values(on.stats!.blocks).reduce((s, n) => s + n, 0)).toBe(withChrome.reduce((s, p) => s + p.length, 0));
  });
});

describe("insertArticleChrome", () => {
  const page = fixturePage();
  const chromed = insertArticleChrome(page, chromeOptions(1, 21), { lang: "en" });
  const inserted = chromed.chromeBlocks ?? [];

  it("puts chrome blocks between article blocks, role main, not article text, offsets exact", () => {
    expect(inserted.length).toBeGreaterThan(0);
    const first = chromed.article.indexOf(true);
    const last = chromed.article.lastIndexOf(true);
    for (const i of inserted) {
      expect(i).toBeGreaterThan(first);
      expect(i).toBeLessThan(last);
      expect(chromed.article[i]).toBe(false);
      expect(chromed.categories[i]).not.toBe(CAT.vital);
      expect(chromed.doc.blocks[i]!.role).toBe("main");
      expect(["paragraph", "list-item"]).toContain(chromed.doc.blocks[i]!.kind);
    }
    // The other blocks are the page's own, in order, with the same text, kind and labels.
    const kept = chromed.doc.blocks.map((_, i) => i).filter((i) => !inserted.includes(i));
    expect(kept.map((i) => blockTexts(chromed)[i])).toEqual(blockTexts(page));
    expect(kept.map((i) => chromed.categories[i])).toEqual(page.categories);
    expect(kept.map((i) => chromed.doc.blocks[i]!.kind)).toEqual(page.doc.blocks.map((b) => b.kind));
    expect(chromed.doc.text.split("\n").length).toBe(page.doc.text.split("\n").length + inserted.length);
  });

  it("keeps chrome out of a vital section and the article vital around it", () => {
    const heading = chromed.doc.blocks.findIndex((b, i) => b.kind === "heading" && chromed.article[i]);
    const all = { start: chromed.doc.blocks[chromed.article.indexOf(true)]!.start, end: chromed.doc.text.length };
    for (const labeled of [labelRealPage(chromed, CAT.vital), labelRealPage(chromed, CAT.off_topic, [all])]) {
      for (const i of inserted) {
        const b = chromed.doc.blocks[i]!;
        expect([...labeled.categories.slice(b.start, b.end)].every((c) => c === chromed.categories[i])).toBe(true);
      }
      chromed.article.forEach((a, i) => {
        const b = chromed.doc.blocks[i]!;
        if (a) expect([...labeled.categories.slice(b.start, b.end)].every((c) => c === CAT.vital)).toBe(true);
      });
    }
    expect(heading).toBeGreaterThan(0);
  });
});

describe("in-article chrome in the training examples", () => {
  it("leaves the examples exactly as before the option when the rate is 0", () => {
    // Digest of buildFixtureExamples() computed on the code before in-article chrome existed (commit a1b967e), as
    // recomputed when htmlToCanonical began marking chrome by class and tag (2026-12-05: the fixture's real page has
    // blocks whose role is now "aside"; with that marking switched off the old digest 568dac12… still comes out).
    const BEFORE = "dc7cd35d57625357edd4082715167ca6b9976c25fd8cbccaaac60c5c39f5a518";
    expect(digestExamples(buildFixtureExamples())).toBe(BEFORE);
    expect(digestExamples(buildFixtureExamples({ articleChrome: chromeOptions(0) }))).toBe(BEFORE);
  });

  // Templates and pull quotes only: a pool block can repeat a block of the page, and this test finds chrome as new text.
  const o = chromeOptions(1, 4, false);
  const plain = buildFixtureExamples();
  const withChrome = buildFixtureExamples({ articleChrome: o });

  it("inserts chrome blocks inside the article region with their category; evidence stays exact", () => {
    // Chrome draws from its own stream: the same examples, queries and order as without it.
    expect(withChrome.map((e) => [e.query, e.source])).toEqual(plain.map((e) => [e.query, e.source]));
    const page = fixturePage();
    // Article text: QA paragraphs and headlines, the real page's article blocks, and the in-article ad of the page.
    const inArticle = new Set([
      ...fixtureArticles().flatMap((a) => [a.title, ...a.paragraphs.map((p) => p.doc.text)]),
      ...blockTexts(page).filter((_, i) => page.article[i]),
      "Advertisement",
    ]);
    const vitalOf = (e: TrainingExample) => e.docs.map((d) => [...d.doc.text].filter((_, i) => d.categories[i] === CAT.vital).join(""));
    const cats = new Set<number>();
    let found = 0;
    withChrome.forEach((ex, k) => {
      // Vital text is unchanged: chrome is never vital and never inside evidence.
      expect(vitalOf(ex)).toEqual(vitalOf(plain[k]!));
      ex.docs.forEach((d, j) => {
        const texts = blockTexts(d);
        const old = new Set(blockTexts(plain[k]!.docs[j]!));
        const isNew = texts.map((t) => !old.has(t));
        texts.forEach((_, i) => {
          if (!isNew[i]) return;
          found++;
          const b = d.doc.blocks[i]!;
          expect(b.role).toBe("main");
          const c = new Set(d.categories.slice(b.start, b.end));
          expect(c.size).toBe(1);
          cats.add([...c][0]!);
          // Its nearest original neighbours: article text on at least one side (both, between paragraphs).
          let p = i - 1;
          while (p >= 0 && isNew[p]) p--;
          let n = i + 1;
          while (n < texts.length && isNew[n]) n++;
          expect((p >= 0 && inArticle.has(texts[p]!)) || (n < texts.length && inArticle.has(texts[n]!))).toBe(true);
        });
      });
    });
    expect(found).toBeGreaterThan(10);
    expect(cats.has(CAT.vital)).toBe(false);
    expect(cats.size).toBeGreaterThanOrEqual(3);
  });

  it("labels the chrome tokens of the windows with the chrome's category, keep 0", () => {
    const tokenizer = new WordPieceTokenizer(bertVocabFromNpm());
    const catsOf = (examples: TrainingExample[]) => {
      const n = new Array<number>(6).fill(0);
      for (const ex of examples)
        for (const w of labelExampleWindows({ example: ex, tokenizer, maxLength: 256 }))
          w.category.forEach((c, p) => {
            if (c >= 0) n[c]!++;
            if (c >= 0 && c !== CAT.vital) expect(w.keep[p]).toBe(0);
          });
      return n;
    };
    const a = catsOf(plain);
    const b = catsOf(withChrome);
    expect(b[CAT.vital]).toBe(a[CAT.vital]);
    expect(b[CAT.ui_navigation]! + b[CAT.ads]! + b[CAT.metadata]! + b[CAT.off_topic]! + b[CAT.duplicate]!).toBeGreaterThan(
      a[CAT.ui_navigation]! + a[CAT.ads]! + a[CAT.metadata]! + a[CAT.off_topic]! + a[CAT.duplicate]!,
    );
  });
});
