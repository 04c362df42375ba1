-- The queue sorted by model uncertainty or model–gold disagreement over a hundred thousand pairs (issue 33): each
-- pair keeps both scores at the queue's default settings (the newest run per document, threshold 0.5), so a page is one
-- indexed ORDER BY … LIMIT instead of scoring every pair in memory after each restart. Triggers add a pair to
-- "PairSortScoreStale" when its model runs or gold spans (source gold, no annotation) are written or deleted, whoever
-- writes them; the app scores those pairs again before a score-sorted page
-- (lib/server/db/annotations/refresh-pair-sort-scores.ts). Pairs that already have runs start stale. The triggers name
-- no other table than "PairSortScoreStale", so a later redefinition of "Pair" meets none of them; a migration that
-- redefines "ModelRun" or "Span" must create their triggers again (refresh-pair-sort-scores.test.ts checks they exist).

-- AlterTable
ALTER TABLE "Pair" ADD COLUMN "uncertainty" REAL;
ALTER TABLE "Pair" ADD COLUMN "disagreement" REAL;

-- CreateIndex
CREATE INDEX "Pair_uncertainty_id_idx" ON "Pair"("uncertainty", "id");

-- CreateIndex
CREATE INDEX "Pair_datasetId_uncertainty_id_idx" ON "Pair"("datasetId", "uncertainty", "id");

-- CreateIndex
CREATE INDEX "Pair_status_uncertainty_id_idx" ON "Pair"("status", "uncertainty", "id");

-- CreateIndex
CREATE INDEX "Pair_disagreement_id_idx" ON "Pair"("disagreement", "id");

-- CreateIndex
CREATE INDEX "Pair_datasetId_disagreement_id_idx" ON "Pair"("datasetId", "disagreement", "id");

-- CreateIndex
CREATE INDEX "Pair_status_disagreement_id_idx" ON "Pair"("status", "disagreement", "id");

-- CreateTable
CREATE TABLE "PairSortScoreStale" (
    "pairId" TEXT NOT NULL PRIMARY KEY
);

INSERT INTO "PairSortScoreStale" ("pairId") SELECT DISTINCT "pairId" FROM "ModelRun";

-- CreateTrigger
CREATE TRIGGER "ModelRun_sortScoresStale_insert" AFTER INSERT ON "ModelRun" BEGIN
  INSERT INTO "PairSortScoreStale" ("pairId") VALUES (NEW."pairId") ON CONFLICT DO NOTHING;
END;

CREATE TRIGGER "ModelRun_sortScoresStale_update" AFTER UPDATE ON "ModelRun" BEGIN
  INSERT INTO "PairSortScoreStale" ("pairId") VALUES (OLD."pairId") ON CONFLICT DO NOTHING;
  INSERT INTO "PairSortScoreStale" ("pairId") VALUES (NEW."pairId") ON CONFLICT DO NOTHING;
END;

CREATE TRIGGER "ModelRun_sortScoresStale_delete" AFTER DELETE ON "ModelRun" BEGIN
  INSERT INTO "PairSortScoreStale" ("pairId") VALUES (OLD."pairId") ON CONFLICT DO NOTHING;
END;

CREATE TRIGGER "Span_sortScoresStale_insert" AFTER INSERT ON "Span" WHEN NEW."source" = 'gold' AND NEW."annotationId" IS NULL BEGIN
  INSERT INTO "PairSortScoreStale" ("pairId") VALUES (NEW."pairId") ON CONFLICT DO NOTHING;
END;

CREATE TRIGGER "Span_sortScoresStale_update" AFTER UPDATE ON "Span" WHEN (OLD."source" = 'gold' AND OLD."annotationId" IS NULL) OR (NEW."source" = 'gold' AND NEW."annotationId" IS NULL) BEGIN
  INSERT INTO "PairSortScoreStale" ("pairId") VALUES (OLD."pairId") ON CONFLICT DO NOTHING;
  INSERT INTO "PairSortScoreStale" ("pairId") VALUES (NEW."pairId") ON CONFLICT DO NOTHING;
END;

CREATE TRIGGER "Span_sortScoresStale_delete" AFTER DELETE ON "Span" WHEN OLD."source" = 'gold' AND OLD."annotationId" IS NULL BEGIN
  INSERT INTO "PairSortScoreStale" ("pairId") VALUES (OLD."pairId") ON CONFLICT DO NOTHING;
END;
