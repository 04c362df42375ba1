import { parseBudgetInput } from "@/lib/schemas/parse-budget-input";
import type { SelectionControlsState } from "./types";

/** The controls after the custom budget field changed: a valid budget replaces `customBudget`, anything else is kept as text. */
export function withCustomBudgetInput(c: SelectionControlsState, raw: string): SelectionControlsState {
  const parsed = parseBudgetInput(raw);
  if (!parsed.ok) return { ...c, customBudgetInput: raw };
  const { customBudgetInput: _invalid, ...rest } = c;
  return { ...rest, customBudget: parsed.budget };
}

/** Why the custom budget in use cannot run (the compress API's words), or null: a preset, or a valid custom budget. */
export function customBudgetProblem(c: Pick<SelectionControlsState, "budgetMode" | "customBudgetInput">): string | null {
  if (c.budgetMode !== "custom" || c.customBudgetInput === undefined) return null;
  const parsed = parseBudgetInput(c.customBudgetInput);
  return parsed.ok ? null : parsed.message;
}
