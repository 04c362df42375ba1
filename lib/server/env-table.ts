import "server-only";
import { ENV_VARIABLES } from "./env";

export const ENV_TABLE_START = "<!-- env-table:start: generated from lib/server/env.ts by `npm run docs:config` -->";
export const ENV_TABLE_END = "<!-- env-table:end -->";

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The configuration table of docs/configuration.md, from the env schema's own documentation. */
export function renderEnvTable(): string {
  const row = (v: (typeof ENV_VARIABLES)[number]) => `| \`${v.name}\` | ${cell(v.doc.default)} | ${cell(v.doc.description)} |`;
  return [
    "| variable | default | what it does |",
    "|---|---|---|",
    ...ENV_VARIABLES.filter((v) => v.group === "core").map(row),
    "| **LLM judge** ([judge.md](judge.md)) | | |",
    ...ENV_VARIABLES.filter((v) => v.group === "judge").map(row),
  ].join("\n");
}

/** `doc` with the text between the markers replaced by the current table. */
export function replaceEnvTable(doc: string): string {
  const start = doc.indexOf(ENV_TABLE_START);
  const end = doc.indexOf(ENV_TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/configuration.md lacks the ${ENV_TABLE_START} … ${ENV_TABLE_END} markers`);
  return `${doc.slice(0, start + ENV_TABLE_START.length)}\n${renderEnvTable()}\n${doc.slice(end)}`;
}
