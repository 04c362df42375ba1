import "server-only";
import { AppError } from "@/lib/errors";
import { assertPermission, canDeleteSpan, canEditAnnotation, type PolicyUser } from "@/lib/auth/policy";
import { zRole } from "../../../schemas/enums";
import type { Db } from "../client";

export type AssertSpanWriteOptions = {
  tx: Db;
  /** Who writes; null for the system (an import, a gold repair): no person, nothing to check. */
  actorId: string | null;
  /** One annotation's human spans (annotationId), or the pair's gold (annotationId null). */
  scope: { annotationId: string | null };
  /** Stored spans the write changes or removes (not the ones it keeps as they are). */
  touched: readonly { id: string; authorId: string | null }[];
};

/**
 * The one place span writes meet the policy (lib/auth/policy.ts): writeSpanChanges calls it before it writes, and every
 * span write of a person goes through writeSpanChanges (saving an annotation, accepting suggestions, adjudicating
 * gold). Into an annotation: canEditAnnotation (its annotator with pair:annotate, anyone else with span:delete-others);
 * in someone else's annotation and in gold, each span changed or removed must pass canDeleteSpan; gold needs
 * pair:review besides. FORBIDDEN otherwise, also for an unknown or disabled actor; nothing has been written then.
 */
export async function assertSpanWrite({ tx, actorId, scope, touched }: AssertSpanWriteOptions): Promise<void> {
  if (actorId === null) return;
  const row = await tx.user.findUnique({ where: { id: actorId }, select: { id: true, role: true, disabledAt: true } });
  const role = zRole.safeParse(row?.role);
  if (!row || row.disabledAt !== null || !role.success) throw new AppError("FORBIDDEN", `User ${actorId} may not change spans`);
  const user: PolicyUser = { id: row.id, role: role.data };

  let own = false;
  if (scope.annotationId !== null) {
    const annotation = await tx.annotation.findUnique({ where: { id: scope.annotationId }, select: { annotatorId: true } });
    if (!annotation) throw new AppError("NOT_FOUND", `Annotation ${scope.annotationId} not found`);
    if (!canEditAnnotation({ user, annotation })) {
      throw new AppError("FORBIDDEN", `Your role (${user.role}) cannot edit another annotator's spans (needs span:delete-others).`, {
        permission: "span:delete-others",
        role: user.role,
      });
    }
    own = annotation.annotatorId === user.id;
  } else {
    assertPermission(user, "pair:review");
  }
  // In one's own annotation every span is one's own to change; elsewhere each span counts by its author.
  if (own) return;
  const denied = touched.find((span) => !canDeleteSpan({ user, span }));
  if (denied) {
    throw new AppError("FORBIDDEN", `Your role (${user.role}) cannot change span ${denied.id}, written by someone else (needs span:delete-others).`, {
      permission: "span:delete-others",
      role: user.role,
      spanId: denied.id,
    });
  }
}
