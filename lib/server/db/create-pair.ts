import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/errors";
import { htmlToCanonical } from "@/lib/text/html-to-canonical";
import { textToCanonical } from "@/lib/text/text-to-canonical";
import type { CanonicalDoc } from "@/lib/text/types";
import type { Db } from "./client";
import { Prisma } from "./generated/client";
import { runInTransaction } from "./run-in-transaction";

/** One result document: give `html` (kept as rawHtml) or `text`, or a precomputed `canonical` (plus either). */
export type CreatePairDocumentInput = {
  url?: string;
  title?: string;
  summary?: string;
  lang?: string;
  html?: string;
  text?: string;
  canonical?: CanonicalDoc;
};

export type CreatePairOptions = {
  /** Dataset name; created when missing. Give this or `datasetId`. */
  dataset?: string;
  /** Id of an existing dataset (NOT_FOUND when it does not exist). */
  datasetId?: string;
  datasetDescription?: string;
  query: string;
  intents?: string[];
  /** Source id for idempotent imports; unique within the dataset. */
  externalId?: string;
  /** In result order (position 0 first). */
  documents: CreatePairDocumentInput[];
  db?: Db;
};

export type CreatedPair = { id: string; datasetId: string; queryId: string; documentIds: string[] };

function toCanonical(doc: CreatePairDocumentInput): CanonicalDoc {
  if (doc.canonical) return doc.canonical;
  if (doc.html !== undefined) return htmlToCanonical(doc.html);
  if (doc.text !== undefined) return textToCanonical(doc.text);
  throw new AppError("BAD_REQUEST", "Each document needs html or text");
}

/**
 * Creates a pair (query + ordered documents) in a dataset, canonicalizing each document with lib/text.
 * Throws AppError CONFLICT when `externalId` already exists in the dataset.
 */
export async function createPair(options: CreatePairOptions): Promise<CreatedPair> {
  const { dataset, datasetId, datasetDescription, query, intents, externalId, documents, db } = options;
  if ((dataset === undefined) === (datasetId === undefined)) throw new AppError("BAD_REQUEST", "Give a dataset name or a dataset id");
  if (!query.trim()) throw new AppError("BAD_REQUEST", "The query is empty");
  if (documents.length === 0) throw new AppError("BAD_REQUEST", "A pair needs at least one document");
  // Canonicalize before opening the transaction: it is CPU work that should not hold the write lock.
  const canonical = documents.map(toCanonical);
  const empty = canonical.findIndex((c) => !c.text.trim());
  if (empty >= 0) {
    throw new AppError("UNPROCESSABLE", `Result ${empty + 1} has no readable text (empty, or HTML without content)`, { index: empty });
  }

  try {
    return await runInTransaction(
      async (tx) => {
        const ds =
          datasetId !== undefined
            ? await tx.dataset.findUnique({ where: { id: datasetId }, select: { id: true } })
            : await tx.dataset.upsert({
                where: { name: dataset! },
                create: { name: dataset!, description: datasetDescription ?? null },
                update: {},
                select: { id: true },
              });
        if (!ds) throw new AppError("NOT_FOUND", `Dataset ${datasetId} not found`);
        const q = await tx.query.create({
          data: { datasetId: ds.id, text: query, intentsJson: intents ? JSON.stringify(intents) : null },
          select: { id: true },
        });
        const pair = await tx.pair.create({
          data: { datasetId: ds.id, queryId: q.id, externalId: externalId ?? null },
          select: { id: true },
        });
        const documentIds: string[] = [];
        for (const [position, doc] of documents.entries()) {
          const c = canonical[position]!;
          const created = await tx.document.create({
            data: {
              datasetId: ds.id,
              url: doc.url ?? null,
              title: doc.title ?? c.title ?? null,
              summary: doc.summary ?? null,
              lang: doc.lang ?? null,
              rawHtml: doc.html ?? null,
              text: c.text,
              blocksJson: JSON.stringify(c.blocks),
              contentHash: createHash("sha256").update(c.text).digest("hex"),
            },
            select: { id: true },
          });
          await tx.pairDocument.create({ data: { pairId: pair.id, documentId: created.id, position } });
          documentIds.push(created.id);
        }
        return { id: pair.id, datasetId: ds.id, queryId: q.id, documentIds };
      },
      { db },
    );
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") {
      throw new AppError("CONFLICT", `Pair ${externalId ?? ""} already exists in dataset ${dataset ?? datasetId}`);
    }
    throw e;
  }
}
