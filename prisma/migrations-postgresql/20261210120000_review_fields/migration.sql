-- Per-annotation review fields and the pair's adjudication marker.

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN     "reviewComment" TEXT,
ADD COLUMN     "reviewedAt" TIMESTAMP(3),
ADD COLUMN     "reviewerId" TEXT;

-- AlterTable
ALTER TABLE "Pair" ADD COLUMN     "adjudicatedAt" TIMESTAMP(3),
ADD COLUMN     "adjudicatedById" TEXT;

-- CreateIndex
CREATE INDEX "Annotation_reviewerId_idx" ON "Annotation"("reviewerId");

-- CreateIndex
CREATE INDEX "Pair_adjudicatedById_idx" ON "Pair"("adjudicatedById");

-- AddForeignKey
ALTER TABLE "Pair" ADD CONSTRAINT "Pair_adjudicatedById_fkey" FOREIGN KEY ("adjudicatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
