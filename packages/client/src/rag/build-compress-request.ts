import type { CompressRequest, CompressSettings } from "../types.js";

/** One retrieved document as the compress API sees it: its text, and the title and URL where it has them. */
export interface SourceDocument {
  text: string;
  title?: string;
  url?: string;
}

export interface BuildCompressRequestOptions {
  /** The question the documents were retrieved for. */
  query: string;
  documents: readonly SourceDocument[];
  settings?: CompressSettings;
  /** Ask for the canonical text and token scores (`include.tokens`): each span's categories come from them. */
  categories?: boolean;
}

/**
 * A retriever's documents as ONE result set (one token budget across all of them), ids by position ("0", "1", …) so
 * the answer maps back to the documents whatever their own ids are.
 */
export function buildCompressRequest({ query, documents, settings = {}, categories = true }: BuildCompressRequestOptions): CompressRequest {
  const defined = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as CompressSettings;
  return {
    query,
    results: documents.map((d, i) => ({
      id: String(i),
      text: d.text,
      ...(d.title !== undefined ? { title: d.title } : {}),
      ...(d.url !== undefined ? { url: d.url } : {}),
    })),
    ...defined,
    ...(categories ? { include: { tokens: true } } : {}),
  };
}

/** The API's limits on a result's title and URL: longer ones are left out rather than failing the request. */
const MAX_TITLE_CHARS = 10_000;
const MAX_URL_CHARS = 8_192;

/**
 * The title and URL a framework document carries in its metadata, where it has them: `title`, and `url` or `source`
 * when it is an http(s) URL (web loaders put the page's address in `source`; file loaders a path, which is no URL).
 */
export function sourceFields(metadata: Record<string, unknown> | undefined): Omit<SourceDocument, "text"> {
  const out: Omit<SourceDocument, "text"> = {};
  const title = metadata?.title;
  if (typeof title === "string" && title.trim() !== "" && title.length <= MAX_TITLE_CHARS) out.title = title;
  for (const key of ["url", "source"]) {
    const value = metadata?.[key];
    if (typeof value === "string" && /^https?:\/\/\S+$/i.test(value) && value.length <= MAX_URL_CHARS) {
      out.url = value;
      break;
    }
  }
  return out;
}
