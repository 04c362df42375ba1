-- The audit trail: append-only history of every gold change and every account change (lib/server/db/audit).
-- No foreign keys: the rows outlive a deleted pair or dataset, and no cascade or SET NULL ever rewrites them.

-- CreateTable
CREATE TABLE "GoldAuditEvent" (
    "id" TEXT NOT NULL,
    "pairId" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "actorId" TEXT,
    "kind" TEXT NOT NULL,
    "beforeJson" TEXT NOT NULL,
    "afterJson" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GoldAuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AccountAuditEvent" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "actorId" TEXT,
    "kind" TEXT NOT NULL,
    "beforeJson" TEXT,
    "afterJson" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AccountAuditEvent_pkey" PRIMARY KEY ("id")
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

-- CreateFunction: refuses the statement (append-only audit rows), whoever runs it.
CREATE FUNCTION "audit_rows_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: audit rows cannot be changed (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;

-- CreateTrigger: UPDATE and DELETE row by row, TRUNCATE (which skips row triggers) as a statement.
CREATE TRIGGER "GoldAuditEvent_appendOnly" BEFORE UPDATE OR DELETE ON "GoldAuditEvent"
FOR EACH ROW EXECUTE FUNCTION "audit_rows_append_only"();

CREATE TRIGGER "GoldAuditEvent_noTruncate" BEFORE TRUNCATE ON "GoldAuditEvent"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_rows_append_only"();

CREATE TRIGGER "AccountAuditEvent_appendOnly" BEFORE UPDATE OR DELETE ON "AccountAuditEvent"
FOR EACH ROW EXECUTE FUNCTION "audit_rows_append_only"();

CREATE TRIGGER "AccountAuditEvent_noTruncate" BEFORE TRUNCATE ON "AccountAuditEvent"
FOR EACH STATEMENT EXECUTE FUNCTION "audit_rows_append_only"();
