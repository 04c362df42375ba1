// `node --import ./scripts/use-postgres-client.mjs …`: the process loads the PostgreSQL Prisma client
// (lib/server/db/generated-pg, made by scripts/postgres-cluster.mjs) wherever the code imports the SQLite one
// (lib/server/db/generated) — what switching `provider` in prisma/schema.prisma and regenerating does (docs/database.md),
// without touching the shared client. Tests and benchmarks use it to run real CLI processes (`snippet-lab worker`) on a
// throwaway PostgreSQL cluster.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`
const pattern = /(^|\\/)generated\\/client(\\.ts|\\.js)?$/;
export async function resolve(specifier, context, next) {
  if (pattern.test(specifier) && context.parentURL && context.parentURL.includes("/lib/server/")) {
    specifier = specifier.replace(/generated\\/client/, "generated-pg/client");
  }
  return next(specifier, context);
}`),
);
