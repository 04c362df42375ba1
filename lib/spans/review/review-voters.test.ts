import { describe, expect, it } from "vitest";
import { reviewVoters, votingAnnotations } from "./review-voters";

const a = (id: string, status: string) => ({ id, label: id, status, spans: [] });

describe("votingAnnotations", () => {
  it("counts submitted and accepted work; never a rejected one, even when nothing else is handed in", () => {
    expect(votingAnnotations([a("x", "submitted"), a("y", "rejected"), a("z", "in_progress")]).map((v) => v.id)).toEqual(["x"]);
    expect(votingAnnotations([a("y", "rejected"), a("z", "in_progress")]).map((v) => v.id)).toEqual(["z"]);
    expect(votingAnnotations([a("y", "rejected")])).toEqual([]);
  });
  it("puts the current gold first as its own voter, machine layers last", () => {
    const gold = [{ documentId: "d", start: 0, end: 1, category: "vital" as const }];
    const v = reviewVoters({ annotations: [a("x", "accepted")], gold, suggestions: [{ id: "judge", label: "LLM judge", spans: [] }] });
    expect(v.map((x) => [x.id, x.kind])).toEqual([
      ["gold", "gold"],
      ["x", "annotation"],
      ["judge", "suggestion"],
    ]);
  });
});
