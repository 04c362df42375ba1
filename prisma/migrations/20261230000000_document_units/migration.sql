-- Each document's sentences and their downstream-token counts per segmentation setting, computed once (research views).

-- CreateTable
CREATE TABLE "DocumentUnits" (
    "documentId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "unitCount" INTEGER NOT NULL,
    "units" BLOB NOT NULL,
    "unitTokens" BLOB NOT NULL,
    "tokensIn" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("documentId", "key"),
    CONSTRAINT "DocumentUnits_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
