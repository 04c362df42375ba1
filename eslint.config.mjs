// `npm run lint`: Next's rules (core web vitals + TypeScript), import cycles, and the three zones of
// docs/architecture.md. tests/zones.test.ts checks the same zones on the whole import graph (what a client component
// reaches through other files); these rules point at the offending import in the editor.
import path from "node:path";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

const root = import.meta.dirname;

/** Packages that pull in the server, a database or a native runtime: never in pure lib/ or a client component. */
const SERVER_PACKAGES = ["server-only", "@prisma/*", "onnxruntime-node", "openai", "pg", "better-sqlite3"];

/** A repo-relative path for "@/…" and relative specifiers; null for packages. */
function localTarget(filename, spec) {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (spec.startsWith("."))
    return path
      .relative(root, path.resolve(path.dirname(filename), spec))
      .split(path.sep)
      .join("/");
  return null;
}

const zones = {
  rules: {
    // Zone 3: a file that starts with "use client" imports nothing from lib/server and no server-only package.
    "client-imports": {
      meta: { type: "problem", schema: [], messages: { server: '"use client" file imports {{spec}}: server code stays out of the client bundle.' } },
      create(context) {
        const isClient = context.sourceCode.ast.body.some((s) => s.type === "ExpressionStatement" && s.directive === "use client");
        if (!isClient) return {};
        const forbidden = (spec) => {
          const local = localTarget(context.filename, spec);
          if (local !== null) return local === "lib/server" || local.startsWith("lib/server/");
          return /^(server-only|next\/headers|@prisma\/|onnxruntime-node|openai|pg|better-sqlite3|node:)(\/|$)/.test(spec);
        };
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec === "string" && forbidden(spec)) context.report({ node, messageId: "server", data: { spec } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
    // Zone 2: every file in lib/server starts with `import "server-only"` (a no-op under the CLI's react-server
    // condition, a build error if a client bundle ever reaches it).
    "server-only": {
      meta: { type: "problem", schema: [], messages: { missing: 'A lib/server file must import "server-only".' } },
      create(context) {
        return {
          Program(program) {
            const has = program.body.some((s) => s.type === "ImportDeclaration" && s.source.value === "server-only" && s.specifiers.length === 0);
            if (!has) context.report({ node: program, loc: { line: 1, column: 0 }, messageId: "missing" });
          },
        };
      },
    },
  },
};

const isTestFile = ["**/*.test.ts", "**/*.test.tsx", "**/*.spec.ts", "**/test-support/**", "**/test-helpers.ts", "**/test-fixtures.ts"];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    "lib/server/db/generated/**",
    "lib/server/db/generated-pg/**",
    "models/training/work/**",
    "data/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    // Workspace packages: their build output, and the types generated from the OpenAPI document (npm run client:types).
    "packages/*/dist/**",
    "packages/*/src/generated/**",
    // One-off probes, kept as they ran against the code of their day (experiments/README.md): not the product.
    "experiments/**",
  ]),
  {
    plugins: { zones },
    rules: {
      "import/no-cycle": "error",
      // `_name` marks a deliberately unused binding (a handler's unused argument, a field split off with a rest).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      "@typescript-eslint/no-unused-expressions": "error",
      "zones/client-imports": "error",
    },
  },
  {
    // Zone 1: pure domain logic (lib/ outside lib/server) imports no server code, React, Next or server packages.
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["lib/server/**", ...isTestFile],
    rules: {
      "import/no-restricted-paths": [
        "error",
        { zones: [{ target: "./lib", from: "./lib/server", message: "pure lib/ code cannot import the server zone (docs/architecture.md)." }] },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react", "react-dom", "react/*", "react-dom/*", "next", "next/*", ...SERVER_PACKAGES],
              message: "pure lib/ code uses no React, Next, database, model runtime or LLM client (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/server/**/*.{ts,tsx}"],
    ignores: isTestFile,
    rules: { "zones/server-only": "error" },
  },
  {
    // Owned by the training work (not edited here): its test writes two statements as one comma expression in a
    // one-line `if`, which is what this rule exists to flag elsewhere.
    files: ["lib/data/training/training-data.test.ts"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
]);
