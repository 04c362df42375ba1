import { labelTokens } from "../label-tokens";
import type { SpanCategory } from "../categories";
import { buildGoldRecords } from "./export-gold-jsonl";
import type { GoldJsonlRecord } from "./gold-jsonl-schema";
import type { SpanDocument, TokenizerLike } from "./types";

/**
 * Which category a token gets when spans of several categories cover it: what must be kept wins, then what is
 * boilerplate for a specific reason, then plain off-topic content.
 */
export const TOKEN_CATEGORY_PRECEDENCE: readonly SpanCategory[] = ["vital", "duplicate", "ads", "ui_navigation", "metadata", "off_topic"];

/**
 * What a token no judge span covers counts as: off_topic. The judge is asked to label vital text and every kind of
 * boilerplate; text it left alone is content the query does not need — what off_topic means (lib/spans/categories.ts).
 */
export const UNCOVERED_TOKEN_CATEGORY: SpanCategory = "off_topic";

/**
 * One category per token: the highest-precedence category of the spans that overlap it by at least one character
 * (the rule of the keep labels, lib/spans/label-tokens.ts), UNCOVERED_TOKEN_CATEGORY for the rest.
 */
export function tokenCategories(opts: {
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  spans: readonly { start: number; end: number; category: SpanCategory }[];
}): SpanCategory[] {
  const out = new Array<SpanCategory>(opts.starts.length).fill(UNCOVERED_TOKEN_CATEGORY);
  const assigned = new Uint8Array(opts.starts.length);
  for (const category of TOKEN_CATEGORY_PRECEDENCE) {
    const spans = opts.spans.filter((s) => s.category === category);
    if (spans.length === 0) continue;
    const hit = labelTokens({ starts: opts.starts, ends: opts.ends, spans });
    for (let i = 0; i < hit.length; i++) {
      if (hit[i] && !assigned[i]) {
        out[i] = category;
        assigned[i] = 1;
      }
    }
  }
  return out;
}

/**
 * Token labels from judgments, in the gold JSONL format (one line per pair × document; lib/spans/formats/
 * gold-jsonl-schema.ts): the judge's spans (source "judge"), keep labels from its vital spans, and `tokens.categories`
 * with one category per token (tokenCategories). `snippet-lab eval --format gold-jsonl` and `train --gold` read it like
 * the gold set, so judge output can train the model.
 */
export function buildJudgeLabelRecords(opts: { documents: readonly SpanDocument[]; tokenizer: TokenizerLike }): GoldJsonlRecord[] {
  const records = buildGoldRecords({ documents: opts.documents, tokenizer: opts.tokenizer, keepSources: ["judge"] });
  return records.map((r, i) => {
    const spans = opts.documents[i]!.spans.filter((s) => s.source === "judge");
    return { ...r, tokens: { ...r.tokens, categories: tokenCategories({ starts: r.tokens.starts, ends: r.tokens.ends, spans }) } };
  });
}

export function exportJudgeLabelsJsonl(opts: { documents: readonly SpanDocument[]; tokenizer: TokenizerLike }): string {
  return buildJudgeLabelRecords(opts)
    .map((r) => `${JSON.stringify(r)}\n`)
    .join("");
}
