import { budgetSchema } from "./compress";
import { formatZodError } from "./format-zod-issues";

export type BudgetInput = { ok: true; budget: number } | { ok: false; message: string };

/**
 * A custom budget as typed into a form field, checked by the compress API's own `budget` schema, so a field never takes
 * what the API refuses (−5 used to become 1) and says it in the API's words ("budget must be at least 1").
 */
export function parseBudgetInput(raw: string): BudgetInput {
  const text = raw.trim();
  // A number field hands over "" for both an empty box and text that is no number yet ("1e", "-").
  if (text === "") return { ok: false, message: "budget is required: a whole number of downstream tokens" };
  const value = Number(text);
  // zod would call NaN "a decimal number".
  if (!Number.isFinite(value)) return { ok: false, message: "budget must be a whole number of downstream tokens" };
  const parsed = budgetSchema.safeParse(value);
  if (parsed.success) return { ok: true, budget: parsed.data };
  return { ok: false, message: formatZodError(parsed.error, { at: ["budget"], input: value }) };
}
