// Test helpers (imported by the *.test.ts files here only): a migrated temp SQLite database through the real Prisma
// client, users, pairs, and spans located by their text.
import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { isAppError, type AppErrorCode } from "@/lib/errors";
import { createDbClient } from "../client";
import { createPair } from "../create-pair";
import type { Role, SpanCategory } from "../../../schemas/enums";
import type { PrismaClient } from "../generated/client";
import { migrateDatabase } from "../migrate";
import type { SpanInput } from "../../../schemas/spans";

export type TestDb = { db: PrismaClient; cleanup: () => Promise<void> };

export async function createTestDb(prefix = "snippet-lab-annotations-"): Promise<TestDb> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const url = `file:${path.join(dir, "test.db")}`;
  await migrateDatabase({ url, migrationsDir: path.resolve(import.meta.dirname, "../../../../prisma/migrations") });
  const db = createDbClient({ url });
  return {
    db,
    cleanup: async () => {
      await db.$disconnect();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createUser(db: PrismaClient, name: string, role: Role = "annotator"): Promise<string> {
  const u = await db.user.create({ data: { email: `${name}@example.com`, name, role, passwordHash: "x" } });
  return u.id;
}

export type TestPair = { pairId: string; documentIds: string[]; texts: string[] };

/** A pair of plain-text documents; `texts` are the canonical texts (what offsets point into). */
export async function createTestPair(db: PrismaClient, opts: { dataset?: string; query?: string; documents?: string[] } = {}): Promise<TestPair> {
  const docs = opts.documents ?? [
    "Boil the eggs for nine minutes. Cool them in cold water. Subscribe to our newsletter!",
    "Soft-boiled eggs take about six minutes. Share this page.",
  ];
  const created = await createPair({
    db,
    dataset: opts.dataset ?? "unit",
    query: opts.query ?? "how long to boil an egg",
    documents: docs.map((text) => ({ text })),
  });
  const texts = await Promise.all(created.documentIds.map(async (id) => (await db.document.findUniqueOrThrow({ where: { id } })).text));
  return { pairId: created.id, documentIds: created.documentIds, texts };
}

/** A span covering the first occurrence of `needle` in document `doc` of the pair. */
export function spanOf(pair: TestPair, doc: number, needle: string, category: SpanCategory, id?: string): SpanInput {
  const text = pair.texts[doc]!;
  const start = text.indexOf(needle);
  if (start < 0) throw new Error(`"${needle}" not in document ${doc}`);
  return { ...(id ? { id } : {}), documentId: pair.documentIds[doc]!, start, end: start + needle.length, text: needle, category };
}

/** Awaits a promise that must reject with an AppError of `code`; returns the error for further checks. */
export async function expectAppError(p: Promise<unknown>, code: AppErrorCode) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isAppError(err), `expected AppError ${code}, got ${String(err)}`).toBe(true);
  if (!isAppError(err)) throw err;
  expect(err.code, err.message).toBe(code);
  return err;
}
