import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { runInTransaction } from "../run-in-transaction";
import { parseOptions } from "./parse-options";
import { loadActiveUser } from "./load-active-user";
import { MAX_COMMENT_CHARS } from "../../../schemas/spans";
import { zId } from "../../../schemas/ids";
import type { AnnotationTransition } from "./submit-annotation";
import { syncPairStatus } from "./sync-pair-status";

export type ReviewAnnotationOptions = ({ annotationId: string } | { pairId: string; annotatorId: string }) & {
  reviewerId: string;
  decision: "accept" | "reject";
  /** Required (non-blank) to reject: the annotator needs to know what to fix. */
  comment?: string | null;
  /** When given, the annotation version the reviewer looked at (CONFLICT when it changed). */
  baseVersion?: number;
  db?: Db;
};

const common = {
  reviewerId: zId,
  decision: z.enum(["accept", "reject"]),
  comment: z.string().max(MAX_COMMENT_CHARS).nullable().optional(),
  baseVersion: z.number().int().nonnegative().optional(),
};
const schema = z
  .union([z.object({ annotationId: zId, ...common }), z.object({ pairId: zId, annotatorId: zId, ...common })])
  .refine((o) => o.decision !== "reject" || !!o.comment?.trim(), {
    message: "a rejection needs a comment",
    path: ["comment"],
  });

/**
 * A reviewer (role reviewer or admin) accepts or rejects a submitted annotation. Writes the review onto the
 * annotation (reviewerId, reviewComment, reviewedAt: each annotator sees the decision on their own work) and, as the
 * latest review, onto the pair, and recomputes Pair.status (accepted / rejected). FORBIDDEN for reviewing one's own annotation or without the role;
 * UNPROCESSABLE for a rejection without comment; CONFLICT unless the annotation is submitted (or on a stale baseVersion).
 */
export async function reviewAnnotation(options: ReviewAnnotationOptions): Promise<AnnotationTransition> {
  const { db = getDb(), ...rest } = options;
  const input = parseOptions(schema, rest);
  const { reviewerId, decision, baseVersion } = input;
  const comment = input.comment?.trim() || null;
  await loadActiveUser({ db, userId: reviewerId, roles: ["reviewer", "admin"], action: "review annotations" });
  return runInTransaction(
    async (tx) => {
      const a = await tx.annotation.findUnique({
        where:
          "annotationId" in input ? { id: input.annotationId } : { pairId_annotatorId: { pairId: input.pairId, annotatorId: input.annotatorId } },
        select: { id: true, pairId: true, annotatorId: true, status: true, version: true },
      });
      if (!a) throw new AppError("NOT_FOUND", "Annotation not found");
      if (a.annotatorId === reviewerId) throw new AppError("FORBIDDEN", "Reviewers may not review their own annotation");
      const details = { annotationId: a.id, version: a.version, status: a.status };
      if (baseVersion !== undefined && baseVersion !== a.version) {
        throw new AppError("CONFLICT", `The annotation changed since version ${baseVersion} (now ${a.version})`, details);
      }
      if (a.status !== "submitted") {
        throw new AppError("CONFLICT", `Only a submitted annotation can be reviewed (it is ${a.status})`, details);
      }
      const status = decision === "accept" ? "accepted" : "rejected";
      const now = new Date();
      const done = await tx.annotation.updateMany({
        where: { id: a.id, version: a.version },
        data: { status, version: { increment: 1 }, reviewerId, reviewComment: comment, reviewedAt: now },
      });
      if (done.count !== 1) throw new AppError("CONFLICT", "The annotation changed concurrently", details);
      const pairStatus = await syncPairStatus({ tx, pairId: a.pairId, review: { reviewerId, comment, at: now } });
      return { annotationId: a.id, status, version: a.version + 1, pairStatus };
    },
    { db },
  );
}
