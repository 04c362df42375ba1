// Generates the Prisma client offline. Prisma 7's CLI wants a native schema-engine
// binary even for `generate`, which it never runs; any existing executable satisfies the check.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
if (!existsSync("prisma/schema.prisma")) process.exit(0);
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const r = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
process.exit(r.status ?? 1);
