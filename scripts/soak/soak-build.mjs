// The production build a soak serves (scripts/soak.mjs): .next must hold one, made for SQLite or for PostgreSQL.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { root } from "./soak-fleet.mjs";
import { buildProvider } from "./swap-postgres-provider.mjs";

/** Which database the build in .next was made for (its server chunks name the Prisma provider). */
export function checkBuild() {
  const serverDir = path.join(root, ".next", "server");
  if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(serverDir))
    throw new Error("no production build in .next: run `npm run build` first");
  const sources = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".js")) sources.push(readFileSync(p, "utf8"));
    }
  };
  walk(serverDir);
  const provider = buildProvider(sources);
  if (provider !== "sqlite" && provider !== "postgresql") throw new Error(`cannot tell which database the build in .next was made for (${provider})`);
  return provider;
}
