import { SnippetLabClient, type SnippetLabClientOptions } from "../client.js";
import type { CompressSettings } from "../types.js";
import { buildCompressRequest, type SourceDocument } from "./build-compress-request.js";
import { readCompressedSet, type CompressedDocument } from "./read-compressed-set.js";

/** The options both framework adapters take: the server (a client, or how to make one) and the request settings. */
export type RagCompressorOptions = CompressSettings &
  ({ client: SnippetLabClient } | SnippetLabClientOptions) & {
    /** Between two kept spans of one document (default "\n…\n", the API's snippet separator). */
    separator?: string;
    /** Each span's token categories (default true: asks for `include.tokens`, a larger answer). */
    categories?: boolean;
  };

/** The client the options name, or one made from them. */
export function clientOf(options: RagCompressorOptions): SnippetLabClient {
  return "client" in options && options.client ? options.client : new SnippetLabClient(options as SnippetLabClientOptions);
}

/** The request settings among the options (everything but the server and the output shape). */
export function settingsOf(options: RagCompressorOptions): CompressSettings {
  const { preset, budget, threshold, method, aggregation, fragmentSize, encoding } = options;
  return { preset, budget, threshold, method, aggregation, fragmentSize, encoding };
}

export interface CompressDocumentSetOptions {
  client: SnippetLabClient;
  query: string;
  documents: readonly SourceDocument[];
  settings?: CompressSettings;
  categories?: boolean;
  separator?: string;
  signal?: AbortSignal;
}

/** Sends the documents as one result set and reads back what each kept (nothing is sent for an empty set). */
export async function compressDocumentSet(opts: CompressDocumentSetOptions): Promise<CompressedDocument[]> {
  if (opts.documents.length === 0) return [];
  const request = buildCompressRequest({
    query: opts.query,
    documents: opts.documents,
    ...(opts.settings ? { settings: opts.settings } : {}),
    ...(opts.categories !== undefined ? { categories: opts.categories } : {}),
  });
  const response = await opts.client.compress(request, opts.signal ? { signal: opts.signal } : {});
  return readCompressedSet({
    response,
    sources: opts.documents.map((d) => d.text),
    ...(opts.separator !== undefined ? { separator: opts.separator } : {}),
  });
}
