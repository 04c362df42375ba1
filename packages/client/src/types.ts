// Names for the generated types (generated/openapi.ts, from the server's zod schemas): what a caller sends and gets.
import type { components } from "./generated/openapi.js";

type Schemas = components["schemas"];

/** The body of POST /api/v1/compress, as a client may send it. */
export type CompressRequest = Schemas["CompressRequest"];
/** One search result of a compress request: exactly one of `text` and `html`. */
export type CompressResultInput = CompressRequest["results"][number];
/** The answer of POST /api/v1/compress. */
export type CompressResponse = Schemas["CompressResponse"];
/** One result of a compress answer: its kept spans and, with `include.tokens`, the canonical text and token scores. */
export type CompressResultOut = CompressResponse["results"][number];
/** A kept span: `text` is the canonical text's `slice(start, end)` (UTF-16 offsets). */
export type CompressSpan = CompressResultOut["spans"][number];
/** The answer of GET /api/v1/models. */
export type ModelsResponse = Schemas["ListModelsResponse"];
/** Every error body of the API: `{error: {code, message, details?}}`. */
export type ErrorBody = Schemas["ErrorBody"];
/** The error codes the API documents (each with one HTTP status). */
export type ApiErrorCode = ErrorBody["error"]["code"];

/** The request settings a compressor passes through: everything but the query and the results. */
export type CompressSettings = Pick<CompressRequest, "preset" | "budget" | "threshold" | "method" | "aggregation" | "fragmentSize" | "encoding">;
