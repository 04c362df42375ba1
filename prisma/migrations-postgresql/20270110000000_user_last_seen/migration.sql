-- A user's last activity on the user (issue 32): "last seen" was read from session rows, which sign-out and expiry
-- delete, so `users list` and /admin/users showed "–" for someone who had just used the API. Written when a session
-- is created or touched (lib/server/db/sessions); filled here from the sessions that still exist.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "lastSeenAt" TIMESTAMP(3);

UPDATE "User" SET "lastSeenAt" = (SELECT MAX(s."lastSeenAt") FROM "Session" s WHERE s."userId" = "User"."id");
