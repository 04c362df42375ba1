import { describe, expect, it } from "vitest";
import { isAppError } from "../errors";
import { ROLES, type Role } from "../schemas/enums";
import {
  assertPermission,
  canChangeDataset,
  canReachGold,
  canSeePredictions,
  isBlindedFor,
  canDeleteSpan,
  canEditAnnotation,
  canReview,
  hasPermission,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  type Permission,
} from "./policy";

// The whole matrix, written out: a change to ROLE_PERMISSIONS must change this table too.
const Y = true;
const N = false;
const MATRIX: Record<Permission, Record<Role, boolean>> = {
  "pair:read": { annotator: Y, reviewer: Y, researcher: Y, admin: Y },
  "pair:annotate": { annotator: Y, reviewer: Y, researcher: Y, admin: Y },
  "pair:review": { annotator: N, reviewer: Y, researcher: N, admin: Y },
  "span:delete-others": { annotator: N, reviewer: Y, researcher: N, admin: Y },
  "dataset:write": { annotator: N, reviewer: N, researcher: Y, admin: Y },
  "user:manage": { annotator: N, reviewer: N, researcher: N, admin: Y },
  "model:run": { annotator: N, reviewer: N, researcher: Y, admin: Y },
  "export:read": { annotator: N, reviewer: Y, researcher: Y, admin: Y },
  "research:read": { annotator: N, reviewer: Y, researcher: Y, admin: Y },
};

const user = (role: Role, id = `${role}-1`) => ({ id, role });

describe("role → permission matrix", () => {
  it("covers every role and permission", () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...PERMISSIONS].sort());
    // ROLES runs from least to most privileged; the matrix lists each role once.
    expect(Object.keys(ROLE_PERMISSIONS)).toEqual([...ROLES]);
    for (const role of ROLES) expect(ROLE_PERMISSIONS[role]).toBeDefined();
  });

  const cases = PERMISSIONS.flatMap((permission) => ROLES.map((role) => ({ permission, role, allowed: MATRIX[permission][role] })));
  it.each(cases)("$role $permission → $allowed", ({ permission, role, allowed }) => {
    expect(hasPermission(role, permission)).toBe(allowed);
    const err = (() => {
      try {
        assertPermission(user(role), permission);
        return null;
      } catch (e) {
        return e;
      }
    })();
    if (allowed) expect(err).toBeNull();
    else {
      expect(isAppError(err) && err.code).toBe("FORBIDDEN");
      expect((err as Error).message).toContain(role);
      expect((err as Error).message).toContain(permission);
    }
  });

  it("denies an unknown role everything", () => {
    for (const p of PERMISSIONS) expect(hasPermission("guest" as Role, p)).toBe(false);
  });
});

describe("canReview", () => {
  const cases: { role: Role; own: boolean; allowed: boolean }[] = [
    { role: "annotator", own: false, allowed: false },
    { role: "annotator", own: true, allowed: false },
    { role: "researcher", own: false, allowed: false },
    { role: "reviewer", own: false, allowed: true },
    { role: "reviewer", own: true, allowed: false },
    { role: "admin", own: false, allowed: true },
    { role: "admin", own: true, allowed: false },
  ];
  it.each(cases)("$role reviewing own=$own → $allowed", ({ role, own, allowed }) => {
    const u = user(role);
    expect(canReview({ user: u, annotation: { annotatorId: own ? u.id : "someone-else" } })).toBe(allowed);
  });
});

describe("canDeleteSpan", () => {
  const cases: { role: Role; author: "own" | "other" | "gold"; allowed: boolean }[] = [
    { role: "annotator", author: "own", allowed: true },
    { role: "annotator", author: "other", allowed: false },
    { role: "annotator", author: "gold", allowed: false },
    { role: "researcher", author: "own", allowed: true },
    { role: "researcher", author: "other", allowed: false },
    { role: "researcher", author: "gold", allowed: false },
    { role: "reviewer", author: "own", allowed: true },
    { role: "reviewer", author: "other", allowed: true },
    { role: "reviewer", author: "gold", allowed: true },
    { role: "admin", author: "other", allowed: true },
    { role: "admin", author: "gold", allowed: true },
  ];
  it.each(cases)("$role deleting a $author span → $allowed", ({ role, author, allowed }) => {
    const u = user(role);
    const authorId = author === "own" ? u.id : author === "other" ? "someone-else" : null;
    expect(canDeleteSpan({ user: u, span: { authorId } })).toBe(allowed);
  });
});

describe("canEditAnnotation", () => {
  it.each(ROLES)("%s edits their own annotation, and another's only with span:delete-others", (role) => {
    const u = user(role);
    expect(canEditAnnotation({ user: u, annotation: { annotatorId: u.id } })).toBe(true);
    expect(canEditAnnotation({ user: u, annotation: { annotatorId: "someone-else" } })).toBe(hasPermission(role, "span:delete-others"));
  });
});

describe("canChangeDataset", () => {
  it.each([
    ["annotator", false],
    ["reviewer", false],
    ["researcher", true],
    ["admin", true],
  ] as const)("%s → %s", (role, allowed) => {
    expect(canChangeDataset({ user: user(role) })).toBe(allowed);
  });
});

describe("blind annotation", () => {
  const BLIND = { blindAnnotation: true, showPredictions: true };
  it.each([
    ["annotator", false],
    ["reviewer", true],
    ["researcher", true],
    ["admin", true],
  ] as const)("%s reaches gold anyway → %s (pair:review, export:read or research:read)", (role, reaches) => {
    expect(canReachGold(role)).toBe(reaches);
    // Blinded exactly when gold is out of reach otherwise, on a blind dataset, before submitting.
    expect(isBlindedFor({ user: user(role), dataset: BLIND, ownAnnotationStatus: null })).toBe(!reaches);
  });

  it.each([
    [null, true],
    ["in_progress", true],
    ["rejected", true],
    ["submitted", false],
    ["accepted", false],
  ] as const)("an annotator whose own annotation is %s is blinded → %s", (status, blinded) => {
    expect(isBlindedFor({ user: user("annotator"), dataset: BLIND, ownAnnotationStatus: status })).toBe(blinded);
  });

  it("nobody is blinded on a dataset without blind annotation", () => {
    for (const role of ROLES) {
      expect(isBlindedFor({ user: user(role), dataset: { blindAnnotation: false }, ownAnnotationStatus: null })).toBe(false);
    }
  });

  it("predictions are hidden only from blinded users of a dataset that does not show them", () => {
    const hidden = { blindAnnotation: true, showPredictions: false };
    expect(canSeePredictions({ user: user("annotator"), dataset: hidden, ownAnnotationStatus: "in_progress" })).toBe(false);
    expect(canSeePredictions({ user: user("annotator"), dataset: hidden, ownAnnotationStatus: "submitted" })).toBe(true);
    expect(canSeePredictions({ user: user("reviewer"), dataset: hidden, ownAnnotationStatus: null })).toBe(true);
    expect(canSeePredictions({ user: user("annotator"), dataset: BLIND, ownAnnotationStatus: null })).toBe(true);
    expect(
      canSeePredictions({ user: user("annotator"), dataset: { blindAnnotation: false, showPredictions: false }, ownAnnotationStatus: null }),
    ).toBe(true);
  });
});
