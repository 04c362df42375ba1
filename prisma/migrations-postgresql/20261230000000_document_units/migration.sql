-- Each document's sentences and their downstream-token counts per segmentation setting, computed once (research views).

-- CreateTable
CREATE TABLE "DocumentUnits" (
    "documentId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "unitCount" INTEGER NOT NULL,
    "units" BYTEA NOT NULL,
    "unitTokens" BYTEA NOT NULL,
    "tokensIn" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentUnits_pkey" PRIMARY KEY ("documentId","key")
);

-- AddForeignKey
ALTER TABLE "DocumentUnits" ADD CONSTRAINT "DocumentUnits_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;
