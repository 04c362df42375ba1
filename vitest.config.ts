import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) }, conditions: ["react-server"] },
  // Server modules import "server-only", which only loads under the react-server condition (as in Next and the CLI).
  ssr: { resolve: { conditions: ["react-server"], externalConditions: ["react-server"] } },
  test: {
    include: ["lib/**/*.test.ts", "cli/**/*.test.ts", "tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
