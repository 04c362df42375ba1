// The fuzzer's checks catch what they are for: a 5xx, an undocumented status, an error body out of shape, a row
// written by a refused request, a success that does not match its documented schema.
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/server/openapi/operations";
import { checkAnswer, errorShapeProblem } from "./check-answer";
import type { RowCounts } from "./database-probe";
import { documentedStatuses } from "./documented-statuses";

const documented = documentedStatuses(Object.values(OPERATIONS));
const error = (code: string) => JSON.stringify({ error: { code, message: "m" } });
const counts: RowCounts = { Pair: 3, Span: 7, SignInFailure: 0 };
/** A dataset as GET /api/v1/datasets/{id} documents it. */
const DATASET = {
  id: "d1",
  name: "a dataset",
  description: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  pairs: 0,
  documents: 0,
  goldPairs: 0,
  blindAnnotation: true,
  showPredictions: true,
  byStatus: { unlabeled: 0, in_progress: 0, submitted: 0, accepted: 0, rejected: 0 },
};
const check = (operationId: keyof typeof OPERATIONS, status: number, text: string, after = counts) =>
  checkAnswer({ operation: OPERATIONS[operationId], documented: documented.get(operationId)!, status, text, before: counts, after }).map(
    (p) => p.kind,
  );

describe("documentedStatuses", () => {
  it("are the OpenAPI document's statuses of each operation, without the generic 500", () => {
    expect([...documented.get("login")!].sort()).toEqual([200, 400, 401, 403, 413, 429]);
    expect(documented.get("getMe")!.has(401)).toBe(true);
    expect(documented.get("saveAnnotation")!.has(409)).toBe(true);
    for (const statuses of documented.values()) expect(statuses.has(500)).toBe(false);
  });
});

describe("checkAnswer", () => {
  it("passes documented answers, successes and refusals alike", () => {
    expect(check("getDataset", 200, JSON.stringify({ dataset: DATASET }))).toEqual([]);
    // A research route's CSV is the other media type of its documented answer.
    expect(check("getFrontier", 200, "method,threshold\nbm25,0.5\n")).toEqual([]);
    expect(check("getDataset", 404, error("NOT_FOUND"))).toEqual([]);
    expect(check("runJudge", 503, error("UNAVAILABLE"))).toEqual([]);
  });

  it("fails a 500, a 503 the operation does not document, and a status it does not document", () => {
    expect(check("getDataset", 500, error("INTERNAL"))).toEqual(["server-error"]);
    expect(check("getDataset", 503, error("UNAVAILABLE"))).toEqual(["server-error"]);
    expect(check("getDataset", 409, error("CONFLICT"))).toEqual(["undocumented-status"]);
  });

  it("fails an error body out of shape, or whose code is another status's", () => {
    expect(errorShapeProblem(400, "oops")).toMatch(/not JSON/);
    expect(errorShapeProblem(400, "{}")).toMatch(/not \{error/);
    expect(errorShapeProblem(400, error("NOT_FOUND"))).toMatch(/NOT_FOUND answered with status 400/);
    expect(check("getDataset", 404, error("BAD_REQUEST"))).toEqual(["error-shape"]);
  });

  it("fails a refused request that stored or removed a row, except what the operation is allowed (sign-in failures)", () => {
    expect(check("createDataset", 400, error("BAD_REQUEST"), { ...counts, Pair: 4 })).toEqual(["stored-on-refusal"]);
    expect(check("saveGold", 409, error("CONFLICT"), { ...counts, Span: 6 })).toEqual(["stored-on-refusal"]);
    expect(check("login", 401, error("UNAUTHORIZED"), { ...counts, SignInFailure: 1 })).toEqual([]);
    expect(check("login", 401, error("UNAUTHORIZED"), { ...counts, Pair: 4 })).toEqual(["stored-on-refusal"]);
    // Caches of computation are not anyone's data.
    expect(check("getFrontierPairs", 503, error("UNAVAILABLE"), { ...counts, DocumentUnits: 8 })).toEqual([]);
    // A success may write.
    const { id, name, description, createdAt } = DATASET;
    expect(check("createDataset", 201, JSON.stringify({ dataset: { id, name, description, createdAt } }), { ...counts, Pair: 4 })).toEqual([]);
  });

  it("fails a success that does not parse with the operation's response schema", () => {
    expect(check("compress", 200, JSON.stringify({ results: "nope" }))).toEqual(["response-schema"]);
    // A field missing, or one the contract does not have.
    expect(check("getDataset", 200, JSON.stringify({ dataset: {} }))).toEqual(["response-schema"]);
    expect(check("getDataset", 200, JSON.stringify({ dataset: { ...DATASET, secret: 1 } }))).toEqual(["response-schema"]);
    expect(check("listJobs", 200, "not json")).toEqual(["response-schema"]);
  });
});
