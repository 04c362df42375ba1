// `@snippet-lab/client/llamaindex`: a LlamaIndex.TS node postprocessor (peer dependency llamaindex; types only).
import type { BaseNode, BaseNodePostprocessor, MessageContent, NodeWithScore } from "llamaindex";
import type { SnippetLabClient } from "../client.js";
import { sourceFields } from "../rag/build-compress-request.js";
import { clientOf, compressDocumentSet, settingsOf, type RagCompressorOptions } from "../rag/compress-document-set.js";

export type SnippetLabNodePostprocessorOptions = RagCompressorOptions;
export type { SnippetLabMetadata, SnippetLabSpan } from "../rag/read-compressed-set.js";

/** The metadata key of the spans; kept out of what LlamaIndex shows the LLM and embeds. */
const KEY = "snippetLab";

/** A text node (TextNode, Document): the nodes that have text to compress. */
type TextLike = BaseNode & { text: string };
const isTextNode = (node: BaseNode): node is TextLike => typeof (node as Partial<TextLike>).text === "string";

/** The question in a query (LlamaIndex passes `MessageContent`: a string or parts, of which the text ones count). */
function queryText(query: MessageContent | undefined): string {
  if (typeof query === "string") return query;
  return (query ?? [])
    .map((part) => (part.type === "text" ? part.text : ""))
    .filter(Boolean)
    .join("\n");
}

/**
 * Compresses retrieved nodes with Snippet Lab: the text nodes as ONE result set (one token budget across them, the
 * query as the question). A node that keeps something comes back as a copy whose text is the kept text, verbatim
 * (spans joined by `separator`), with `metadata.snippetLab` (the spans' offsets, scores and categories; excluded from
 * the LLM's and the embedding's view of the metadata) and its score unchanged; nodes that keep nothing are dropped,
 * nodes without text (images) pass through. For `nodePostprocessors` of a query or chat engine.
 */
export class SnippetLabNodePostprocessor implements BaseNodePostprocessor {
  readonly client: SnippetLabClient;
  private readonly options: SnippetLabNodePostprocessorOptions;

  constructor(options: SnippetLabNodePostprocessorOptions) {
    this.client = clientOf(options);
    this.options = options;
  }

  async postprocessNodes(nodes: NodeWithScore[], query?: MessageContent): Promise<NodeWithScore[]> {
    const question = queryText(query).trim();
    if (!question) throw new TypeError("SnippetLabNodePostprocessor needs the query: postprocessNodes(nodes, query)");
    const textual = nodes.filter((n): n is NodeWithScore & { node: TextLike } => isTextNode(n.node));
    const kept = await compressDocumentSet({
      client: this.client,
      query: question,
      documents: textual.map((n) => ({ text: n.node.text, ...sourceFields(n.node.metadata) })),
      settings: settingsOf(this.options),
      ...(this.options.categories !== undefined ? { categories: this.options.categories } : {}),
      ...(this.options.separator !== undefined ? { separator: this.options.separator } : {}),
    });
    const compressed = new Map<BaseNode, NodeWithScore>();
    for (const { index, content, metadata } of kept) {
      const source = textual[index]!;
      const copy = source.node.clone();
      copy.setContent(content);
      copy.metadata = { ...copy.metadata, [KEY]: metadata };
      copy.excludedLlmMetadataKeys = [...new Set([...copy.excludedLlmMetadataKeys, KEY])];
      copy.excludedEmbedMetadataKeys = [...new Set([...copy.excludedEmbedMetadataKeys, KEY])];
      compressed.set(source.node, { ...source, node: copy });
    }
    return nodes.flatMap((n) => (!isTextNode(n.node) ? [n] : (compressed.get(n.node) ?? [])));
  }
}
