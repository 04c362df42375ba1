-- Each result set's unit similarities (the sentence encoder's cosines), computed once and read by every research view.

-- CreateTable
CREATE TABLE "UnitSimilarity" (
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "lengths" TEXT,
    "sims" BYTEA,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UnitSimilarity_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "UnitSimilarity_fingerprint_idx" ON "UnitSimilarity"("fingerprint");
