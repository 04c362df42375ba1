import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  test: {
    projects: [
      {
        // Domain and server code. Server modules import "server-only", which only loads under the react-server
        // condition (as in Next and the CLI).
        resolve: { alias, conditions: ["react-server"] },
        ssr: { resolve: { conditions: ["react-server"], externalConditions: ["react-server"] } },
        test: {
          name: "lib",
          // Route and server-action tests sit beside their files in app/.
          include: ["lib/**/*.test.ts", "cli/**/*.test.ts", "tests/**/*.test.ts", "app/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      {
        // Client components: the react-server condition would strip hooks from React, so none here.
        resolve: { alias },
        esbuild: { jsx: "automatic" },
        test: { name: "components", include: ["components/**/*.test.ts"], environment: "node", pool: "forks" },
      },
      {
        // Workspace packages (packages/client): plain Node, no alias and no react-server condition, like their users.
        test: { name: "packages", include: ["packages/*/src/**/*.test.ts"], environment: "node", pool: "forks" },
      },
    ],
  },
});
