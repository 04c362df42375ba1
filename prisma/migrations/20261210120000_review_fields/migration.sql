-- Per-annotation review fields and the pair's adjudication marker.
-- SQLite allows ADD COLUMN with a REFERENCES clause when the column defaults to NULL, so no table redefinition.

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN "reviewerId" TEXT REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Annotation" ADD COLUMN "reviewComment" TEXT;
ALTER TABLE "Annotation" ADD COLUMN "reviewedAt" DATETIME;

-- AlterTable
ALTER TABLE "Pair" ADD COLUMN "adjudicatedAt" DATETIME;
ALTER TABLE "Pair" ADD COLUMN "adjudicatedById" TEXT REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "Annotation_reviewerId_idx" ON "Annotation"("reviewerId");

-- CreateIndex
CREATE INDEX "Pair_adjudicatedById_idx" ON "Pair"("adjudicatedById");
