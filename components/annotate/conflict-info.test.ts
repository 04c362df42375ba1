import { describe, expect, it } from "vitest";
import { readConflict } from "./conflict-info";

const span = { id: "s1", documentId: "d1", start: 0, end: 6, text: "Golden", category: "vital" as const, source: "human" as const, author: "a@x" };
const body = (details: Record<string, unknown>, message = "The annotation changed since version 2 (now 3): reload or merge") => ({
  error: { code: "CONFLICT", message, details: { annotationId: "a1", spans: [span], ...details } },
});

describe("readConflict", () => {
  it("a version conflict of an annotation still in progress can be merged", () => {
    const c = readConflict(body({ reason: "version", version: 3, status: "in_progress" }), 2);
    expect(c).toMatchObject({ reason: "version", version: 3, status: "in_progress", message: expect.stringMatching(/reload or merge/) });
    expect(c.spans).toEqual([{ id: "s1", documentId: "d1", start: 0, end: 6, text: "Golden", category: "vital", source: "human" }]);
  });

  it("a version conflict of an annotation submitted meanwhile is a lock (a merge could not be saved)", () => {
    for (const status of ["submitted", "accepted"] as const) {
      const c = readConflict(body({ reason: "version", version: 4, status }), 2);
      expect(c.reason).toBe("locked");
      expect(c.message).toBe(`The annotation was ${status} meanwhile; it cannot be edited now.`);
    }
  });

  it("keeps the server's message for a lock it reported itself, and the current version when details lack one", () => {
    const c = readConflict(
      { error: { message: "The annotation is submitted; it cannot be edited now", details: { reason: "locked", status: "submitted" } } },
      5,
    );
    expect(c).toMatchObject({ reason: "locked", version: 5, spans: [], message: "The annotation is submitted; it cannot be edited now" });
    expect(readConflict({}, 1)).toMatchObject({ reason: "version", version: 1, status: null, message: "The annotation changed on the server." });
  });
});
