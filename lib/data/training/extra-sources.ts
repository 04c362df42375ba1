import { AppError } from "../../errors";
import type { EvalExample } from "../types";

/** A SQuAD-layout QA file given to `train-data --qa FILE[:LANG]`: training data beyond `../shared/data`. */
export interface ExtraQaFile {
  file: string;
  /** Language code: sentence segmentation and the article's language ("en" when not given). */
  lang: string;
}

/** "FILE:LANG" → file and language; a suffix that is not a language code stays part of the path. */
export function parseExtraQaArg(arg: string): ExtraQaFile {
  const m = /^(.*):([a-z]{2,3}(?:-[A-Za-z]{2,4})?)$/.exec(arg);
  const file = m ? m[1]! : arg;
  if (!file.trim()) throw new AppError("BAD_REQUEST", `--qa needs a file, got "${arg}"`);
  return { file, lang: m ? m[2]! : "en" };
}

const textKey = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
const titleKey = (title: string) => textKey(title.replace(/_/g, " "));

/**
 * What extra training data must not repeat: every paragraph of the shared data (the training ones would count twice,
 * the validation and report ones would leak into the figures) and the articles the held-out splits are drawn from
 * (another paragraph of a validation article is a leak too: splits are by article).
 */
export class SharedDataGuard {
  private readonly paragraphs = new Set<string>();
  private readonly heldOutParagraphs = new Set<string>();
  private readonly heldOutArticles = new Set<string>();

  /** Every example of the shared data (any split): its paragraphs. */
  addShared(examples: readonly EvalExample[]): this {
    for (const ex of examples) for (const r of ex.results) if (r.text) this.paragraphs.add(textKey(r.text));
    return this;
  }

  /**
   * Examples of the validation and report splits: their paragraphs and articles (groups). Not their ids: files number
   * their questions 1, 2, … too, and a question asked again about the same text is caught by its paragraph.
   */
  addHeldOut(examples: readonly EvalExample[]): this {
    for (const ex of examples) {
      for (const r of ex.results) if (r.text) this.heldOutParagraphs.add(textKey(r.text));
      // A group named by its position ("article 3", files without titles or ids) names no article.
      if (!/^article \d+$/.test(ex.group)) this.heldOutArticles.add(titleKey(ex.group));
    }
    return this;
  }

  /** Why an extra example may not be used, or undefined when it may. */
  reject(ex: EvalExample): "held-out" | "shared" | undefined {
    const keys = ex.results.flatMap((r) => (r.text ? [textKey(r.text)] : []));
    if (this.heldOutArticles.has(titleKey(ex.group)) || keys.some((k) => this.heldOutParagraphs.has(k))) {
      return "held-out";
    }
    return keys.some((k) => this.paragraphs.has(k)) ? "shared" : undefined;
  }
}

export interface FilteredExtra {
  kept: EvalExample[];
  /** In a validation or report article, or sharing a paragraph with one: would leak into the figures. */
  heldOut: number;
  /** A paragraph the shared training data already has. */
  shared: number;
  /** Questions without evidence (SQuAD 2.0's unanswerable ones): not used. */
  unanswerable: number;
}

/** The extra examples the guard lets through, with what it dropped and why. */
export function filterExtraExamples(examples: readonly EvalExample[], guard: SharedDataGuard): FilteredExtra {
  const out: FilteredExtra = { kept: [], heldOut: 0, shared: 0, unanswerable: 0 };
  for (const ex of examples) {
    const why = guard.reject(ex);
    if (why === "held-out") out.heldOut++;
    else if (why === "shared") out.shared++;
    else if (ex.evidence.length === 0) out.unanswerable++;
    else out.kept.push(ex);
  }
  return out;
}

export function describeFiltered(name: string, f: FilteredExtra): string {
  return (
    `${name}: ${f.kept.length} questions used; dropped ${f.heldOut} (validation/report articles or paragraphs), ` +
    `${f.shared} (paragraphs already in the shared data), ${f.unanswerable} without evidence`
  );
}
