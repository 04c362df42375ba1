// Who may do what. Pure (no Prisma, no Next): server code enforces it (withAuth, requireUser, data access) and client
// components may import it to hide controls a role cannot use. The server check is the one that counts.
import { AppError } from "../errors";
import type { AnnotationStatus, Role } from "../schemas/enums";

export const PERMISSIONS = [
  "pair:read",
  "pair:annotate",
  "pair:review",
  "span:delete-others",
  "dataset:write",
  "user:manage",
  "model:run",
  "export:read",
  "research:read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission allows, for 403 messages and the admin UI. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  "pair:read": "view pairs and annotations",
  "pair:annotate": "annotate pairs (create and edit own spans)",
  "pair:review": "review (accept or reject) other people's annotations",
  "span:delete-others": "delete or edit spans written by other people",
  "dataset:write": "create, import, change or delete datasets",
  "user:manage": "manage user accounts",
  "model:run": "run models and LLM judges on pairs",
  "export:read": "export datasets and gold spans",
  "research:read": "view the research views (frontiers, category breakdowns, models, judging the judge)",
};

/**
 * The role → permission matrix. Annotators only annotate; reviewers also review and clean up others' spans;
 * researchers manage datasets, run models and export, and may annotate, but do not review; admins do everything.
 * The research views (model figures, frontiers, judge against gold) are for researchers, and for reviewers, who
 * curate the gold they are measured on; annotators do not see them, so model figures do not steer their labels.
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  annotator: ["pair:read", "pair:annotate"],
  reviewer: ["pair:read", "pair:annotate", "pair:review", "span:delete-others", "export:read", "research:read"],
  researcher: ["pair:read", "pair:annotate", "dataset:write", "model:run", "export:read", "research:read"],
  admin: PERMISSIONS,
};

/** The smallest user shape the policy needs (a SessionUser fits). */
export type PolicyUser = { id: string; role: Role };

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role]?.includes(permission) ?? false;
}

/** Throws AppError FORBIDDEN naming the role and what it lacks. */
export function assertPermission(user: PolicyUser, permission: Permission): void {
  if (!hasPermission(user.role, permission)) {
    throw new AppError("FORBIDDEN", `Your role (${user.role}) cannot ${PERMISSION_LABELS[permission]} (needs ${permission}).`, {
      permission,
      role: user.role,
    });
  }
}

/** Nobody reviews their own annotation (four-eyes rule, admins included). */
export function canReview({ user, annotation }: { user: PolicyUser; annotation: { annotatorId: string } }): boolean {
  return hasPermission(user.role, "pair:review") && annotation.annotatorId !== user.id;
}

/**
 * Changing or removing a span outside one's own annotation (gold, another annotator's): own spans need pair:annotate;
 * anyone else's span (including gold spans, authorId null) needs span:delete-others. Enforced for every span write by
 * lib/server/db/annotations/assert-span-write.ts.
 */
export function canDeleteSpan({ user, span }: { user: PolicyUser; span: { authorId: string | null } }): boolean {
  if (span.authorId !== null && span.authorId === user.id) return hasPermission(user.role, "pair:annotate");
  return hasPermission(user.role, "span:delete-others");
}

/**
 * Writing into an annotation: its own annotator with pair:annotate; anyone else needs span:delete-others (a reviewer
 * cleaning up someone's spans). Enforced for every span write by lib/server/db/annotations/assert-span-write.ts.
 */
export function canEditAnnotation({ user, annotation }: { user: PolicyUser; annotation: { annotatorId: string } }): boolean {
  if (annotation.annotatorId === user.id) return hasPermission(user.role, "pair:annotate");
  return hasPermission(user.role, "span:delete-others");
}

/** Creating, importing, renaming or deleting datasets (annotators and reviewers cannot). */
export function canChangeDataset({ user }: { user: PolicyUser }): boolean {
  return hasPermission(user.role, "dataset:write");
}

/**
 * Permissions that reach a pair's gold anyway (reviewing it, exporting it, research figures measured on it): who holds
 * one is never blinded. Blind annotation is derived from these, not from a role's name.
 */
export const ANSWER_KEY_PERMISSIONS: readonly Permission[] = ["pair:review", "export:read", "research:read"];

/**
 * Statuses of one's own annotation under which a blind pair is shown in full: submitted (waiting for review) or
 * accepted. A rejected annotation is to be done again, so its annotator is blinded again until they resubmit.
 */
export const UNBLINDING_STATUSES: readonly AnnotationStatus[] = ["submitted", "accepted"];

/** A dataset's blind-annotation settings (Dataset.blindAnnotation, Dataset.showPredictions). */
export type BlindSettings = { blindAnnotation: boolean; showPredictions: boolean };

/** Whether the role reaches gold through a permission of ANSWER_KEY_PERMISSIONS (then it is never blinded). */
export function canReachGold(role: Role): boolean {
  return ANSWER_KEY_PERMISSIONS.some((p) => hasPermission(role, p));
}

export type BlindnessInput = {
  user: PolicyUser;
  dataset: Pick<BlindSettings, "blindAnnotation">;
  /** The user's own annotation of the pair; null when they have none yet. */
  ownAnnotationStatus: AnnotationStatus | null;
};

/**
 * Blind annotation: on a blind dataset, a user who cannot otherwise reach the gold receives neither the pair's gold
 * nor other annotators' spans until their own annotation of the pair is submitted or accepted (UNBLINDING_STATUSES).
 * The server enforces it (pages, API routes, the data layer); the workspace only hides what it was not sent.
 */
export function isBlindedFor({ user, dataset, ownAnnotationStatus }: BlindnessInput): boolean {
  if (!dataset.blindAnnotation || canReachGold(user.role)) return false;
  return ownAnnotationStatus === null || !UNBLINDING_STATUSES.includes(ownAnnotationStatus);
}

/**
 * Whether the model's and the judge's output on the pair (scores, heatmap, snippet, suggestions, the judge's intents)
 * reach the user: always, unless they are blinded on a dataset whose owner turned `showPredictions` off.
 */
export function canSeePredictions({ dataset, ...rest }: Omit<BlindnessInput, "dataset"> & { dataset: BlindSettings }): boolean {
  return dataset.showPredictions || !isBlindedFor({ dataset, ...rest });
}
