// Prisma 7 CLI config. Only `prisma generate` is used (see docs/database.md): migrations are applied by
// lib/server/db/migrate.ts, because Prisma 7's migrate engine cannot be downloaded offline.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/snippet-lab.db" },
});
