// `@snippet-lab/client`: the typed client of the Snippet Lab compress API (types generated from the server's OpenAPI
// document), and the pure pieces the LangChain.js (`/langchain`) and LlamaIndex.TS (`/llamaindex`) adapters share.
export { SnippetLabClient, createSnippetLabClient, type RequestOptions, type SnippetLabClientOptions, type VersionCheck } from "./client.js";
export { SnippetLabError, isSnippetLabError, type ClientErrorCode, type SnippetLabErrorCode, type SnippetLabErrorInit } from "./errors.js";
export {
  API_VERSION,
  API_VERSION_HEADER,
  API_DEPRECATIONS,
  checkApiVersion,
  parseApiMajor,
  type ApiDeprecation,
  type ApiVersionCheck,
} from "./generated/api-version.js";
export type { components, operations, paths } from "./generated/openapi.js";
export { parseRetryAfter, retryDelayMs } from "./retry.js";
export type {
  ApiErrorCode,
  CompressRequest,
  CompressResponse,
  CompressResultInput,
  CompressResultOut,
  CompressSettings,
  CompressSpan,
  ErrorBody,
  ModelsResponse,
} from "./types.js";
export { buildCompressRequest, sourceFields, type BuildCompressRequestOptions, type SourceDocument } from "./rag/build-compress-request.js";
export { compressDocumentSet, type CompressDocumentSetOptions, type RagCompressorOptions } from "./rag/compress-document-set.js";
export { locateSpans, type CanonicalSpan, type SourceRange } from "./rag/locate-spans.js";
export {
  DEFAULT_SEPARATOR,
  readCompressedSet,
  type CompressedDocument,
  type ReadCompressedSetOptions,
  type SnippetLabMetadata,
  type SnippetLabSpan,
} from "./rag/read-compressed-set.js";
export { spanCategories, type SpanCategories } from "./rag/span-categories.js";
