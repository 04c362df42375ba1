// Guards the hand-written migrations against the Prisma schema: after applying prisma/migrations, every model's
// scalar fields, nullability and indexes must exist in SQLite; and both migration folders must list the same names.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "./migrate";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SCALARS = new Set(["String", "Int", "Float", "Boolean", "DateTime", "Bytes", "Json", "BigInt", "Decimal"]);

type ModelSpec = { columns: Map<string, { optional: boolean }>; indexes: Set<string> };

function parseSchema(src: string): Map<string, ModelSpec> {
  const models = new Map<string, ModelSpec>();
  for (const m of src.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const [, name, body] = m as unknown as [string, string, string];
    const spec: ModelSpec = { columns: new Map(), indexes: new Set() };
    for (const raw of body.split("\n")) {
      const line = raw.replace(/\/\/.*$/, "").trim();
      const field = /^(\w+)\s+(\w+)(\?|\[\])?/.exec(line);
      if (field && !line.startsWith("@@")) {
        const [, fname, type, mod] = field as unknown as [string, string, string, string | undefined];
        if (SCALARS.has(type) && mod !== "[]") spec.columns.set(fname, { optional: mod === "?" });
        if (/@unique\b/.test(line)) spec.indexes.add(`${name}_${fname}_key`);
      }
      const block = /^@@(index|unique)\(\[([^\]]+)\]/.exec(line);
      if (block) {
        const fields = block[2]!.split(",").map((f) => f.trim());
        spec.indexes.add(`${name}_${fields.join("_")}_${block[1] === "unique" ? "key" : "idx"}`);
      }
    }
    models.set(name, spec);
  }
  return models;
}

describe("schema.prisma vs migrations", () => {
  it("SQLite migrations create every column, nullability and index of the schema", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-drift-"));
    try {
      const file = path.join(dir, "drift.db");
      await migrateDatabase({ url: `file:${file}`, migrationsDir: path.join(ROOT, "prisma/migrations") });
      const db = new Database(file, { readonly: true });
      const models = parseSchema(readFileSync(path.join(ROOT, "prisma/schema.prisma"), "utf8"));
      expect(models.size).toBeGreaterThan(10);
      for (const [model, spec] of models) {
        const cols = db.prepare(`PRAGMA table_info("${model}")`).all() as { name: string; notnull: number }[];
        expect(cols.length, `table ${model}`).toBeGreaterThan(0);
        const actual = Object.fromEntries(cols.map((c) => [c.name, { optional: c.notnull === 0 }]));
        expect(actual, `columns of ${model}`).toEqual(Object.fromEntries(spec.columns));
        const idx = new Set(
          (db.prepare(`PRAGMA index_list("${model}")`).all() as { name: string; origin: string }[])
            .filter((i) => i.origin === "c")
            .map((i) => i.name),
        );
        for (const name of spec.indexes) expect(idx.has(name), `index ${name}`).toBe(true);
      }
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("PostgreSQL migrations mirror the SQLite migration names", () => {
    const list = (d: string) =>
      readdirSync(path.join(ROOT, d), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
    expect(list("prisma/migrations-postgresql")).toEqual(list("prisma/migrations"));
  });
});
