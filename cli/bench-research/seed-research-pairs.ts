// Synthetic research data for bench-research, written in bulk (createMany per chunk, not one ORM call per row):
// pairs with gold, LLM-judge suggestions and cached model runs, and annotators' work for the queue's filters.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Db } from "../../lib/server/db/client";
import { createDataset } from "../../lib/server/db/datasets/create-dataset";
import { writeImportedPairs } from "../../lib/server/db/datasets/write-imported-pairs";
import { encodeTokenScores } from "../../lib/server/db/model-runs/encode-token-scores";
import { listEvalPairs } from "../../lib/server/db/research/list-eval-pairs";
import { pairInputHashes } from "../../lib/server/pairs/fresh-token-scores";
import { modelFingerprint } from "../../lib/server/pairs/model-fingerprint";
import { textToCanonical } from "../../lib/text/text-to-canonical";
import { WordPieceTokenizer } from "../../lib/tokenizer/wordpiece";
import { syntheticPage, syntheticVocabulary, WORDS } from "./synthetic-pages";

export type SeedResearchPairsOptions = {
  db: Db;
  name: string;
  pairs: number;
  /** Share of pairs with gold; judge suggestions on 30% of the rest. */
  goldShare: number;
  modelName: string;
  r: () => number;
};

const CHUNK = 1000;

/**
 * `pairs` pairs (gold on `goldShare` of them, judge suggestions on some of the rest) with cached synthetic model runs:
 * probabilities higher on some text and categories in runs, stored exactly as ModelRun stores a real run (fresh
 * input hashes), so no model runs. Returns the dataset id.
 */
