-- The queue sorted by model uncertainty or model–gold disagreement over a hundred thousand pairs (issue 33): each
-- pair keeps both scores at the queue's default settings (the newest run per document, threshold 0.5), so a page is one
-- indexed ORDER BY … LIMIT instead of scoring every pair in memory after each restart. Triggers add a pair to
-- "PairSortScoreStale" when its model runs or gold spans (source gold, no annotation) are written or deleted, whoever
-- writes them; the app scores those pairs again before a score-sorted page
-- (lib/server/db/annotations/refresh-pair-sort-scores.ts). Pairs that already have runs start stale. The triggers name
-- no other table than "PairSortScoreStale", so a later redefinition of "Pair" meets none of them; a migration that
-- redefines "ModelRun" or "Span" must create their triggers again (refresh-pair-sort-scores.test.ts checks they exist).

-- AlterTable
ALTER TABLE "Pair" ADD COLUMN "uncertainty" DOUBLE PRECISION;
ALTER TABLE "Pair" ADD COLUMN "disagreement" DOUBLE PRECISION;

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

-- CreateFunction: marks the pairs of the old and the new row (ModelRun and Span both have "pairId").
CREATE FUNCTION "pair_sort_scores_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "PairSortScoreStale" ("pairId") VALUES (OLD."pairId") ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "PairSortScoreStale" ("pairId") VALUES (NEW."pairId") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;

-- CreateTrigger
CREATE TRIGGER "ModelRun_sortScoresStale" AFTER INSERT OR UPDATE OR DELETE ON "ModelRun"
FOR EACH ROW EXECUTE FUNCTION "pair_sort_scores_stale"();

CREATE TRIGGER "Span_sortScoresStale_insert" AFTER INSERT ON "Span"
FOR EACH ROW WHEN (NEW."source" = 'gold' AND NEW."annotationId" IS NULL) EXECUTE FUNCTION "pair_sort_scores_stale"();

CREATE TRIGGER "Span_sortScoresStale_update" AFTER UPDATE ON "Span"
FOR EACH ROW WHEN ((OLD."source" = 'gold' AND OLD."annotationId" IS NULL) OR (NEW."source" = 'gold' AND NEW."annotationId" IS NULL)) EXECUTE FUNCTION "pair_sort_scores_stale"();

CREATE TRIGGER "Span_sortScoresStale_delete" AFTER DELETE ON "Span"
FOR EACH ROW WHEN (OLD."source" = 'gold' AND OLD."annotationId" IS NULL) EXECUTE FUNCTION "pair_sort_scores_stale"();
