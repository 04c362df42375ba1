import "server-only";
import { BLIND_GOLD_NOTICE, BLIND_PREDICTIONS_NOTICE } from "@/lib/auth/blind-notices";
import type { PolicyUser } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import type { Db } from "../client";
import { loadPairView, type PairView } from "./load-pair-view";

export type AssertPairViewOptions = {
  pairId: string;
  user: PolicyUser;
  /** "gold": the pair's gold (and others' spans); "predictions": the model's and the judge's output. */
  see: "gold" | "predictions";
  db?: Db;
};

/**
 * The guard of a route that is all answer key (gold) or all pre-annotation (scores, suggestions): FORBIDDEN, with
 * `details.reason = "blind"`, for a user blind annotation keeps from it; NOT_FOUND for an unknown pair.
 */
export async function assertPairView({ pairId, user, see, db }: AssertPairViewOptions): Promise<PairView> {
  const view = await loadPairView({ pairId, user, ...(db ? { db } : {}) });
  if (see === "gold" && view.blinded) throw new AppError("FORBIDDEN", BLIND_GOLD_NOTICE, { reason: "blind", see });
  if (see === "predictions" && !view.predictions) throw new AppError("FORBIDDEN", BLIND_PREDICTIONS_NOTICE, { reason: "blind", see });
  return view;
}
