import type { Block } from "@/lib/text/types";
import "server-only";
import type { Span } from "@/lib/spans/schemas";
import type { SpanDocument } from "@/lib/spans/formats/types";
import { type Db, getDb } from "../client";
import { zSpanCategory, zSuggestionSource } from "../../../schemas/enums";
import type { SuggestionRow } from "../annotations/suggestion-rows";

export type LoadExportPageOptions = {
  datasetId: string;
  /** Pairs after this id (keyset pagination; pairs are exported in id order). */
  afterPairId?: string;
  take: number;
  /** Only pairs with gold (the gold set): live gold spans, or the decision that nothing is vital. */
  onlyGold: boolean;
  /** Add model/judge Suggestion rows as `model`/`judge` spans (author = model name). */
  withSuggestions: boolean;
  /**
   * Only pairs with a judgment of this judge configuration, its located spans as `judge` spans (author = the model)
   * instead of the gold.
   */
  judge?: { model: string; promptVersion: string; variant: string };
  db?: Db;
};

export type ExportPage = { documents: SpanDocument[]; pairs: number; lastPairId: string | null };

/**
 * One page of a dataset export as span documents (one per pair × document, result order): live gold spans (author =
 * the author's email) and optionally suggestions. Human annotation spans are not exported here: the gold set is the
 * reviewed truth, and suggestions travel as Label Studio predictions.
 */
export async function loadExportPage(options: LoadExportPageOptions): Promise<ExportPage> {
  const { datasetId, afterPairId, take, onlyGold, withSuggestions, judge, db = getDb() } = options;
  const pairs = await db.pair.findMany({
    where: {
      datasetId,
      ...(afterPairId !== undefined ? { id: { gt: afterPairId } } : {}),
      ...(onlyGold ? { OR: [{ goldNoVital: true }, { spans: { some: { source: "gold", annotationId: null, deletedAt: null } } }] } : {}),
      ...(judge ? { judgeJudgments: { some: judge } } : {}),
    },
    orderBy: { id: "asc" },
    take,
    select: {
      id: true,
      externalId: true,
      goldNoVital: true,
      query: { select: { text: true } },
      documents: {
        orderBy: { position: "asc" },
        select: { document: { select: { id: true, url: true, title: true, text: true, blocksJson: true } } },
      },
      ...(judge ? { judgeJudgments: { where: judge, select: { spansJson: true } } } : {}),
      spans: {
        where: { source: "gold", annotationId: null, deletedAt: null },
        // A judge-labels export carries the judge's spans only (training reads every span of a record).
        ...(judge ? { take: 0 } : {}),
        select: { id: true, documentId: true, start: true, end: true, text: true, category: true, score: true, author: { select: { email: true } } },
      },
      ...(withSuggestions
        ? {
            suggestions: {
              select: { id: true, documentId: true, start: true, end: true, text: true, category: true, source: true, modelName: true, score: true },
            },
          }
        : {}),
    },
  });
  const documents: SpanDocument[] = [];
  for (const p of pairs) {
    const suggestions = (p as { suggestions?: Omit<SuggestionRow, "rationale" | "createdAt">[] }).suggestions ?? [];
    for (const { document: d } of p.documents) {
      const spans: Span[] = [];
      for (const s of p.spans) {
        if (s.documentId !== d.id) continue;
        const span: Span = {
          id: s.id,
          documentId: d.id,
          start: s.start,
          end: s.end,
          text: s.text,
          category: zSpanCategory.parse(s.category),
          source: "gold",
        };
        if (s.author) span.author = s.author.email;
        if (s.score !== null) span.score = s.score;
        spans.push(span);
      }
      const judged = (p as { judgeJudgments?: { spansJson: string }[] }).judgeJudgments?.[0];
      if (judge && judged) {
        for (const s of JSON.parse(judged.spansJson) as { documentId: string; start: number; end: number; category: string }[]) {
          if (s.documentId !== d.id) continue;
          spans.push({
            documentId: d.id,
            start: s.start,
            end: s.end,
            text: d.text.slice(s.start, s.end),
            category: zSpanCategory.parse(s.category),
            source: "judge",
            author: judge.model,
          });
        }
      }
      for (const s of suggestions) {
        if (s.documentId !== d.id) continue;
        const span: Span = {
          id: s.id,
          documentId: d.id,
          start: s.start,
          end: s.end,
          text: s.text,
          category: zSpanCategory.parse(s.category),
          source: zSuggestionSource.parse(s.source),
          author: s.modelName,
        };
        if (s.score !== null) span.score = s.score;
        spans.push(span);
      }
      const doc: SpanDocument = { pairId: p.id, query: p.query.text, documentId: d.id, text: d.text, spans };
      // Block structure (roles, kinds, links) travels with the text: training from gold sees real page structure.
      const blocks = parseBlocks(d.blocksJson);
      if (blocks) doc.blocks = blocks;
      if (d.url !== null) doc.url = d.url;
      if (d.title !== null) doc.title = d.title;
      if (p.externalId !== null) doc.externalId = p.externalId;
      if (p.goldNoVital) doc.goldNoVital = true;
      documents.push(doc);
    }
  }
  return { documents, pairs: pairs.length, lastPairId: pairs.at(-1)?.id ?? null };
}

function parseBlocks(json: string): Block[] | undefined {
  try {
    const blocks = JSON.parse(json) as unknown;
    return Array.isArray(blocks) && blocks.length > 0 ? (blocks as Block[]) : undefined;
  } catch {
    return undefined;
  }
}
