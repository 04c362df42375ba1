import { ID_TABLES, type DatabaseProbe, type IdTable } from "./database-probe";
import type { FieldStrings } from "./schema-arbitrary";

// The strings a field's name calls for, refreshed from the database as the run creates rows: a generated
// `datasetId` names a dataset that exists most of the time, so requests get past their 404s into the handlers.

export const MODEL_NAMES = ["snippet-lab", "snippet-mini", "snippet-lab-teacher", "no-such-model", "..", "default.txt"] as const;
export const METHOD_NAMES = [
  "bm25",
  "lead",
  "embedding",
  "model",
  "model:snippet-mini",
  "model:snippet-lab",
  "model:no-such-model",
  "llm-extract",
  "hybrid:bm25",
  "oracle",
  "no-such-method",
] as const;
/** Methods that score without a token model, so a valid request stays fast. */
export const CHEAP_METHODS = ["bm25", "lead", "model:snippet-mini"] as const;
export const QUERIES = ["how long to boil an egg", "when did the bridge open", "risotto rice", "Київ", "桥梁", "?"] as const;

/** Which table a field's ids come from, by the field's name. */
const FIELD_TABLE: Record<string, IdTable> = {
  datasetId: "Dataset",
  pairId: "Pair",
  pairIds: "Pair",
  documentId: "Document",
  documentIds: "Document",
  annotatorId: "User",
  userId: "User",
  ids: "Suggestion",
  suggestionId: "Suggestion",
  jobId: "Job",
  runId: "JudgeRun",
  id: "Span",
};

/**
 * Queue cursors as the server writes them (base64url JSON `[sort, direction, value, id]`), with values at their
 * edges: a far date, a date-like number, a huge or negative score, a string where a score goes.
 */
const CRAFTED_CURSORS: readonly string[] = (["updatedAt", "uncertainty", "disagreement"] as const).flatMap((sort) =>
  (["asc", "desc"] as const).flatMap((direction) =>
    ["2026-01-01T00:00:00.000Z", "+275760-09-13T00:00:00.000Z", "1", 0.5, 1e308, -1, null].map((value) =>
      Buffer.from(JSON.stringify([sort, direction, value, "c0000000000000000000000000"])).toString("base64url"),
    ),
  ),
);

/** The table of a path's `{id}`, by the path segment before it. */
export function pathTable(path: string): IdTable | undefined {
  const m = /\/(users|datasets|pairs|annotations|jobs|runs)\/\{id\}/.exec(path);
  const table: Record<string, IdTable> = {
    users: "User",
    datasets: "Dataset",
    pairs: "Pair",
    annotations: "Annotation",
    jobs: "Job",
    runs: "JudgeRun",
  };
  return m ? table[m[1]!] : undefined;
}

export class FuzzDictionary {
  readonly pools = new Map<IdTable, string[]>();
  datasetNames: string[] = [];
  /** `nextCursor`s the server answered with (the newest last). */
  readonly cursors: string[] = [];
  emails: string[] = [];

  constructor(private readonly probe: DatabaseProbe) {}

  refresh(): void {
    for (const t of ID_TABLES) this.pools.set(t, this.probe.ids(t));
    this.datasetNames = this.probe.datasetNames();
  }

  ids(table: IdTable): string[] {
    return this.pools.get(table) ?? [];
  }

  /** Keeps what a successful answer offers to follow (its `nextCursor`). */
  remember(body: unknown): void {
    const cursor = (body as { nextCursor?: unknown } | null)?.nextCursor;
    if (typeof cursor === "string" && !this.cursors.includes(cursor)) {
      this.cursors.push(cursor);
      if (this.cursors.length > 40) this.cursors.shift();
    }
  }

  /** Every id of every table (a path id of the wrong kind). */
  allIds(): string[] {
    return [...this.pools.values()].flatMap((ids) => ids.slice(0, 8));
  }

  readonly fieldStrings: FieldStrings = (key) => {
    if (key === undefined) return undefined;
    const table = FIELD_TABLE[key];
    if (table) return this.ids(table);
    switch (key) {
      case "dataset":
        return this.datasetNames;
      case "cursor":
        return [...this.cursors, ...this.ids("SpanEvent").slice(0, 10), ...CRAFTED_CURSORS];
      case "model":
      case "modelName":
        return [...MODEL_NAMES, ...METHOD_NAMES];
      case "method":
      case "methods":
        return METHOD_NAMES;
      case "email":
        return this.emails;
      case "query":
        return QUERIES;
      case "judge":
      case "configs":
        return ["fuzz-judge|v1|two-stage", "fuzz-judge|v1|one-stage", "a|b|c", "fuzz-judge|v1|two-stage,a|b|c"];
      case "scope":
        return this.ids("Dataset").map((id) => `dataset:${id}`);
      case "domain":
        return ["example.com", "localhost", "xn--e1afmkfd.xn--p1ai"];
      default:
        return undefined;
    }
  };
}
