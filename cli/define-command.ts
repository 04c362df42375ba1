// A CLI command from one description, as defineRoute (lib/server/http/define-route.ts) builds a route from its
// operation. What the command takes is its `options` spec: parsed strictly (an unknown option, a missing value or an
// argument where none is taken is a usage error), numbers and choices checked, each value typed by its spec. Help
// (`--help`, `-h`, `snippet-lab help NAME`) is answered by run-cli.ts from `usage` before the command runs, and a
// command never prints its own errors: it throws (AppError, with BAD_REQUEST for usage errors) and run-cli.ts maps
// what it threw once (command-failure.ts), so a command's `run` stays callable from another command or a test.
//
// Writing one: string flags holding numbers are {type: "number", …range} (no numberFlag calls), closed sets
// {type: "choice"}, a repeatable flag reads [] when absent; a refusal is `throw new AppError("BAD_REQUEST", …)`, never
// `console.error(…); return 2` (run-cli.ts prints it with the usage and exits 2). A command that runs another (train
// runs train-data) gets the other's refusals thrown, not its exit code 2.
import { parseArgs } from "node:util";
import { AppError } from "../lib/errors";
import { numberFlag, type NumberFlagRange } from "./number-flag";
import type { CliCommand } from "./types";

type Short = { short?: string };
/** `--name VALUE`: the string, `default` when absent. */
export type StringOption = Short & { type: "string"; default?: string; multiple?: false };
/** `--name VALUE`, repeatable: every value in order, `[]` when absent. */
export type ListOption = Short & { type: "string"; multiple: true };
/** `--name`: true when given. */
export type BooleanOption = Short & { type: "boolean" };
/** `--name N`: a number in its range (numberFlag: a word or an out-of-range figure is a usage error naming the flag). */
export type NumberOption = Short & NumberFlagRange & { type: "number"; default?: number };
/** `--name VALUE` where VALUE is one of `choices` (anything else is a usage error listing them). */
export type ChoiceOption<C extends string = string> = Short & { type: "choice"; choices: readonly C[]; default?: C };
export type CommandOption = StringOption | ListOption | BooleanOption | NumberOption | ChoiceOption;
export type CommandOptions = Record<string, CommandOption>;

/** A flag's parsed value: optional unless it has a default (or is a boolean or a list). */
type OptionValue<O> = O extends { type: "boolean" }
  ? boolean
  : O extends { multiple: true }
    ? string[]
    : O extends { type: "number" }
      ? O extends { default: number }
        ? number
        : number | undefined
      : O extends { type: "choice"; choices: readonly (infer C)[] }
        ? O extends { default: string }
          ? C
          : C | undefined
        : O extends { default: string }
          ? string
          : string | undefined;

export type OptionValues<O extends CommandOptions> = { [K in keyof O]: OptionValue<O[K]> };

export interface CommandSpec<O extends CommandOptions> {
  name: string;
  /** One line for `snippet-lab --help`. */
  summary: string;
  /** What `snippet-lab NAME --help` prints, and what follows a usage error. */
  usage: string;
  options: O;
  /** Takes positional arguments (the handler checks them); without, an argument is a usage error. */
  positionals?: boolean;
  /**
   * The exit code: 0 done, 1 a failure the command reports itself (usage errors and refusals are thrown). `argv` is
   * the arguments as given, for a report's provenance (`snippet-lab eval ARGS`).
   */
  run(args: { values: OptionValues<O>; positionals: string[]; argv: readonly string[] }): Promise<number>;
}

/** "cpu or cuda", "all, plain or off". */
const listChoices = (choices: readonly string[]) =>
  choices.length > 1 ? `${choices.slice(0, -1).join(", ")} or ${choices[choices.length - 1]}` : (choices[0] ?? "");

/** `argv` parsed with an options spec: unknown options and bad values throw (ERR_PARSE_ARGS_*, or BAD_REQUEST). */
export function parseCommandArgs<O extends CommandOptions>(
  argv: readonly string[],
  options: O,
  allowPositionals = false,
): { values: OptionValues<O>; positionals: string[] } {
  const parsed = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals,
    options: Object.fromEntries(
      Object.entries(options).map(([name, o]) => [
        name,
        {
          type: o.type === "boolean" ? ("boolean" as const) : ("string" as const),
          ...(o.short ? { short: o.short } : {}),
          ...(o.type === "string" && o.multiple ? { multiple: true } : {}),
        },
      ]),
    ),
  });
  const raw = parsed.values as Record<string, string | string[] | boolean | undefined>;
  const values: Record<string, unknown> = {};
  for (const [name, o] of Object.entries(options)) {
    const given = raw[name];
    const flag = `--${name}`;
    if (o.type === "boolean") values[name] = given === true;
    else if (o.type === "string" && o.multiple) values[name] = (given as string[] | undefined) ?? [];
    else if (given === undefined) values[name] = o.default;
    else if (o.type === "number") values[name] = numberFlag(given as string, flag, o);
    else if (o.type === "choice" && !o.choices.includes(given as string)) {
      throw new AppError("BAD_REQUEST", `${flag} takes ${listChoices(o.choices)} (got "${String(given)}")`);
    } else values[name] = given;
  }
  return { values: values as OptionValues<O>, positionals: parsed.positionals };
}

/**
 * A command: `run(argv)` parses argv with the spec, then runs the handler with the typed values. Errors are thrown,
 * for run-cli.ts to report (or for the command that called this one, or a test, to see).
 *
 *   export const command = defineCommand({ name, summary, usage, options: { runs: { type: "number", integer: true, min: 1, default: 200 } },
 *     async run({ values }) { … values.runs is a number … } });
 */
export function defineCommand<const O extends CommandOptions>(spec: CommandSpec<O>): CliCommand {
  return {
    name: spec.name,
    summary: spec.summary,
    usage: spec.usage,
    run: async (argv) => spec.run({ ...parseCommandArgs(argv, spec.options, spec.positionals === true), argv }),
  };
}
