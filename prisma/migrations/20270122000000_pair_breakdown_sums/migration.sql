-- A pair's downstream tokens per category for one category breakdown's inputs (warm and restarted breakdowns add these).

-- CreateTable
CREATE TABLE "PairBreakdownSums" (
    "pairId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "inputKey" TEXT NOT NULL,
    "runs" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "sums" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("pairId", "key"),
    CONSTRAINT "PairBreakdownSums_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
