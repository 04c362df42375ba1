import "server-only";
import type { Block } from "@/lib/text/types";
import { type Db, getDb } from "./client";
import { type PairStatus, zPairStatus } from "../../schemas/enums";

export type PairDocumentDetail = {
  id: string;
  position: number;
  url: string | null;
  title: string | null;
  summary: string | null;
  lang: string | null;
  rawHtml: string | null;
  text: string;
  blocks: Block[];
  contentHash: string;
};

export type PairDetail = {
  id: string;
  datasetId: string;
  dataset: string;
  /** The dataset's blind-annotation settings (lib/auth/policy.ts isBlindedFor). */
  settings: { blindAnnotation: boolean; showPredictions: boolean };
  externalId: string | null;
  status: PairStatus;
  version: number;
  reviewComment: string | null;
  query: { id: string; text: string; intents: string[] | null };
  documents: PairDocumentDetail[];
  createdAt: Date;
  updatedAt: Date;
};

export type GetPairOptions = { id: string; db?: Db };

/** A pair with its dataset name, query and documents in result order; null when it does not exist. */
export async function getPair({ id, db = getDb() }: GetPairOptions): Promise<PairDetail | null> {
  const pair = await db.pair.findUnique({
    where: { id },
    select: {
      id: true,
      datasetId: true,
      externalId: true,
      status: true,
      version: true,
      reviewComment: true,
      createdAt: true,
      updatedAt: true,
      dataset: { select: { name: true, blindAnnotation: true, showPredictions: true } },
      query: { select: { id: true, text: true, intentsJson: true } },
      documents: {
        orderBy: { position: "asc" },
        select: {
          position: true,
          document: {
            select: {
              id: true,
              url: true,
              title: true,
              summary: true,
              lang: true,
              rawHtml: true,
              text: true,
              blocksJson: true,
              contentHash: true,
            },
          },
        },
      },
    },
  });
  if (!pair) return null;
  return {
    id: pair.id,
    datasetId: pair.datasetId,
    dataset: pair.dataset.name,
    settings: { blindAnnotation: pair.dataset.blindAnnotation, showPredictions: pair.dataset.showPredictions },
    externalId: pair.externalId,
    status: zPairStatus.parse(pair.status),
    version: pair.version,
    reviewComment: pair.reviewComment,
    query: {
      id: pair.query.id,
      text: pair.query.text,
      intents: pair.query.intentsJson ? (JSON.parse(pair.query.intentsJson) as string[]) : null,
    },
    documents: pair.documents.map(({ position, document: d }) => ({
      id: d.id,
      position,
      url: d.url,
      title: d.title,
      summary: d.summary,
      lang: d.lang,
      rawHtml: d.rawHtml,
      text: d.text,
      blocks: JSON.parse(d.blocksJson) as Block[],
      contentHash: d.contentHash,
    })),
    createdAt: pair.createdAt,
    updatedAt: pair.updatedAt,
  };
}
