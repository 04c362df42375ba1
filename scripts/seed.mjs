#!/usr/bin/env node
// Applies migrations, then seeds the "demo" dataset into DATABASE_URL if it is not there yet (idempotent).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const r = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/prepare-db.ts", "--steps=migrate,seed"], {
  stdio: "inherit",
});
process.exit(r.status ?? 1);
