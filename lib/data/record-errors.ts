import type { z } from "zod";
import { AppError } from "../errors";
import { formatZodError as formatZodIssues } from "../schemas/format-zod-issues";
import type { RecordError } from "./types";

/** zod issues as one readable line naming the field: "text must be a string (got a number)". */
export function formatZodError(error: z.ZodError, input?: unknown): string {
  return formatZodIssues(error, input === undefined ? {} : { input });
}

/** All-or-nothing imports: any invalid record fails the whole import, listing every problem. */
export function throwIfRecordErrors(errors: RecordError[], source: string): void {
  if (errors.length === 0) return;
  const shown = errors
    .slice(0, 10)
    .map((e) => `  ${e.record}: ${e.message}`)
    .join("\n");
  const more = errors.length > 10 ? `\n  … and ${errors.length - 10} more` : "";
  throw new AppError("UNPROCESSABLE", `${source}: ${errors.length} invalid record(s), nothing imported:\n${shown}${more}`, { errors });
}
