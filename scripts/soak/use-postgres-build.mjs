// `NODE_OPTIONS="--import ./scripts/soak/use-postgres-build.mjs" next start`: a production build made for SQLite runs
// on PostgreSQL (DATABASE_URL=postgresql://…). Each server chunk of `.next` is loaded with the PostgreSQL client's
// provider strings in place of SQLite's (swap-postgres-provider.mjs says why that is the whole difference); other files
// load as usual. Used by scripts/soak.mjs; a build made with `provider = "postgresql"` needs none of this.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { swapPostgresProvider } from "./swap-postgres-provider.mjs";

// Next loads its server chunks with require(): the CommonJS loader of .js files is where they can be swapped.
const Module = createRequire(import.meta.url)("node:module");
const serverDir = path.join(process.cwd(), ".next", "server") + path.sep;
const loadJs = Module._extensions[".js"];
let swapped = 0;

Module._extensions[".js"] = function loadSwapped(module, filename) {
  if (!filename.startsWith(serverDir)) return loadJs(module, filename);
  const { source, swapped: changed } = swapPostgresProvider(readFileSync(filename, "utf8"));
  if (!changed) return loadJs(module, filename);
  if (swapped++ === 0) console.error(`[soak] PostgreSQL client swapped into the SQLite build (${path.relative(process.cwd(), filename)})`);
  module._compile(source, filename);
};
