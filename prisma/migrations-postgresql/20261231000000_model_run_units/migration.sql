-- Model runs reduced to unit scores and category intervals per segmentation setting (research views after a restart).

-- CreateTable
CREATE TABLE "ModelRunUnits" (
    "modelRunId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "inputKey" TEXT NOT NULL,
    "unitCount" INTEGER NOT NULL,
    "scores" BYTEA NOT NULL,
    "categories" BYTEA,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ModelRunUnits_pkey" PRIMARY KEY ("modelRunId","key")
);

-- AddForeignKey
ALTER TABLE "ModelRunUnits" ADD CONSTRAINT "ModelRunUnits_modelRunId_fkey" FOREIGN KEY ("modelRunId") REFERENCES "ModelRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
