-- Failed sign-ins in the database (issue 33): the sign-in rate limit counted them in each process's memory, so N app
-- instances behind a proxy allowed N times the attempts. Every instance now counts the same rows.

-- CreateTable
CREATE TABLE "SignInFailure" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "SignInFailure_key_at_idx" ON "SignInFailure"("key", "at");

-- CreateIndex
CREATE INDEX "SignInFailure_at_idx" ON "SignInFailure"("at");
