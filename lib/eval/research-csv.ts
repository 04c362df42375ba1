// CSV of the research views' data: the data routes and the pages' "CSV" buttons write the same bytes from the same
// data. Pure and client-safe.
import { SPAN_CATEGORIES } from "../spans/categories";
import { intervalKey } from "./bootstrap-interval";
import { type BreakdownCategory, type CategoryShareRow, changePercent, roundTokens, sharePercent } from "./category-breakdown";
import { settingOf } from "./frontier";
import type { EvalRow } from "./types";

type Cell = string | number | boolean | null | undefined;

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; lines end with \n. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cell = (v: Cell) => {
    const s = v === null || v === undefined ? "" : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(",")).join("\n") + "\n";
}

/** The measures whose 95 % bootstrap intervals the frontier CSV carries (as `<measure>_lo`, `<measure>_hi`). */
const INTERVAL_COLUMNS = ["evidenceRecall", "allEvidenceKept", "answerKept", "evidenceCharRecall", "tokensPerQuery"] as const;

/**
 * The report rows of a sweep: one line per method and setting, the figures as `snippet-lab eval` reports them; when
 * some pairs have nothing vital (no evidence: recall leaves them out), their count, the share where the method kept
 * nothing and its tokens per such pair; with the sweep's intervals, each point's 95 % bootstrap interval over pairs.
 */
export function frontierRowsToCsv(rows: readonly EvalRow[], intervals?: Record<string, Record<string, { lo: number; hi: number }>>): string {
  const categories = SPAN_CATEGORIES.filter((c) => rows.some((r) => r.categories?.[c] !== undefined));
  const unanswerable = rows.some((r) => r.unanswerable !== undefined);
  const header = [
    "method",
    "setting",
    "value",
    "tokensPerQuery",
    "evidenceRecall",
    "allEvidenceKept",
    "answerKept",
    "evidenceCharRecall",
    "keptPrecision",
    "compressionRatio",
    ...(unanswerable ? ["unanswerableQueries", "unanswerableKeptNothing", "unanswerableTokensPerQuery"] : []),
    ...categories.map((c) => `keptShare_${c}`),
    ...(intervals ? INTERVAL_COLUMNS.flatMap((m) => [`${m}_lo`, `${m}_hi`]) : []),
  ];
  return toCsv(
    header,
    rows.map((r) => {
      const s = settingOf(r);
      return [
        r.method,
        s?.kind ?? (r.ratio !== undefined ? "ratio" : ""),
        s?.value ?? r.ratio,
        r.tokensPerQuery,
        r.evidenceRecall,
        r.allEvidenceKept,
        r.answerKept,
        r.evidenceCharRecall,
        r.keptPrecision,
        r.compressionRatio,
        // A row without the field had no such pair: 0 of them (the other two figures have no value).
        ...(unanswerable ? [r.unanswerable?.queries ?? 0, r.unanswerable?.keptNothing ?? null, r.unanswerable?.tokensPerQuery ?? null] : []),
        ...categories.map((c) => r.categories?.[c]?.keptShare ?? null),
        ...(intervals
          ? INTERVAL_COLUMNS.flatMap((m) => {
              const iv = s ? intervals[intervalKey(r.method, s)]?.[m] : undefined;
              return [iv?.lo ?? null, iv?.hi ?? null];
            })
          : []),
      ];
    }),
  );
}

/** A breakdown's rows (per source, or all pairs): category, tokens in and out, shares and change. */
export function breakdownToCsv(parts: readonly { source: string; rows: readonly CategoryShareRow[] }[]): string {
  return toCsv(
    ["source", "category", "tokensIn", "tokensOut", "shareInPercent", "shareOutPercent", "changePercent"],
    parts.flatMap(({ source, rows }) =>
      rows.map((r) => [
        source,
        r.category as BreakdownCategory,
        roundTokens(r.tokensIn),
        roundTokens(r.tokensOut),
        sharePercent(r.shareIn),
        sharePercent(r.shareOut),
        changePercent(r.change),
      ]),
    ),
  );
}

/** Judging the judge (/research/judge): one line per configuration, level (span/token) and category. */
export function judgeEvalToCsv(
  configs: readonly {
    model: string;
    promptVersion: string;
    variant: string;
    pairs: number;
    span: Record<string, { tp: number; fp: number; fn: number; precision: number | null; recall: number | null; f1: number | null }>;
    token: Record<string, { tp: number; fp: number; fn: number; precision: number | null; recall: number | null; f1: number | null }>;
  }[],
): string {
  const header = ["model", "promptVersion", "variant", "pairs", "level", "category", "precision", "recall", "f1", "tp", "fp", "fn"];
  const rows = configs.flatMap((c) =>
    (["span", "token"] as const).flatMap((level) =>
      [...SPAN_CATEGORIES, "all" as const].map((cat) => {
        const s = c[level][cat]!;
        return [c.model, c.promptVersion, c.variant, c.pairs, level, cat, s.precision, s.recall, s.f1, s.tp, s.fp, s.fn];
      }),
    ),
  );
  return toCsv(header, rows);
}
