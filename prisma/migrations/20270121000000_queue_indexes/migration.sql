-- The queue over a hundred thousand pairs (issue 33): its first page sorted by updatedAt reads the newest pairs from
-- an index (with a dataset or status filter too) instead of sorting every pair, and the queue's score cache
-- (lib/server/db/annotations/pair-score-cache.ts) checks the newest model run and gold write from an index. The
-- time comes first in the ModelRun and Span indexes, so lookups by pair keep their pair indexes.

-- CreateIndex
CREATE INDEX "Pair_updatedAt_id_idx" ON "Pair"("updatedAt", "id");

-- CreateIndex
CREATE INDEX "Pair_datasetId_updatedAt_id_idx" ON "Pair"("datasetId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Pair_status_updatedAt_id_idx" ON "Pair"("status", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "ModelRun_createdAt_modelName_idx" ON "ModelRun"("createdAt", "modelName");

-- CreateIndex
CREATE INDEX "Span_updatedAt_source_annotationId_idx" ON "Span"("updatedAt", "source", "annotationId");
