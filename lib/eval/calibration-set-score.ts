import type { EvalRow } from "./types";

type Summary = Pick<EvalRow, "keptPrecision" | "evidenceCharRecall" | "unanswerable">;

/** F1 of kept against needed characters over the answerable queries (0 when nothing was kept or needed). */
function keptF1(row: Summary): number {
  const p = row.keptPrecision;
  const r = row.evidenceCharRecall;
  return p + r > 0 ? (2 * p * r) / (p + r) : 0;
}

/** What a calibration set asks: answers kept, nothing kept, or both (half its questions lack the answer). */
export type CalibrationSetKind = "answerable" | "unanswerable" | "mixed";

/**
 * One validation set's term of `snippet-lab calibrate`'s objective. A set of answerable queries scores the F1 of kept
 * against needed characters; a set of unanswerable queries the share that kept nothing; a set mixing both (questions
 * over their own article's paragraphs, half without the answer) the mean of the two, so a threshold is paid for
 * keeping nothing on a question the paragraphs answer and for keeping something on one they do not.
 */
export function calibrationSetScore(row: Summary, kind: CalibrationSetKind): number {
  const keptNothing = row.unanswerable?.keptNothing ?? 0;
  if (kind === "unanswerable") return keptNothing;
  if (kind === "answerable") return keptF1(row);
  return (keptF1(row) + keptNothing) / 2;
}

/** The kind of a dev set used by calibrate, by its name. */
export function calibrationSetKind(name: string): CalibrationSetKind {
  return name === "unanswerable"
    ? "unanswerable"
    : ["unanswerable-topical", "unanswerable-search", "unanswerable-squad2"].includes(name)
      ? "mixed"
      : "answerable";
}
