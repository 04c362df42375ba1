import type { CliCommand } from "../types";

export interface CommandEntry {
  /** Dispatch needs only the name; everything else (summary, usage) comes from the command itself. */
  name: string;
  /** Loaded on use: one command should not pay for every command's modules. */
  load(): Promise<CliCommand>;
}

/** Every CLI command, in the order `snippet-lab --help` lists them. */
export const commands: CommandEntry[] = [
  { name: "compress", load: async () => (await import("./compress")).command },
  { name: "eval", load: async () => (await import("./eval")).command },
  { name: "eval-all", load: async () => (await import("./eval-all")).command },
  { name: "calibrate", load: async () => (await import("./calibrate")).command },
  { name: "fit-search-rerank", load: async () => (await import("./fit-search-rerank")).command },
  { name: "fit-answer-gate", load: async () => (await import("./fit-answer-gate")).command },
  { name: "bench", load: async () => (await import("./bench")).command },
  { name: "bench-import", load: async () => (await import("./bench-import")).command },
  { name: "train", load: async () => (await import("./train")).command },
  { name: "train-data", load: async () => (await import("./train-data")).command },
  { name: "train-embeddings", load: async () => (await import("./train-embeddings")).command },
  { name: "users", load: async () => (await import("./users")).command },
  { name: "datasets", load: async () => (await import("./datasets")).command },
  { name: "backup", load: async () => (await import("./backup")).command },
  { name: "restore", load: async () => (await import("./restore")).command },
  { name: "check-spans", load: async () => (await import("./check-spans")).command },
  { name: "judge", load: async () => (await import("./judge")).command },
  { name: "judge-batch", load: async () => (await import("./judge-batch")).command },
  { name: "judge-eval", load: async () => (await import("./judge-eval")).command },
  { name: "judge-export", load: async () => (await import("./judge-export")).command },
  { name: "worker", load: async () => (await import("./worker")).command },
  { name: "bench-research", load: async () => (await import("./bench-research")).command },
  { name: "fuzz-api", load: async () => (await import("./fuzz-api")).command },
];

/**
 * `snippet-lab --help`: each command's own `summary`, so there is one place to write it. Only help loads every
 * command module (about half a second); a command that cannot load is listed with the reason instead.
 */
export async function helpText(): Promise<string> {
  const loaded = await Promise.allSettled(commands.map((c) => c.load()));
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c, i) => {
    const r = loaded[i]!;
    const summary = r.status === "fulfilled" ? r.value.summary : `(cannot load: ${r.reason instanceof Error ? r.reason.message : String(r.reason)})`;
    return `  ${c.name.padEnd(width)}  ${summary}`;
  });
  return [
    "Usage: snippet-lab <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "Run 'snippet-lab <command> --help' for a command's options.",
  ].join("\n");
}
