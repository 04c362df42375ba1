-- Gold you can trust (issue 32): spans a person placed exactly (Alt-selection), "nothing here is vital" as a gold
-- decision and as an annotator's answer, and the status of pairs that already hold gold.

-- AlterTable
ALTER TABLE "Span" ADD COLUMN "exact" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN "noVital" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Pair" ADD COLUMN "goldNoVital" BOOLEAN NOT NULL DEFAULT false;

-- Pairs seeded or imported with gold but left "unlabeled" (or later marked in progress/rejected) are accepted: gold
-- decides unless a submission waits for review (lib/server/db/annotations/sync-pair-status.ts).
UPDATE "Pair" SET "status" = 'accepted', "version" = "version" + 1
WHERE "status" IN ('unlabeled', 'in_progress', 'rejected')
  AND EXISTS (SELECT 1 FROM "Span" s WHERE s."pairId" = "Pair"."id" AND s."source" = 'gold' AND s."annotationId" IS NULL AND s."deletedAt" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "Annotation" a WHERE a."pairId" = "Pair"."id" AND a."status" = 'submitted');
