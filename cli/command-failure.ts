import { ZodError } from "zod";
import { isAppError } from "../lib/errors";
import { zodToAppError } from "../lib/server/http/handle-route";

/** What a command's thrown error means for the process: its exit code (2 = usage error) and message. */
export interface CommandFailure {
  code: 1 | 2;
  message: string;
}

/**
 * The one mapping of what a command throws to an exit code (run-cli.ts prints it; runCommandForTest returns it):
 * parseArgs' refusals (ERR_PARSE_ARGS_*: an unknown option, a missing value, an unexpected argument), BAD_REQUEST and
 * a request schema's refusal (`compress` parses its flags into the API's body: it reads as the API words it) are usage
 * errors, exit 2; any other AppError is a refusal, exit 1. Undefined for anything else: a bug, whose stack matters.
 */
export function commandFailure(thrown: unknown): CommandFailure | undefined {
  // By name too: a ZodError of another copy of zod fails instanceof.
  const zod = thrown instanceof ZodError || (thrown instanceof Error && thrown.name === "ZodError");
  const e = zod ? zodToAppError(thrown as ZodError) : thrown;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS")) return { code: 2, message: (e as Error).message };
  if (!isAppError(e)) return undefined;
  return { code: e.code === "BAD_REQUEST" ? 2 : 1, message: e.message };
}
