import type { EvalExample } from "../../data/types";
import type { DevSetBuilder, DevSetContext } from "./context";
import type { DevSetName } from "./names";
import { sample } from "./set-helpers";
import { asLines, asPlainText, inCyrillic, joinAsSections, splitIntoParagraphs, withoutTitles } from "./transforms";

// The HotpotQA dev questions in other layouts (one long document, a paragraph alone, untitled results) and the
// Cyrillic question pages. Each was added after the sets before it, so adding it left their samples as they were.

/**
 * The HotpotQA dev questions as ONE document, answer kept at 200 tokens; the sample is hotpot-doc's (every question:
 * fewer than the cap).
 */
function oneDocument(name: DevSetName, kind: string, toDoc: (ex: EvalExample) => EvalExample): DevSetBuilder {
  return {
    names: [name],
    async build({ rng, max, hotpotDev }: DevSetContext) {
      const ex = await hotpotDev();
      return [{ name, kind, examples: sample(rng, ex, max).map(toDoc), setting: { budget: 200 }, measure: "answerKept" }];
    },
  };
}

export const hotpotDocSet = oneDocument(
  "hotpot-doc",
  "one long structured document (a heading per section), questions whose answer spans two sections",
  joinAsSections,
);

export const hotpotParaSet: DevSetBuilder = {
  names: ["hotpot-para"],
  async build({ rng, max, hotpotDev }) {
    const ex = await hotpotDev();
    return [
      {
        name: "hotpot-para",
        kind: "answer-sentence selection in one short Wikipedia summary (a supporting paragraph alone)",
        examples: sample(rng, ex.flatMap(splitIntoParagraphs), max),
        setting: { ratio: 0.2 },
        measure: "evidenceRecall",
      },
    ];
  },
};

// The document given as plain text, section names as bare lines.
export const hotpotTextSet = oneDocument(
  "hotpot-text",
  "one long plain-text document (section names as bare lines), questions whose answer spans two sections",
  (ex) => asPlainText(joinAsSections(ex)),
);

// The document without its section names: a long text with no structure but its paragraphs.
export const hotpotFlatSet = oneDocument(
  "hotpot-flat",
  "one long document without section names (paragraphs only), questions whose answer spans two paragraphs",
  (ex) => joinAsSections(withoutTitles(ex)),
);

/**
 * Ukrainian stands for a script the vocabulary covers only by single characters (no Cyrillic text was there to learn
 * pieces from). Italian question pages are written in Cyrillic letters, one for one: the words, the question and the
 * evidence offsets stay what they were, the tokens become characters.
 */
export const pagesCyrSet: DevSetBuilder = {
  names: ["pages-cyr"],
  async build({ questionPages, squadIt }) {
    return [
      {
        name: "pages-cyr",
        kind: "pages in a script the vocabulary covers only by characters (the Ukrainian case): Italian question pages transliterated into Cyrillic",
        examples: questionPages(await squadIt(), "it", 18_000).map(inCyrillic),
        setting: { budget: 200 },
        measure: "evidenceRecall",
      },
    ];
  },
};

// A result set whose results come without titles (plain search snippets): the bridge features have no names unless
// the model finds them in the text.
export const hotpotUntitledSet: DevSetBuilder = {
  names: ["hotpot-untitled"],
  async build({ rng, max, hotpotDev }) {
    const ex = await hotpotDev();
    return [
      {
        name: "hotpot-untitled",
        kind: "multi-hop QA, 10 paragraphs per query, results without titles",
        examples: sample(rng, ex, max).map(withoutTitles),
        setting: { ratio: 0.2 },
        measure: "evidenceRecall",
      },
    ];
  },
};

// hotpot-text's document written one paragraph per line, no blank lines (text exported line by line).
export const hotpotLinesSet = oneDocument(
  "hotpot-lines",
  "one long plain-text document written one paragraph per line (section names as lines, no blank lines)",
  (ex) => asLines(asPlainText(joinAsSections(ex))),
);
