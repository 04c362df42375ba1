// The PostgreSQL client in a production build made for SQLite: the generated Prisma client is bundled into the server
// chunks, and the PostgreSQL client generated from the same schema differs from the SQLite one, at run time, only in
// the provider named in its config and inline schema and in which query-compiler module it loads (compare
// lib/server/db/generated/internal/class.ts with generated-pg's). So the same substitution in a chunk's source is what
// switching `provider` in prisma/schema.prisma and rebuilding does (docs/database.md) — for the soak, which runs two
// `next start` instances on a throwaway PostgreSQL cluster from the checkout's own `.next` (docs/soak.md).
const PATTERNS = [
  // The client's config: `activeProvider:"sqlite"` (minified) or `"activeProvider": "sqlite"`.
  [/(["']?activeProvider["']?\s*:\s*)"sqlite"/g, '$1"postgresql"'],
  // The inline schema's datasource block (the query compiler reads the provider from it).
  [/provider = \\?"sqlite\\?"/g, (m) => m.replace("sqlite", "postgresql")],
  // The query compiler (and its wasm) for the provider.
  [/(query_compiler_(?:fast|small)_bg)\.sqlite\./g, "$1.postgresql."],
];

/** `{source, swapped}`: the chunk's source with the SQLite client's provider strings replaced by PostgreSQL's. */
export function swapPostgresProvider(source) {
  if (!source.includes("sqlite")) return { source, swapped: false };
  let out = source;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return { source: out, swapped: out !== source };
}

/** Which provider the server chunks of a build were made for: "sqlite", "postgresql" or null (no client found). */
export function buildProvider(sources) {
  let found = null;
  for (const s of sources) {
    const m = /["']?activeProvider["']?\s*:\s*"(sqlite|postgresql)"/.exec(s);
    if (m) {
      if (found && found !== m[1]) return "mixed";
      found = m[1];
    }
  }
  return found;
}
