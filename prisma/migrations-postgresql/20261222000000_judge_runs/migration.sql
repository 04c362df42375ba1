-- LLM judge at scale: a request cache, runs over datasets with their pairs (claimed by jobs, committed one at a
-- time), and the latest judgment per pair and judge configuration.

-- CreateTable
CREATE TABLE "JudgeCall" (
    "id" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "inputHash" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "outputJson" TEXT NOT NULL,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "requests" INTEGER NOT NULL DEFAULT 1,
    "via" TEXT NOT NULL DEFAULT 'online',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeCall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeRun" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "baseUrl" TEXT,
    "promptVersion" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'online',
    "optionsJson" TEXT NOT NULL DEFAULT '{}',
    "pairs" INTEGER NOT NULL DEFAULT 0,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeRunPair" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "pairId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "jobId" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "reason" TEXT,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "cachedRequests" INTEGER NOT NULL DEFAULT 0,
    "matchJson" TEXT,
    "suggestions" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JudgeRunPair_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeJudgment" (
    "id" TEXT NOT NULL,
    "pairId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "runId" TEXT,
    "intentsJson" TEXT,
    "spansJson" TEXT NOT NULL,
    "unmatchedJson" TEXT NOT NULL DEFAULT '[]',
    "matchJson" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JudgeJudgment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "JudgeCall_model_promptVersion_inputHash_key" ON "JudgeCall"("model", "promptVersion", "inputHash");

-- CreateIndex
CREATE INDEX "JudgeRun_datasetId_createdAt_idx" ON "JudgeRun"("datasetId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeRunPair_runId_pairId_key" ON "JudgeRunPair"("runId", "pairId");

-- CreateIndex
CREATE INDEX "JudgeRunPair_runId_state_position_idx" ON "JudgeRunPair"("runId", "state", "position");

-- CreateIndex
CREATE INDEX "JudgeRunPair_pairId_idx" ON "JudgeRunPair"("pairId");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeJudgment_pairId_model_promptVersion_variant_key" ON "JudgeJudgment"("pairId", "model", "promptVersion", "variant");

-- CreateIndex
CREATE INDEX "JudgeJudgment_model_promptVersion_variant_idx" ON "JudgeJudgment"("model", "promptVersion", "variant");

-- AddForeignKey
ALTER TABLE "JudgeRun" ADD CONSTRAINT "JudgeRun_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeRunPair" ADD CONSTRAINT "JudgeRunPair_runId_fkey" FOREIGN KEY ("runId") REFERENCES "JudgeRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeRunPair" ADD CONSTRAINT "JudgeRunPair_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeJudgment" ADD CONSTRAINT "JudgeJudgment_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair"("id") ON DELETE CASCADE ON UPDATE CASCADE;
