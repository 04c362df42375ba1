-- The audit trail: append-only history of every gold change and every account change (lib/server/db/audit).
-- No foreign keys: the rows outlive a deleted pair or dataset, and no cascade or SET NULL ever rewrites them.

-- CreateTable
CREATE TABLE "GoldAuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "pairId" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "actorId" TEXT,
    "kind" TEXT NOT NULL,
    "beforeJson" TEXT NOT NULL,
    "afterJson" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "AccountAuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "actorId" TEXT,
    "kind" TEXT NOT NULL,
    "beforeJson" TEXT,
    "afterJson" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "GoldAuditEvent_pairId_createdAt_idx" ON "GoldAuditEvent"("pairId", "createdAt");

-- CreateIndex
CREATE INDEX "GoldAuditEvent_datasetId_createdAt_idx" ON "GoldAuditEvent"("datasetId", "createdAt");

-- CreateIndex
CREATE INDEX "GoldAuditEvent_actorId_idx" ON "GoldAuditEvent"("actorId");

-- CreateIndex
CREATE INDEX "AccountAuditEvent_userId_createdAt_idx" ON "AccountAuditEvent"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "AccountAuditEvent_createdAt_idx" ON "AccountAuditEvent"("createdAt");

-- CreateIndex
CREATE INDEX "AccountAuditEvent_actorId_idx" ON "AccountAuditEvent"("actorId");

-- Append-only, whoever writes (the app, a script, the sqlite3 shell): an UPDATE or DELETE of an audit row aborts its
-- statement. A later RedefineTables of these tables drops the triggers with the table: create them again there.
CREATE TRIGGER "GoldAuditEvent_noUpdate" BEFORE UPDATE ON "GoldAuditEvent" BEGIN
  SELECT RAISE(ABORT, 'GoldAuditEvent is append-only: audit rows cannot be updated');
END;

CREATE TRIGGER "GoldAuditEvent_noDelete" BEFORE DELETE ON "GoldAuditEvent" BEGIN
  SELECT RAISE(ABORT, 'GoldAuditEvent is append-only: audit rows cannot be deleted');
END;

CREATE TRIGGER "AccountAuditEvent_noUpdate" BEFORE UPDATE ON "AccountAuditEvent" BEGIN
  SELECT RAISE(ABORT, 'AccountAuditEvent is append-only: audit rows cannot be updated');
END;

CREATE TRIGGER "AccountAuditEvent_noDelete" BEFORE DELETE ON "AccountAuditEvent" BEGIN
  SELECT RAISE(ABORT, 'AccountAuditEvent is append-only: audit rows cannot be deleted');
END;
