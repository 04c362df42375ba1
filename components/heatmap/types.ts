// The shapes the heatmap pieces share between the inspector and the annotation workspace.
import type { Aggregation, Preset } from "@/lib/engine/methods";
import type { CompressResponse, CompressResultOut } from "@/lib/schemas/compress";

export type BudgetMode = Preset | "custom";

export interface SelectionControlsState {
  threshold: number;
  budgetMode: BudgetMode;
  customBudget: number;
  /**
   * The custom budget field's text while it is no valid budget (parseBudgetInput): shown with the API's error, and
   * nothing runs on it; `customBudget` keeps the last valid budget meanwhile.
   */
  customBudgetInput?: string;
  aggregation: Aggregation;
}

/**
 * A scored result with its canonical text, blocks and units: a compress response with include.tokens (the inspector)
 * or a pair's scores (the workspace).
 */
export type ScoredResult = CompressResultOut & Required<Pick<CompressResultOut, "text" | "blocks" | "units">>;

export interface ScoredResponse extends Omit<CompressResponse, "results"> {
  results: ScoredResult[];
  /** The query the results were scored for (its focus terms re-aggregate token probabilities in the browser). */
  query: string;
}
