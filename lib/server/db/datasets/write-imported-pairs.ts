import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { AppError } from "@/lib/errors";
import { EMPTY_GOLD, type GoldSpanLike, toGoldSnapshot } from "@/lib/spans/audit/gold-snapshot";
import { mergeSameCategoryOverlaps } from "@/lib/spans/review/same-category-overlaps";
import type { Block } from "@/lib/text/types";
import { type Db, getDb } from "../client";
import type { Prisma } from "../generated/client";
import type { SpanCategory, SuggestionSource } from "../../../schemas/enums";
import { runInTransaction } from "../run-in-transaction";
import { appendGoldAuditEvents, type GoldAuditInput } from "../audit/append-gold-audit-events";

/** A document as it will be stored: `text` is already canonical (every offset points into it). */
export type ImportDocumentPlan = { text: string; blocks: Block[]; title?: string; url?: string; rawHtml?: string };

export type ImportSpanPlan = {
  /** Index into the pair's `documents`. */
  documentIndex: number;
  start: number;
  end: number;
  text: string;
  category: SpanCategory;
  score?: number;
  /** Email or user id of the author; stored as authorId when such a user exists, else dropped. */
  author?: string;
};

export type ImportSuggestionPlan = Omit<ImportSpanPlan, "author"> & { source: SuggestionSource; modelName: string; rationale?: string };

/** One pair to import, already validated (lib/server/import/validate-import-plans.ts). */
export type ImportPairPlan = {
  externalId?: string;
  query: string;
  documents: ImportDocumentPlan[];
  gold: ImportSpanPlan[];
  /** The gold decision "nothing here is vital" (an example's `"evidence": []`): gold with zero vital spans. */
  goldNoVital?: boolean;
  suggestions: ImportSuggestionPlan[];
};

export type WriteImportedPairsOptions = {
  datasetId: string;
  pairs: readonly ImportPairPlan[];
  /** Who imports (the gold audit's actor); null or omitted: the system. */
  actorId?: string | null;
  db?: Db;
};
export type WriteImportedPairsResult = { pairs: number; documents: number; goldSpans: number; suggestions: number; skipped: number };

const CHUNK = 500;
let counter = 0;
/** Ids made here so rows can be written with createMany (which returns no ids); same shape family as cuid. */
function newId(): string {
  counter = (counter + 1) % 1_679_616;
  return `c${Date.now().toString(36)}${counter.toString(36).padStart(4, "0")}${randomBytes(6).toString("hex")}`;
}
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/**
 * Writes imported pairs into a dataset in ONE transaction (all or nothing): queries, documents (identical documents
 * within the import are stored once and shared), pairs (status "accepted" when they carry gold: spans, or the decision
 * that nothing is vital), gold spans with a
 * "create" SpanEvent each (actor null = system), and suggestions. Every pair that arrives with gold gets one
 * GoldAuditEvent (kind "import", by `actorId`: no gold before, the imported gold after). Pairs whose externalId already
 * exists in the dataset are skipped (idempotent re-import). NOT_FOUND for an unknown dataset.
 */
