import "server-only";
import { AppError, isAppError } from "@/lib/errors";
import { createPairInputSchema, type CreatePairInput } from "@/lib/schemas/datasets";
import type { Db } from "../db/client";
import { type CreatePairDocumentInput, createPair } from "../db/create-pair";
import { fetchPage, type FetchPageOptions, type FetchedPage } from "../fetch/fetch-page";

export type CreatePairFromInputOptions = {
  datasetId: string;
  input: CreatePairInput;
  /** Tests: fetch options (allowedAddresses, resolve) or a fake fetcher. */
  fetchOptions?: Omit<FetchPageOptions, "url">;
  fetcher?: (opts: FetchPageOptions) => Promise<FetchedPage>;
  db?: Db;
};

/**
 * One pair from the new-pair form/API: pasted text or HTML is used as is, URLs are fetched server-side (fetchPage:
 * SSRF checks, 10 s, 5 MB) one after the other; a failed fetch names its result. Then createPair canonicalizes and
 * writes query + documents in one transaction.
 */
export async function createPairFromInput({
  datasetId,
  input,
  fetchOptions,
  fetcher = fetchPage,
  db,
}: CreatePairFromInputOptions): Promise<{ id: string; documentIds: string[] }> {
  const { query, results } = createPairInputSchema.parse(input);
  const documents: CreatePairDocumentInput[] = [];
  for (const [i, r] of results.entries()) {
    const title = r.title || undefined;
    if (r.url === undefined) {
      documents.push({ ...(r.html !== undefined ? { html: r.html } : { text: r.text! }), ...(title ? { title } : {}) });
      continue;
    }
    let page: FetchedPage;
    try {
      page = await fetcher({ ...fetchOptions, url: r.url });
    } catch (e) {
      if (isAppError(e)) throw new AppError(e.code, `Result ${i + 1}: ${e.message}`, { index: i, ...(e.details as object | undefined) });
      throw e;
    }
    documents.push({ url: page.url, ...(page.kind === "html" ? { html: page.content } : { text: page.content }), ...(title ? { title } : {}) });
  }
  const created = await createPair({ datasetId, query, documents, db });
  return { id: created.id, documentIds: created.documentIds };
}
