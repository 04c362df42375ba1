import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";

/**
 * Validates a function's options (without `db`) with zod. Failures become AppError UNPROCESSABLE listing every
 * issue path, so routes answer 422 whether the bad value came from the request body or from server code.
 */
export function parseOptions<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  const summary = issues
    .slice(0, 5)
    .map((i) => `${i.path || "(options)"}: ${i.message}`)
    .join("; ");
  throw new AppError("UNPROCESSABLE", `invalid input: ${summary}`, { issues });
}
