-- A pair's downstream tokens per category for one category breakdown's inputs (warm and restarted breakdowns add these).

-- CreateTable
CREATE TABLE "PairBreakdownSums" (
    "pairId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "inputKey" TEXT NOT NULL,
    "runs" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "sums" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PairBreakdownSums_pkey" PRIMARY KEY ("pairId","key")
);

-- AddForeignKey
ALTER TABLE "PairBreakdownSums" ADD CONSTRAINT "PairBreakdownSums_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;
