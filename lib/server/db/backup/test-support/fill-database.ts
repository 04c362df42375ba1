// Test helpers of the backup tests (SQLite and PostgreSQL): a database filled through the data layer, and a writer that
// keeps adding pairs while a backup runs.
import "server-only";
import { adjudicatePair } from "../../annotations/adjudicate-pair";
import { saveAnnotationSpans } from "../../annotations/save-annotation-spans";
import type { Db } from "../../client";
import { createPair } from "../../create-pair";
import { createDataset } from "../../datasets/create-dataset";
import { createJob } from "../../jobs/create-job";
import { insertSession } from "../../sessions/insert-session";
import { importRecords } from "../../../import/import-records";
import { parseImportFile } from "../../../import/parse-import-file";

/**
 * Users, sessions, an imported dataset with gold, annotations, adjudicated gold (with span events), a job: rows in
 * most tables. Returns the id of an empty dataset for the writer.
 */
export async function fillDatabase({ db, pairs = 300 }: { db: Db; pairs?: number }): Promise<{ writesDatasetId: string }> {
  const user = (email: string, role: string) =>
    db.user.create({ data: { email, name: email.split("@")[0]!, role, passwordHash: "scrypt$x" }, select: { id: true } });
  const ann = await user("ann@backup.test", "annotator");
  const rev = await user("rev@backup.test", "reviewer");
  await insertSession({ id: "session-hash-1", userId: ann.id, now: new Date(), expiresAt: new Date(Date.now() + 3_600_000), db });
  const lines = Array.from({ length: pairs }, (_, i) => {
    const first = `Item ${i} was built in ${1900 + (i % 100)} by the river.`;
    return JSON.stringify({
      id: `r${i}`,
      query: `when was item ${i} built`,
      text: `${first} It is ${i % 40} metres tall. Visit it on weekdays.`,
      evidence: [{ start: 0, end: first.length }],
    });
  });
  const parsed = parseImportFile({ format: "jsonl", bytes: Buffer.from(lines.join("\n")) });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors.slice(0, 2)));
  const imported = await createDataset({ name: "imported", db });
  await importRecords({ datasetId: imported.id, format: "jsonl", plans: parsed.plans, db });
  for (let i = 0; i < 5; i++) {
    const text = `The bridge number ${i} opened in 1937. Subscribe to our newsletter. Its span is ${i + 1} km long.`;
    const pair = await createPair({ db, dataset: "annotated", query: `bridge ${i}`, documents: [{ text }] });
    const span = (needle: string, category: "vital" | "ads") => {
      const start = text.indexOf(needle);
      return { documentId: pair.documentIds[0]!, start, end: start + needle.length, text: needle, category };
    };
    await saveAnnotationSpans({
      db,
      pairId: pair.id,
      annotatorId: ann.id,
      baseVersion: 0,
      spans: [span(`The bridge number ${i} opened in 1937.`, "vital")],
    });
    await adjudicatePair({
      db,
      pairId: pair.id,
      reviewerId: rev.id,
      spans: [span(`The bridge number ${i} opened in 1937.`, "vital"), span("Subscribe to our newsletter.", "ads")],
    });
  }
  await createJob({ kind: "score-pairs", scope: `dataset:${imported.id}`, payload: { datasetId: imported.id }, db });
  const writes = await createDataset({ name: "writes", db });
  return { writesDatasetId: writes.id };
}

export type Writer = { count: () => number; stop: () => Promise<number> };

/** Adds pair "write <n>" (a query, a document, the pair and its link) to the dataset, one after the other, until stopped. */
export function startWriter({ db, datasetId }: { db: Db; datasetId: string }): Writer {
  let n = 0;
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      await createPair({ db, datasetId, query: `write ${n}`, documents: [{ text: `Written while the backup ran, number ${n}.` }] });
      n++;
      // SQLite's driver is synchronous: its promises settle as microtasks, so without this the loop would never let
      // timers, I/O or the backup's steps run.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return {
    count: () => n,
    stop: async () => {
      stopping = true;
      await loop;
      return n;
    },
  };
}

/** Waits until the writer has written `target` pairs. */
export async function writerReaches(w: Writer, target: number): Promise<void> {
  while (w.count() < target) await new Promise((r) => setTimeout(r, 5));
}
