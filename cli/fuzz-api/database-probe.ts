import Database from "better-sqlite3";

// The fuzzer's own read-only look at the temp SQLite database the route handlers write: row counts of every table
// (before and after each refused request) and the ids and versions that let generated requests reach real rows.
// A separate connection, so it sees exactly what the server committed.

export type RowCounts = Record<string, number>;

export type PairDocumentText = { id: string; text: string };

/** Tables whose ids feed path ids and id fields. */
export const ID_TABLES = ["User", "Dataset", "Pair", "Document", "Annotation", "Span", "Suggestion", "SpanEvent", "Job", "JudgeRun"] as const;
export type IdTable = (typeof ID_TABLES)[number];

export class DatabaseProbe {
  readonly tables: string[];
  private readonly db: Database.Database;
  private readonly counter: Database.Statement;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    this.db.pragma("busy_timeout = 10000");
    this.tables = (
      this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]
    ).map((r) => r.name);
    // One statement for every table: a refused request is checked with two cheap reads.
    const q = (t: string) => `"${t.replaceAll('"', '""')}"`;
    this.counter = this.db.prepare(`SELECT ${this.tables.map((t) => `(SELECT COUNT(*) FROM ${q(t)}) AS ${q(t)}`).join(", ")}`);
  }

  countRows(): RowCounts {
    return this.counter.get() as RowCounts;
  }

  /** The newest ids of a table (the rows a fuzz run itself created among them). */
  ids(table: IdTable, limit = 40): string[] {
    return (this.db.prepare(`SELECT id FROM "${table}" ORDER BY rowid DESC LIMIT ?`).all(limit) as { id: string }[]).map((r) => r.id);
  }

  datasetNames(limit = 20): string[] {
    return (this.db.prepare(`SELECT name FROM "Dataset" ORDER BY rowid DESC LIMIT ?`).all(limit) as { name: string }[]).map((r) => r.name);
  }

  pairDocuments(pairId: string): PairDocumentText[] {
    return this.db
      .prepare(
        `SELECT d.id AS id, d.text AS text FROM "PairDocument" pd JOIN "Document" d ON d.id = pd.documentId WHERE pd.pairId = ? ORDER BY pd.position`,
      )
      .all(pairId) as PairDocumentText[];
  }

  /** The user's annotation of the pair (its id, version and status), if any. */
  annotationOf(pairId: string, userId: string): { id: string; version: number; status: string } | undefined {
    return this.db.prepare(`SELECT id, version, status FROM "Annotation" WHERE pairId = ? AND annotatorId = ?`).get(pairId, userId) as
      { id: string; version: number; status: string } | undefined;
  }

  annotation(id: string): { version: number; pairId: string } | undefined {
    return this.db.prepare(`SELECT version, pairId FROM "Annotation" WHERE id = ?`).get(id) as { version: number; pairId: string } | undefined;
  }

  pairVersion(pairId: string): number | undefined {
    return (this.db.prepare(`SELECT version FROM "Pair" WHERE id = ?`).get(pairId) as { version: number } | undefined)?.version;
  }

  suggestionIds(pairId: string): string[] {
    return (this.db.prepare(`SELECT id FROM "Suggestion" WHERE pairId = ? ORDER BY rowid`).all(pairId) as { id: string }[]).map((r) => r.id);
  }

  /** Annotations handed in and waiting for review. */
  submittedAnnotationIds(limit = 20): string[] {
    return (this.db.prepare(`SELECT id FROM "Annotation" WHERE status = 'submitted' ORDER BY rowid DESC LIMIT ?`).all(limit) as { id: string }[]).map(
      (r) => r.id,
    );
  }

  close(): void {
    this.db.close();
  }
}
