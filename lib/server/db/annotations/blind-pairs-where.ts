import "server-only";
import { UNBLINDING_STATUSES } from "@/lib/auth/policy";
import type { Prisma } from "../generated/client";

// Blind annotation in a query over many pairs: lib/auth/policy.ts isBlindedFor as a where clause, for a viewer who
// cannot otherwise reach the gold (the caller checks canReachGold first).

/** The pairs the viewer is blind to: their dataset is blind and the viewer has no submitted or accepted annotation of them. */
export function blindPairsWhere(viewerId: string): Prisma.PairWhereInput {
  return {
    dataset: { blindAnnotation: true },
    annotations: { none: { annotatorId: viewerId, status: { in: [...UNBLINDING_STATUSES] } } },
  };
}

/** The pairs whose model and judge output the viewer may not receive (blind, on a dataset that hides predictions). */
export function hiddenPredictionsWhere(viewerId: string): Prisma.PairWhereInput {
  return { AND: [blindPairsWhere(viewerId), { dataset: { showPredictions: false } }] };
}
