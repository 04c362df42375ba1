// Tests only: runs a CLI command in-process the way bin/snippet-lab.mjs would report it.
import { vi } from "vitest";
import { commandFailure } from "./command-failure";
import type { CliCommand } from "./types";

/** `snippet-lab <command> ARGS`: the exit code (what it threw mapped as run-cli.ts maps it) and what it printed. */
export async function runCommandForTest(command: CliCommand, args: string[]): Promise<{ code: number; out: string; error: string }> {
  const out: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  const err = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    return { code: await command.run(args), out: out.join("\n"), error: "" };
  } catch (thrown) {
    const failure = commandFailure(thrown);
    if (!failure) throw thrown;
    return { code: failure.code, out: out.join("\n"), error: failure.message };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}
