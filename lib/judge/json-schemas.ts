// JSON Schemas of the judge's replies for structured outputs (`response_format: {type: "json_schema", json_schema:
// {name, strict: true, schema}}`): servers that support them (OpenAI, vLLM's guided decoding, llama.cpp's grammar)
// then cannot send anything else. Strict mode wants every property required and no extra ones, so optional fields
// are nullable. The zod schemas (schemas.ts) still validate what comes back: a server may ignore the schema.
import { SPAN_CATEGORIES } from "../spans/categories";

/** What a request asks for: a name (letters, digits, _ and -) and the schema of the reply. */
export type ReplySchema = { name: string; schema: Record<string, unknown> };

const object = (properties: Record<string, unknown>) => ({
  type: "object",
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

export const INTENTS_REPLY_SCHEMA: ReplySchema = {
  name: "judge_intents",
  schema: object({ intents: { type: "array", items: { type: "string" } } }),
};

const spanCore = {
  text: { type: "string", description: "Verbatim text copied from the document." },
  category: { type: "string", enum: [...SPAN_CATEGORIES] },
};

export const SPANS_REPLY_SCHEMA: ReplySchema = {
  name: "judge_spans",
  schema: object({
    spans: {
      type: "array",
      items: object({
        ...spanCore,
        intent: { type: ["integer", "null"], description: "Number of the intent a vital span serves." },
        rationale: { type: ["string", "null"] },
      }),
    },
  }),
};

export const SPANS_ONE_STAGE_REPLY_SCHEMA: ReplySchema = {
  name: "judge_spans_one_stage",
  schema: object({ spans: { type: "array", items: object({ ...spanCore, rationale: { type: ["string", "null"] } }) } }),
};

export const EXTRACT_REPLY_SCHEMA: ReplySchema = {
  name: "llm_extract",
  schema: object({ extracts: { type: "array", items: { type: "string", description: "A verbatim sentence of the document." } } }),
};
