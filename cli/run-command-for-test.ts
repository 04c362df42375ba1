// Tests only: runs a CLI command in-process the way bin/snippet-lab.mjs would report it.
import { vi } from "vitest";
import { ZodError } from "zod";
import { isAppError } from "../lib/errors";
import { zodToAppError } from "../lib/server/http/handle-route";
import type { CliCommand } from "./types";

/** `snippet-lab <command> ARGS`: the exit code (thrown AppErrors mapped as main.ts maps them) and what it printed. */
export async function runCommandForTest(command: CliCommand, args: string[]): Promise<{ code: number; out: string; error: string }> {
  const out: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  const err = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    return { code: await command.run(args), out: out.join("\n"), error: "" };
  } catch (thrown) {
    const e = thrown instanceof ZodError ? zodToAppError(thrown) : thrown;
    if (!isAppError(e)) throw e;
    return { code: e.code === "BAD_REQUEST" ? 2 : 1, out: out.join("\n"), error: e.message };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}