export async function writeImportedPairs({
  datasetId,
  pairs,
  actorId = null,
  db = getDb(),
}: WriteImportedPairsOptions): Promise<WriteImportedPairsResult> {
  return runInTransaction(
    async (tx) => {
      const ds = await tx.dataset.findUnique({ where: { id: datasetId }, select: { id: true } });
      if (!ds) throw new AppError("NOT_FOUND", `Dataset ${datasetId} not found`);

      const wanted = pairs.flatMap((p) => (p.externalId !== undefined ? [p.externalId] : []));
      const existing = new Set<string>();
      for (let i = 0; i < wanted.length; i += CHUNK) {
        const rows = await tx.pair.findMany({
          where: { datasetId, externalId: { in: wanted.slice(i, i + CHUNK) } },
          select: { externalId: true },
        });
        for (const r of rows) if (r.externalId !== null) existing.add(r.externalId);
      }
      const todo = pairs.filter((p) => p.externalId === undefined || !existing.has(p.externalId));

      const authors = [...new Set(todo.flatMap((p) => p.gold.flatMap((s) => (s.author ? [s.author] : []))))];
      const userByAuthor = new Map<string, string>();
      for (let i = 0; i < authors.length; i += CHUNK) {
        const slice = authors.slice(i, i + CHUNK);
        const users = await tx.user.findMany({
          where: { OR: [{ email: { in: slice } }, { id: { in: slice } }] },
          select: { id: true, email: true },
        });
        for (const u of users) {
          userByAuthor.set(u.email, u.id);
          userByAuthor.set(u.id, u.id);
        }
      }

      const now = new Date();
      const queries: { id: string; datasetId: string; text: string }[] = [];
      const pairRows: { id: string; datasetId: string; queryId: string; externalId: string | null; status: string; goldNoVital: boolean }[] = [];
      const documents: {
        id: string;
        datasetId: string;
        url: string | null;
        title: string | null;
        rawHtml: string | null;
        text: string;
        blocksJson: string;
        contentHash: string;
      }[] = [];
      const links: { pairId: string; documentId: string; position: number }[] = [];
      const spans: Prisma.SpanCreateManyInput[] = [];
      const events: { spanId: string; actorId: null; action: string; afterJson: string; createdAt: Date }[] = [];
      const suggestions: Prisma.SuggestionCreateManyInput[] = [];
      const audits: GoldAuditInput[] = [];
      const docIdByKey = new Map<string, string>();

      for (const p of todo) {
        const queryId = newId();
        const pairId = newId();
        queries.push({ id: queryId, datasetId, text: p.query });
        const goldNoVital = p.goldNoVital === true && !p.gold.some((s) => s.category === "vital");
        const status = p.gold.length > 0 || goldNoVital ? "accepted" : "unlabeled";
        pairRows.push({ id: pairId, datasetId, queryId, externalId: p.externalId ?? null, status, goldNoVital });
        const docIds: string[] = [];
        for (const [position, d] of p.documents.entries()) {
          const contentHash = sha256(d.text);
          const blocksJson = JSON.stringify(d.blocks);
          // One text with two structures (an imported record's blocks, another's re-derived ones) is two documents.
          const key = [contentHash, sha256(blocksJson), d.rawHtml === undefined ? "-" : sha256(d.rawHtml), d.url ?? "", d.title ?? ""].join("\u0000");
          let documentId = docIdByKey.get(key);
          // Shared across pairs, never twice in one pair (PairDocument's primary key is pair × document).
          if (!documentId || docIds.includes(documentId)) {
            documentId = newId();
            docIdByKey.set(key, documentId);
            documents.push({
              id: documentId,
              datasetId,
              url: d.url ?? null,
              title: d.title ?? null,
              rawHtml: d.rawHtml ?? null,
              text: d.text,
              blocksJson,
              contentHash,
            });
          }
          links.push({ pairId, documentId, position });
          docIds.push(documentId);
        }
        // Gold never holds two overlapping spans of one category (SQuAD's three answers often nest): their union.
        const goldTexts = new Map(p.documents.map((d, i) => [String(i), d.text]));
        const { spans: goldSpans } = mergeSameCategoryOverlaps(
          p.gold.map((s) => ({ ...s, documentId: String(s.documentIndex) })),
          goldTexts,
        );
        const pairGold: GoldSpanLike[] = [];
        for (const s of goldSpans) {
          const row = {
            id: newId(),
            pairId,
            documentId: docIds[s.documentIndex]!,
            start: s.start,
            end: s.end,
            text: s.text,
            category: s.category,
            source: "gold",
            authorId: s.author ? (userByAuthor.get(s.author) ?? null) : null,
            score: s.score ?? null,
            createdAt: now,
          };
          spans.push(row);
          pairGold.push(row);
          const { id: _id, pairId: _p, createdAt: _c, ...snapshot } = row;
          events.push({
            spanId: row.id,
            actorId: null,
            action: "create",
            afterJson: JSON.stringify({ ...snapshot, annotationId: null, suggestionId: null }),
            createdAt: now,
          });
        }
        if (status === "accepted") {
          const after = toGoldSnapshot({ noVital: goldNoVital, spans: pairGold });
          audits.push({ pairId, datasetId, actorId, kind: "import", before: EMPTY_GOLD, after, at: now });
        }
        for (const s of p.suggestions) {
          suggestions.push({
            pairId,
            documentId: docIds[s.documentIndex]!,
            start: s.start,
            end: s.end,
            text: s.text,
            category: s.category,
            source: s.source,
            modelName: s.modelName,
            score: s.score ?? null,
            rationale: s.rationale ?? null,
          });
        }
      }

      await inChunks(queries, (data) => tx.query.createMany({ data }));
      await inChunks(documents, (data) => tx.document.createMany({ data }));
      await inChunks(pairRows, (data) => tx.pair.createMany({ data }));
      await inChunks(links, (data) => tx.pairDocument.createMany({ data }));
      await inChunks(spans, (data) => tx.span.createMany({ data }));
      await inChunks(events, (data) => tx.spanEvent.createMany({ data }));
      await inChunks(suggestions, (data) => tx.suggestion.createMany({ data }));
      await appendGoldAuditEvents({ tx, events: audits });
      return {
        pairs: pairRows.length,
        documents: documents.length,
        goldSpans: spans.length,
        suggestions: suggestions.length,
        skipped: pairs.length - todo.length,
      };
    },
    // Large imports are many statements; SQLite holds the write lock meanwhile, which is the point (all or nothing).
    { db, timeout: 10 * 60_000 },
  );
}
