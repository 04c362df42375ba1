// `npm run docs:config`: rewrites the generated table of docs/configuration.md from the env schema (lib/server/env.ts).
// lib/server/env.test.ts fails while the two disagree.
import { readFileSync, writeFileSync } from "node:fs";
import { replaceEnvTable } from "@/lib/server/env-table";

const file = "docs/configuration.md";
const before = readFileSync(file, "utf8");
const after = replaceEnvTable(before);
if (after === before) console.log(`${file} is up to date`);
else {
  writeFileSync(file, after);
  console.log(`${file}: table rewritten from lib/server/env.ts`);
}
