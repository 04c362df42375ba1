import "server-only";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Loads a package that is only needed for PostgreSQL (`pg`, `@prisma/adapter-pg`) from the app's node_modules at run
 * time. A computed require keeps bundlers from resolving it at build time, so SQLite installs don't need it.
 */
export function loadOptionalModule<T>(name: string, why: string): T {
  const require = createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json"));
  try {
    return require(name) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND") {
      throw new Error(`${why} needs the "${name}" package: npm install @prisma/adapter-pg pg (see docs/database.md)`);
    }
    throw e;
  }
}
