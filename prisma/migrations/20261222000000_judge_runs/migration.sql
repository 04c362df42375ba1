-- LLM judge at scale: a request cache, runs over datasets with their pairs (claimed by jobs, committed one at a
-- time), and the latest judgment per pair and judge configuration.

-- CreateTable
CREATE TABLE "JudgeCall" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "model" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "inputHash" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "outputJson" TEXT NOT NULL,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "requests" INTEGER NOT NULL DEFAULT 1,
    "via" TEXT NOT NULL DEFAULT 'online',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "JudgeRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "datasetId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "baseUrl" TEXT,
    "promptVersion" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'online',
    "optionsJson" TEXT NOT NULL DEFAULT '{}',
    "pairs" INTEGER NOT NULL DEFAULT 0,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JudgeRun_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeRunPair" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runId" TEXT NOT NULL,
    "pairId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "jobId" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "reason" TEXT,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" REAL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "cachedRequests" INTEGER NOT NULL DEFAULT 0,
    "matchJson" TEXT,
    "suggestions" INTEGER NOT NULL DEFAULT 0,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "JudgeRunPair_runId_fkey" FOREIGN KEY ("runId") REFERENCES "JudgeRun" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeRunPair_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeJudgment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "pairId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "promptVersion" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "runId" TEXT,
    "intentsJson" TEXT,
    "spansJson" TEXT NOT NULL,
    "unmatchedJson" TEXT NOT NULL DEFAULT '[]',
    "matchJson" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "JudgeJudgment_pairId_fkey" FOREIGN KEY ("pairId") REFERENCES "Pair" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
