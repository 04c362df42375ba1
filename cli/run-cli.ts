import { commandFailure } from "./command-failure";
import { commands, helpText } from "./commands/index";

const HELP_FLAGS = new Set(["--help", "-h"]);

/**
 * Dispatches `snippet-lab <command> [args]`; returns the exit code (2 = usage error). Help is answered here for every
 * command (`--help`/`-h` anywhere, or `help NAME`), and what a command throws is reported here (commandFailure).
 */
export async function runCli(argv: readonly string[]): Promise<number> {
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
    const failure = commandFailure(thrown);
    if (!failure) {
      console.error(thrown);
      return 1;
    }
    console.error(`snippet-lab ${name}: ${failure.message}${failure.code === 2 ? `\n\n${command.usage}` : ""}`);
    return failure.code;
  }
}
