import type { z } from "zod";
import { extractJson } from "./extract-json";
import { extractOutputSchema, intentsOutputSchema, spansOutputSchema, type ExtractOutput, type IntentsOutput, type SpansOutput } from "./schemas";
import type { ParseResult } from "./types";

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.map(String).join(".") : "(root)"}: ${i.message}`)
    .join("; ");
}

/** A reply → JSON → schema; the error text is phrased for the model (it goes into the repair request). */
export function parseJudgeOutput<S extends z.ZodType>(reply: string, schema: S): ParseResult<z.output<S>> {
  const json = extractJson(reply);
  if (!json.ok) return json;
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) return { ok: false, error: `the JSON does not match the expected shape: ${describeIssues(parsed.error)}` };
  return { ok: true, value: parsed.data };
}

export const parseIntentsOutput = (reply: string): ParseResult<IntentsOutput> => parseJudgeOutput(reply, intentsOutputSchema);
export const parseSpansOutput = (reply: string): ParseResult<SpansOutput> => parseJudgeOutput(reply, spansOutputSchema);
export const parseExtractOutput = (reply: string): ParseResult<ExtractOutput> => parseJudgeOutput(reply, extractOutputSchema);
