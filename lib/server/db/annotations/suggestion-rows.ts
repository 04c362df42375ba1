import "server-only";
import { zSpanCategory, zSuggestionSource } from "@/lib/schemas/enums";
import type { StoredSuggestion } from "@/lib/schemas/suggestions";

export const SUGGESTION_SELECT = {
  id: true,
  documentId: true,
  start: true,
  end: true,
  text: true,
  category: true,
  source: true,
  modelName: true,
  score: true,
  rationale: true,
  createdAt: true,
} as const;

export type SuggestionRow = {
  id: string;
  documentId: string;
  start: number;
  end: number;
  text: string;
  category: string;
  source: string;
  modelName: string;
  score: number | null;
  rationale: string | null;
  createdAt: Date;
};

export function toStoredSuggestion(row: SuggestionRow): StoredSuggestion {
  const out: StoredSuggestion = {
    id: row.id,
    documentId: row.documentId,
    start: row.start,
    end: row.end,
    text: row.text,
    category: zSpanCategory.parse(row.category),
    source: zSuggestionSource.parse(row.source),
    modelName: row.modelName,
    createdAt: row.createdAt,
  };
  if (row.score !== null) out.score = row.score;
  if (row.rationale !== null) out.rationale = row.rationale;
  return out;
}
