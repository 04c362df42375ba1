-- Model runs reduced to unit scores and category intervals per segmentation setting (research views after a restart).

-- CreateTable
CREATE TABLE "ModelRunUnits" (
    "modelRunId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "inputKey" TEXT NOT NULL,
    "unitCount" INTEGER NOT NULL,
    "scores" BLOB NOT NULL,
    "categories" BLOB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("modelRunId", "key"),
    CONSTRAINT "ModelRunUnits_modelRunId_fkey" FOREIGN KEY ("modelRunId") REFERENCES "ModelRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
