import { describe, expect, it } from "vitest";
import { readSpanSnapshot, spanSnapshotSchema } from "./spans";

describe("readSpanSnapshot", () => {
  const stored = { documentId: "d", start: 0, end: 4, text: "Boil", category: "vital", source: "gold", annotationId: null, authorId: null };
  const rest = { suggestionId: null, score: null };

  it("keeps the documented fields of a stored event, and only those (the demo seed also stored pairId)", () => {
    const read = readSpanSnapshot(JSON.stringify({ ...stored, ...rest, pairId: "p", exact: true }));
    expect(read).toEqual({ ...stored, ...rest, exact: true });
    expect(spanSnapshotSchema.parse(read)).toEqual(read);
  });

  it("leaves `exact` out where the event predates it", () => {
    expect(readSpanSnapshot(JSON.stringify({ ...stored, ...rest }))).not.toHaveProperty("exact");
  });
});
