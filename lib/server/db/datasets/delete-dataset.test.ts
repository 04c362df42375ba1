import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adjudicatePair } from "../annotations/adjudicate-pair";
import { saveAnnotationSpans } from "../annotations/save-annotation-spans";
import { createTestDb, createTestPair, createUser, expectAppError, spanOf, type TestDb } from "../annotations/test-fixtures";
import type { PrismaClient } from "../generated/client";
import { checkSqliteIntegrity } from "../integrity/check-sqlite-integrity";
import { createJob } from "../jobs/create-job";
import { deleteDataset } from "./delete-dataset";

let t: TestDb;
let db: PrismaClient;

beforeAll(async () => {
  t = await createTestDb("snippet-lab-delete-dataset-");
  db = t.db;
});
afterAll(async () => t?.cleanup());

/** A dataset with an annotated, adjudicated pair and a model run (rows in most of the tables a dataset owns). */
async function filledDataset(name: string, annotator: string, reviewer: string) {
  const pair = await createTestPair(db, { dataset: name });
  const vital = spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital");
  await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: annotator, baseVersion: 0, spans: [vital] });
  await adjudicatePair({ db, pairId: pair.pairId, reviewerId: reviewer, spans: [vital] });
  await db.modelRun.create({
    data: {
      pairId: pair.pairId,
      documentId: pair.documentIds[0]!,
      modelName: "m",
      inputHash: "h",
      tokenCount: 0,
      probs: new Uint8Array(0),
      offsets: new Uint8Array(0),
    },
  });
  const { datasetId } = await db.pair.findUniqueOrThrow({ where: { id: pair.pairId }, select: { datasetId: true } });
  return { datasetId, pairId: pair.pairId };
}

const owned = async (datasetId: string) => ({
  pairs: await db.pair.count({ where: { datasetId } }),
  documents: await db.document.count({ where: { datasetId } }),
  queries: await db.query.count({ where: { datasetId } }),
  spans: await db.span.count({ where: { pair: { datasetId } } }),
  annotations: await db.annotation.count({ where: { pair: { datasetId } } }),
  modelRuns: await db.modelRun.count({ where: { pair: { datasetId } } }),
});

describe("deleteDataset", () => {
  it("deletes a dataset and everything in it, and nothing of another dataset", async () => {
    const ann = await createUser(db, "ann");
    const rev = await createUser(db, "rev", "reviewer");
    const gone = await filledDataset("to-delete", ann, rev);
    const kept = await filledDataset("to-keep", ann, rev);
    const keptBefore = await owned(kept.datasetId);
    expect(Object.values(await owned(gone.datasetId)).every((n) => n > 0)).toBe(true);

    const result = await deleteDataset({ db, id: gone.datasetId });
    expect(result).toMatchObject({ id: gone.datasetId, name: "to-delete", pairs: 1, documents: 2 });
    expect(await db.dataset.count({ where: { id: gone.datasetId } })).toBe(0);
    expect(Object.values(await owned(gone.datasetId))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await db.spanEvent.count({ where: { span: { pairId: gone.pairId } } })).toBe(0);
    // The sort-score marks the cascade's span and model-run deletes add (no foreign key) go with it.
    expect(await db.pairSortScoreStale.count({ where: { pairId: gone.pairId } })).toBe(0);
    expect(await owned(kept.datasetId)).toEqual(keptBefore);

    const url = (await db.$queryRawUnsafe<{ file: string }[]>(`SELECT file FROM pragma_database_list WHERE name = 'main'`))[0]!.file;
    const sqlite = new Database(url, { readonly: true });
    expect(checkSqliteIntegrity(sqlite)).toEqual([]);
    sqlite.close();
  });

  it("refuses while a job of the dataset is queued, and an unknown dataset", async () => {
    const ann = await createUser(db, "ann2");
    const rev = await createUser(db, "rev2", "reviewer");
    const { datasetId } = await filledDataset("busy", ann, rev);
    await createJob({ db, kind: "frontier-sweep", scope: `dataset:${datasetId}`, payload: { datasetId, methods: ["bm25"] } });
    await expectAppError(deleteDataset({ db, id: datasetId }), "CONFLICT");
    expect((await owned(datasetId)).pairs).toBe(1);
    await expectAppError(deleteDataset({ db, id: "no-such-dataset" }), "NOT_FOUND");
  });
});
