import "server-only";
import { AppError } from "@/lib/errors";
import type { Db } from "../client";

export type PairDocuments = {
  pair: { id: string; status: string; version: number };
  /** Document id → its position in the pair and its canonical text (all span offsets point into it). */
  documents: Map<string, { position: number; text: string }>;
};

/** The pair's documents with their texts, for span validation; NOT_FOUND when the pair does not exist. */
export async function loadPairDocuments({ db, pairId }: { db: Db; pairId: string }): Promise<PairDocuments> {
  const pair = await db.pair.findUnique({
    where: { id: pairId },
    select: {
      id: true,
      status: true,
      version: true,
      documents: { select: { position: true, document: { select: { id: true, text: true } } } },
    },
  });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const documents = new Map(pair.documents.map((d) => [d.document.id, { position: d.position, text: d.document.text }]));
  return { pair: { id: pair.id, status: pair.status, version: pair.version }, documents };
}
