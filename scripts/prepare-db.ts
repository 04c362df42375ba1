// Prepares the database before the app starts: apply migrations, seed the demo dataset, create the first admin.
// Run through scripts/start.mjs, scripts/migrate.mjs or scripts/seed.mjs (node --conditions=react-server --import tsx).
//   --steps=migrate,seed,admin   which steps to run (default: all; SNIPPET_LAB_SKIP_SEED=1 drops "seed")
import { isAppError } from "@/lib/errors";
import { disconnectDb } from "@/lib/server/db/client";
import { resolveDatabaseUrl } from "@/lib/server/db/database-url";
import { ensureAdmin } from "@/lib/server/db/ensure-admin";
import { getEnv } from "@/lib/server/env";
import { migrateDatabase } from "@/lib/server/db/migrate";
import { seedDemoData } from "@/lib/server/db/seed-demo-data";

const ALL_STEPS = ["migrate", "seed", "admin"] as const;
type Step = (typeof ALL_STEPS)[number];

function parseSteps(argv: string[]): Step[] {
  const arg = argv.find((a) => a.startsWith("--steps="));
  const steps = arg ? arg.slice("--steps=".length).split(",").filter(Boolean) : [...ALL_STEPS];
  for (const s of steps) {
    if (!(ALL_STEPS as readonly string[]).includes(s)) throw new Error(`Unknown step "${s}" (${ALL_STEPS.join(", ")})`);
  }
  return (steps as Step[]).filter((s) => !(getEnv().skipSeed && s === "seed"));
}

/**
 * Fills the model-score cache of the fresh demo pairs, so the queue's uncertainty sort works on first start. Optional:
 * without a loadable model the app still starts (pairs get scores when opened).
 */
async function scoreDemoPairs(log: (m: string) => void): Promise<void> {
  try {
    const { listDemoPairs } = await import("@/lib/server/db/list-demo-pairs");
    const { scorePair } = await import("@/lib/server/pairs/score-pair");
    const pairs = await listDemoPairs();
    const t0 = Date.now();
    for (const p of pairs) await scorePair({ pairId: p.id });
    log(`scored ${pairs.length} demo pairs with the default model in ${Date.now() - t0} ms`);
  } catch (e) {
    log(`demo pairs not scored (${e instanceof Error ? e.message : String(e)}); they are scored when opened`);
  }
}

async function main(): Promise<void> {
  // The startup check of the environment: a bad value stops `npm start` here, naming the variable.
  getEnv();
  const steps = parseSteps(process.argv.slice(2));
  const log = (m: string) => console.log(`[db] ${m}`);
  const target = resolveDatabaseUrl();
  log(`database: ${target.provider === "sqlite" ? target.filename : target.url.replace(/\/\/[^@/]*@/, "//***@")}`);
  try {
    if (steps.includes("migrate")) {
      const { applied, alreadyApplied } = await migrateDatabase({ log });
      if (applied.length === 0) log(`schema up to date (${alreadyApplied} migration(s) applied)`);
    }
    if (steps.includes("seed")) {
      const { skipped } = await seedDemoData({ log });
      if (skipped) log(`demo dataset present, not seeding`);
      else await scoreDemoPairs(log);
    }
    if (steps.includes("admin")) await ensureAdmin({ log: (m) => console.log(m) });
  } finally {
    await disconnectDb();
  }
}

main().catch((e: unknown) => {
  console.error(`[db] ${isAppError(e) ? e.message : e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  process.exit(1);
});