export async function seedResearchPairs({ db, name, pairs: n, goldShare, modelName, r }: SeedResearchPairsOptions): Promise<string> {
  // A kept database (--keep, then --database-url) is measured again as it is.
  const existing = await db.dataset.findFirst({ where: { name }, select: { id: true, _count: { select: { pairs: true } } } });
  if (existing) {
    console.error(`  reusing "${name}" (${existing._count.pairs.toLocaleString("en")} pairs): its "first" figures are not a first request`);
    return existing.id;
  }
  const { id: datasetId } = await createDataset({ db, name });
  const tokenizer = new WordPieceTokenizer(syntheticVocabulary());
  const version = modelFingerprint(modelName);
  const t0 = performance.now();
  for (let start = 0; start < n; start += CHUNK) {
    const plans = Array.from({ length: Math.min(CHUNK, n - start) }, (_, i) => {
      const docs = Array.from({ length: 1 + Math.floor(r() * 3) }, () => syntheticPage(r));
      const gold = r() < goldShare;
      const judge = !gold && r() < 0.3;
      const spans = docs.flatMap((d, documentIndex) => d.spans.map((s) => ({ documentIndex, ...s, text: d.text.slice(s.start, s.end) })));
      return {
        externalId: `${name}-${start + i}`,
        query: `When does the ${WORDS[Math.floor(r() * WORDS.length)]} open?`,
        documents: docs.map((d) => {
          const c = textToCanonical(d.text);
          return { text: c.text, blocks: c.blocks };
        }),
        gold: gold ? spans : [],
        suggestions: judge ? spans.map((s) => ({ ...s, source: "judge" as const, modelName: "bench-judge" })) : [],
      };
    });
    await writeImportedPairs({ datasetId, pairs: plans, db });
    const ids = (await db.pair.findMany({ where: { datasetId, externalId: { in: plans.map((p) => p.externalId) } }, select: { id: true } })).map(
      (p) => p.id,
    );
    const runs = [];
    for (const p of await listEvalPairs({ datasetId, pairIds: ids, db })) {
      const hashes = pairInputHashes({ query: p.query, documents: p.documents }, modelName, version);
      for (const [k, d] of p.documents.entries()) {
        const enc = tokenizer.encode(d.text);
        const count = enc.starts.length;
        const probs = new Float32Array(count);
        const categories = new Uint8Array(count);
        // Categories in runs, as a real model predicts them (one per line, 3% of tokens another): the default model
        // gives 17.5 tokens per merged interval on 20 Readability pages; these give about as many.
        let lineEnd = -1;
        let lineCategory = 0;
        for (let t = 0; t < count; t++) {
          probs[t] = Math.min(1, Math.max(0, r() * 0.6 + (d.text.charCodeAt(enc.starts[t]!) % 7 === 0 ? 0.3 : 0)));
          if (enc.starts[t]! > lineEnd) {
            const nl = d.text.indexOf("\n", enc.starts[t]!);
            lineEnd = nl < 0 ? d.text.length : nl;
            lineCategory = Math.floor(r() * 6);
          }
          categories[t] = r() < 0.03 ? Math.floor(r() * 6) : lineCategory;
        }
        const bytes = encodeTokenScores({ starts: Int32Array.from(enc.starts), ends: Int32Array.from(enc.ends), probs, categories });
        runs.push({ pairId: p.id, documentId: d.id, modelName, inputHash: hashes[k]!, ...bytes });
      }
    }
    for (let i = 0; i < runs.length; i += 500) await db.modelRun.createMany({ data: runs.slice(i, i + 500) });
    if (n > 10_000 && (start / CHUNK) % 10 === 9)
      console.error(`  … ${(start + CHUNK).toLocaleString("en")} pairs in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  console.error(`  seeded ${n.toLocaleString("en")} pairs of "${name}" in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return datasetId;
}

const ANNOTATION_STATUSES = ["in_progress", "in_progress", "submitted", "rejected"] as const;

/**
 * Annotators' work for the queue's filters: three annotators, each with an annotation (in progress, submitted or
 * rejected, the pair's status with it) and one or two spans on `share` of the pairs without gold. Returns the users.
 */
export async function seedQueueAnnotations({
  db,
  datasetId,
  share,
  r,
}: {
  db: Db;
  datasetId: string;
  share: number;
  r: () => number;
}): Promise<{ annotatorIds: string[] }> {
  const annotatorIds: string[] = [];
  const existing = await db.user.findMany({ where: { email: { endsWith: "@bench.test" } }, orderBy: { email: "asc" }, select: { id: true } });
  if (existing.length > 0) return { annotatorIds: existing.map((u) => u.id) };
  for (const k of [1, 2, 3]) {
    const u = await db.user.create({ data: { email: `annotator${k}@bench.test`, name: `annotator ${k}`, role: "annotator", passwordHash: "x" } });
    annotatorIds.push(u.id);
  }
  // In chunks of pairs: the ORM reads the documents of all the pairs it got with one parameter per pair, over
  // PostgreSQL's limit at 100,000 pairs.
  const ids = (await db.pair.findMany({ where: { datasetId, status: "unlabeled" }, orderBy: { id: "asc" }, select: { id: true } })).map((p) => p.id);
  const candidates = [];
  for (let i = 0; i < ids.length; i += 10_000) {
    candidates.push(
      ...(await db.pair.findMany({
        where: { id: { in: ids.slice(i, i + 10_000) } },
        orderBy: { id: "asc" },
        select: { id: true, documents: { select: { documentId: true, document: { select: { text: true } } }, take: 1 } },
      })),
    );
  }
  const annotations: { id: string; pairId: string; annotatorId: string; status: string }[] = [];
  const spans: {
    pairId: string;
    annotationId: string;
    documentId: string;
    start: number;
    end: number;
    text: string;
    category: string;
    authorId: string;
  }[] = [];
  const byStatus = new Map<string, string[]>();
  const categories = ["vital", "off_topic", "ui_navigation", "metadata", "ads"];
  for (const p of candidates) {
    if (r() >= share) continue;
    const annotatorId = annotatorIds[Math.floor(r() * annotatorIds.length)]!;
    const status = ANNOTATION_STATUSES[Math.floor(r() * ANNOTATION_STATUSES.length)]!;
    const id = `cbench${randomBytes(10).toString("hex")}`;
    annotations.push({ id, pairId: p.id, annotatorId, status });
    byStatus.set(status, [...(byStatus.get(status) ?? []), p.id]);
    const doc = p.documents[0];
    if (!doc) continue;
    for (let s = 0; s < 1 + Math.floor(r() * 2); s++) {
      const start = Math.floor(r() * Math.max(1, doc.document.text.length - 40));
      const end = Math.min(doc.document.text.length, start + 20 + Math.floor(r() * 20));
      const category = categories[Math.floor(r() * categories.length)]!;
      spans.push({
        pairId: p.id,
        annotationId: id,
        documentId: doc.documentId,
        start,
        end,
        text: doc.document.text.slice(start, end),
        category,
        authorId: annotatorId,
      });
    }
  }
  for (let i = 0; i < annotations.length; i += 1000) await db.annotation.createMany({ data: annotations.slice(i, i + 1000) });
  for (let i = 0; i < spans.length; i += 1000) await db.span.createMany({ data: spans.slice(i, i + 1000) });
  for (const [status, ids] of byStatus) {
    for (let i = 0; i < ids.length; i += 900) await db.pair.updateMany({ where: { id: { in: ids.slice(i, i + 900) } }, data: { status } });
  }
  console.error(`  ${annotations.length.toLocaleString("en")} annotations with ${spans.length.toLocaleString("en")} spans by 3 annotators`);
  return { annotatorIds };
}
