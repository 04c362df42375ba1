-- Each result set's unit similarities (the sentence encoder's cosines), computed once and read by every research view.

-- CreateTable
CREATE TABLE "UnitSimilarity" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "fingerprint" TEXT NOT NULL,
    "lengths" TEXT,
    "sims" BLOB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "UnitSimilarity_fingerprint_idx" ON "UnitSimilarity"("fingerprint");
