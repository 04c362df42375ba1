import "server-only";
import { canSeePredictions, isBlindedFor, type PolicyUser } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import type { PairWorkspaceData } from "@/lib/schemas/annotation";
import { getAnnotation } from "../db/annotations/get-annotation";
import { getGoldSpans } from "../db/annotations/get-gold-spans";
import { listSuggestions } from "../db/annotations/list-suggestions";
import { type Db, getDb } from "../db/client";
import { getPair } from "../db/get-pair";
import { listModels } from "../model/list-models";

export type LoadPairWorkspaceOptions = { pairId: string; user: PolicyUser; db?: Db };

/**
 * Loads the pair, my annotation, gold spans, suggestions and the model list; NOT_FOUND for an unknown pair.
 * Blind annotation (lib/auth/policy.ts): a blinded user gets no gold (spans, the "nothing is vital" decision) and no
 * pair-level review comment, and, where the dataset hides predictions, no suggestions and no judge intents; `view`
 * tells the workspace what was left out.
 */
export async function loadPairWorkspace({ pairId, user, db = getDb() }: LoadPairWorkspaceOptions): Promise<PairWorkspaceData> {
  const pair = await getPair({ id: pairId, db });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const annotation = await getAnnotation({ pairId, annotatorId: user.id, db });
  const policy = { user, dataset: pair.settings, ownAnnotationStatus: annotation?.status ?? null };
  const blinded = isBlindedFor(policy);
  const predictions = canSeePredictions(policy);
  // What the user may not receive is never read, so it cannot slip into the page.
  const [gold, suggestions, models] = await Promise.all([
    blinded ? null : getGoldSpans({ pairId, db }),
    predictions ? listSuggestions({ pairId, db }) : [],
    listModels().catch(() => []),
  ]);
  return {
    pair: {
      id: pair.id,
      dataset: pair.dataset,
      status: pair.status,
      version: pair.version,
      reviewComment: blinded ? null : pair.reviewComment,
      goldNoVital: gold?.noVital ?? false,
      query: { text: pair.query.text, intents: predictions ? pair.query.intents : null },
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
    gold: gold?.spans ?? [],
    suggestions,
    models: models.map((m) => ({
      name: m.name,
      default: m.default,
      threshold: m.profile.selection.threshold,
      aggregation: m.profile.units.aggregation,
      description: m.description,
    })),
    view: { blinded, predictions },
  };
}
