// zod schemas of the judge's two JSON outputs. Tolerant where models commonly drift (category spelling, intent as a
// string, null for absent fields), strict where a wrong value would mislabel text.
import { z } from "zod";
import { SPAN_CATEGORIES } from "../spans/categories";
import { JUDGE_VARIANTS } from "./types";

/** Spellings models use for the six categories (keys after lower-casing and turning separators into "_"). */
const CATEGORY_ALIASES: Record<string, string> = {
  offtopic: "off_topic",
  irrelevant: "off_topic",
  ad: "ads",
  advert: "ads",
  advertisement: "ads",
  advertising: "ads",
  meta: "metadata",
  navigation: "ui_navigation",
  nav: "ui_navigation",
  ui: "ui_navigation",
  ui_nav: "ui_navigation",
  boilerplate: "ui_navigation",
  duplicated: "duplicate",
  dup: "duplicate",
  repeated: "duplicate",
};

function normalizeCategory(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[\s/-]+/g, "_");
  return CATEGORY_ALIASES[key] ?? key;
}

/** A span category, accepting common alias spellings ("Navigation", "off-topic", "advertisement"). */
export const zJudgeCategory = z.preprocess(
  normalizeCategory,
  z.enum(SPAN_CATEGORIES, { error: `category must be one of ${SPAN_CATEGORIES.join(", ")}` }),
);

const nullToUndefined = (v: unknown) => (v === null ? undefined : v);

/** Most intents stage 1 may return; more would make the stage-2 prompt long without helping. */
export const MAX_INTENTS = 12;
const MAX_INTENT_CHARS = 500;

/** Stage 1: `{ "intents": string[] }` (a bare array is accepted too). Blank and repeated intents are dropped. */
export const intentsOutputSchema = z
  .preprocess(
    (v) => (Array.isArray(v) ? { intents: v } : v),
    z.object({
      intents: z.array(z.string().max(MAX_INTENT_CHARS)).max(50),
    }),
  )
  .transform(({ intents }) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const raw of intents) {
      const s = raw.replace(/\s+/g, " ").trim();
      const key = s.toLowerCase();
      if (!s || seen.has(key)) continue;
      seen.add(key);
      out.push(s);
    }
    return { intents: out.slice(0, MAX_INTENTS) };
  });
export type IntentsOutput = z.output<typeof intentsOutputSchema>;

export const judgeSpanSchema = z.object({
  text: z.string().min(1, "text must not be empty"),
  category: zJudgeCategory,
  intent: z.preprocess((v) => (v === null || v === "" ? undefined : typeof v === "string" ? Number(v) : v), z.number().int().min(0).optional()),
  rationale: z.preprocess(nullToUndefined, z.string().max(2000).optional()),
});

/** Stage 2: `{ "spans": [...] }` (a bare array is accepted too). */
export const spansOutputSchema = z.preprocess((v) => (Array.isArray(v) ? { spans: v } : v), z.object({ spans: z.array(judgeSpanSchema).max(2000) }));
export type SpansOutput = z.output<typeof spansOutputSchema>;

/** Body of POST /api/v1/pairs/:id/judge (all optional: an empty body judges every document of the pair). */
export const judgeRequestSchema = z
  .object({
    /** Judge only these documents of the pair; the judge's suggestions on the others are kept. */
    documentIds: z.array(z.string().min(1).max(200)).min(1).max(1_000).optional(),
    /** Run stage 1 again even when the query already has intents (they are overwritten). */
    refreshIntents: z.boolean().optional(),
    /** "one-stage": spans without intents, stored as the "<model> · one-stage" layer (default "two-stage"). */
    variant: z.enum(JUDGE_VARIANTS).optional(),
  })
  .strict();

/** llm-extract: `{ "extracts": string[] }` (a bare array, and `{"text": …}` items, are accepted too). Blank ones dropped. */
export const extractOutputSchema = z
  .preprocess(
    (v) => (Array.isArray(v) ? { extracts: v } : v),
    z.object({
      extracts: z
        .array(z.preprocess((x) => (x && typeof x === "object" && "text" in x ? (x as { text: unknown }).text : x), z.string().max(20_000)))
        .max(2000),
    }),
  )
  .transform(({ extracts }) => ({ extracts: extracts.filter((e) => e.trim().length > 0) }));
export type ExtractOutput = z.output<typeof extractOutputSchema>;
