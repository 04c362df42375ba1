// `@snippet-lab/client/langchain`: a LangChain.js document compressor (peer dependency @langchain/core).
import type { Callbacks } from "@langchain/core/callbacks/manager";
import { Document, type DocumentInterface } from "@langchain/core/documents";
import { BaseDocumentCompressor } from "@langchain/core/retrievers/document_compressors";
import type { SnippetLabClient } from "../client.js";
import { sourceFields } from "../rag/build-compress-request.js";
import { clientOf, compressDocumentSet, settingsOf, type RagCompressorOptions } from "../rag/compress-document-set.js";
import type { SnippetLabMetadata } from "../rag/read-compressed-set.js";

export type SnippetLabCompressorOptions = RagCompressorOptions;
export type { SnippetLabMetadata, SnippetLabSpan } from "../rag/read-compressed-set.js";

/**
 * Compresses a retriever's documents with Snippet Lab: all of them as ONE result set (one token budget across the
 * set, the query as the question). Each document that keeps something comes back with the kept text verbatim as its
 * `pageContent` (spans joined by `separator`) and `metadata.snippetLab` (SnippetLabMetadata: the spans' offsets,
 * scores and categories); its other metadata and id are kept. Documents that keep nothing are dropped.
 * Works in `ContextualCompressionRetriever` and `DocumentCompressorPipeline`.
 */
export class SnippetLabCompressor extends BaseDocumentCompressor {
  readonly client: SnippetLabClient;
  private readonly options: SnippetLabCompressorOptions;

  constructor(options: SnippetLabCompressorOptions) {
    super();
    this.client = clientOf(options);
    this.options = options;
  }

  async compressDocuments(documents: DocumentInterface[], query: string, _callbacks?: Callbacks): Promise<DocumentInterface[]> {
    const kept = await compressDocumentSet({
      client: this.client,
      query,
      documents: documents.map((d) => ({ text: d.pageContent, ...sourceFields(d.metadata) })),
      settings: settingsOf(this.options),
      ...(this.options.categories !== undefined ? { categories: this.options.categories } : {}),
      ...(this.options.separator !== undefined ? { separator: this.options.separator } : {}),
    });
    return kept.map(({ index, content, metadata }) => {
      const source = documents[index]!;
      return new Document<Record<string, unknown> & { snippetLab: SnippetLabMetadata }>({
        pageContent: content,
        metadata: { ...source.metadata, snippetLab: metadata },
        ...(source.id !== undefined ? { id: source.id } : {}),
      });
    });
  }
}
