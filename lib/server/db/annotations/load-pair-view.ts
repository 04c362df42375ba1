import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type BlindSettings, canSeePredictions, isBlindedFor, type PolicyUser } from "@/lib/auth/policy";
import { type AnnotationStatus, zAnnotationStatus, zRole } from "@/lib/schemas/enums";
import { zId } from "@/lib/schemas/ids";
import { type Db, getDb } from "../client";
import { parseOptions } from "./parse-options";

export type LoadPairViewOptions = { pairId: string; user: PolicyUser; db?: Db };

/** What one user may receive of one pair under its dataset's blind-annotation settings. */
export type PairView = {
  pairId: string;
  datasetId: string;
  settings: BlindSettings;
  /** The user's own annotation of the pair, null before their first save. */
  ownAnnotationStatus: AnnotationStatus | null;
  /** No gold and no other annotator's spans (isBlindedFor). */
  blinded: boolean;
  /** The model's and the judge's output may be sent (canSeePredictions). */
  predictions: boolean;
};

const schema = z.object({ pairId: zId, user: z.object({ id: zId, role: zRole }) });

/** The pair's dataset settings and the user's own annotation status, judged by lib/auth/policy; NOT_FOUND for an unknown pair. */
export async function loadPairView(options: LoadPairViewOptions): Promise<PairView> {
  const { db = getDb(), ...rest } = options;
  const { pairId, user } = parseOptions(schema, rest);
  const pair = await db.pair.findUnique({
    where: { id: pairId },
    select: {
      datasetId: true,
      dataset: { select: { blindAnnotation: true, showPredictions: true } },
      annotations: { where: { annotatorId: user.id }, select: { status: true } },
    },
  });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const own = pair.annotations[0];
  const ownAnnotationStatus = own ? zAnnotationStatus.parse(own.status) : null;
  const input = { user, dataset: pair.dataset, ownAnnotationStatus };
  return {
    pairId,
    datasetId: pair.datasetId,
    settings: pair.dataset,
    ownAnnotationStatus,
    blinded: isBlindedFor(input),
    predictions: canSeePredictions(input),
  };
}
