#!/usr/bin/env node
// Applies pending SQL migrations to DATABASE_URL (default file:./data/snippet-lab.db). Plain node is enough:
// the TypeScript migrator runs through tsx. See docs/database.md.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const r = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/prepare-db.ts", "--steps=migrate"], {
  stdio: "inherit",
});
process.exit(r.status ?? 1);
