import "server-only";
import { AppError } from "@/lib/errors";
import type { PairWorkspaceData } from "@/lib/schemas/annotation";
import { getAnnotation } from "../db/annotations/get-annotation";
import { getGoldSpans } from "../db/annotations/get-gold-spans";
import { listSuggestions } from "../db/annotations/list-suggestions";
import { type Db, getDb } from "../db/client";
import { getPair } from "../db/get-pair";
import { listModels } from "../model/list-models";

export type LoadPairWorkspaceOptions = { pairId: string; userId: string; db?: Db };

/** Loads the pair, my annotation, gold spans, suggestions and the model list; NOT_FOUND for an unknown pair. */
export async function loadPairWorkspace({ pairId, userId, db = getDb() }: LoadPairWorkspaceOptions): Promise<PairWorkspaceData> {
  const pair = await getPair({ id: pairId, db });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const [annotation, gold, suggestions, models] = await Promise.all([
    getAnnotation({ pairId, annotatorId: userId, db }),
    getGoldSpans({ pairId, db }),
    listSuggestions({ pairId, db }),
    listModels().catch(() => []),
  ]);
  return {
    pair: {
      id: pair.id,
      dataset: pair.dataset,
      status: pair.status,
      version: pair.version,
      reviewComment: pair.reviewComment,
      goldNoVital: gold.noVital,
      query: { text: pair.query.text, intents: pair.query.intents },
      documents: pair.documents.map((d) => ({
        id: d.id,
        position: d.position,
        title: d.title,
        url: d.url,
        text: d.text,
        blocks: d.blocks,
        rawHtml: d.rawHtml,
      })),
    },
    annotation: annotation
      ? {
          id: annotation.id,
          status: annotation.status,
          version: annotation.version,
          comment: annotation.comment,
          // This annotation's own review: the pair-level comment may be about someone else's work.
          reviewComment: annotation.reviewComment,
          noVital: annotation.noVital,
          spans: annotation.spans,
        }
      : null,
    gold: gold.spans,
    suggestions,
    models: models.map((m) => ({
      name: m.name,
      default: m.default,
      threshold: m.profile.threshold,
      aggregation: m.profile.aggregation,
      description: m.description,
    })),
  };
}
