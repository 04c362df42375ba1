import { ZodError } from "zod";
import { isAppError } from "../lib/errors";
import { zodToAppError } from "../lib/server/http/handle-route";
import { commands, helpText } from "./commands/index";
import { ignoreClosedStdout } from "./ignore-closed-stdout";

const HELP_FLAGS = new Set(["--help", "-h"]);

/** Dispatches `snippet-lab <command> [args]`; returns the exit code (2 = usage error). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    console.error(await helpText());
    return 2;
  }
  if (HELP_FLAGS.has(name) || name === "help") {
    const target = rest[0] && commands.find((c) => c.name === rest[0]);
    console.log(target ? (await target.load()).usage : await helpText());
    return 0;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    console.error(`snippet-lab: unknown command "${name}". Commands: ${commands.map((c) => c.name).join(", ")}.`);
    console.error("Run 'snippet-lab --help' for usage.");
    return 2;
  }
  const command = await entry.load();
  if (rest.some((a) => HELP_FLAGS.has(a))) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (thrown) {
    // A request schema's refusal (`compress` parses its flags into the API's body) reads as the API words it.
    const e = thrown instanceof ZodError ? zodToAppError(thrown) : thrown;
    // parseArgs reports unknown/malformed options as TypeErrors with ERR_PARSE_ARGS_* codes.
    const code = (e as { code?: string }).code ?? "";
    if (code.startsWith("ERR_PARSE_ARGS") || (isAppError(e) && e.code === "BAD_REQUEST")) {
      console.error(`snippet-lab ${name}: ${(e as Error).message}\n\n${command.usage}`);
      return 2;
    }
    if (isAppError(e)) {
      console.error(`snippet-lab ${name}: ${e.message}`);
      return 1;
    }
    console.error(e);
    return 1;
  }
}

ignoreClosedStdout(process.stdout);
process.exitCode = await main(process.argv.slice(2));
