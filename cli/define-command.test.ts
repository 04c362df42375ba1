import { describe, expect, expectTypeOf, it } from "vitest";
import { commandFailure } from "./command-failure";
import { defineCommand, parseCommandArgs } from "./define-command";

const OPTIONS = {
  out: { type: "string" },
  format: { type: "string", default: "jsonl" },
  gold: { type: "string", multiple: true },
  keep: { type: "boolean", short: "k" },
  runs: { type: "number", integer: true, min: 10, default: 200 },
  share: { type: "number", min: 0, max: 1 },
  provider: { type: "choice", choices: ["cpu", "cuda"], default: "cpu" },
  sections: { type: "choice", choices: ["all", "plain", "off"] },
} as const;

/** What run-cli.ts would make of the arguments: the values, or the exit code and message of the refusal. */
function parse(args: string[], positionals = false) {
  try {
    return parseCommandArgs(args, OPTIONS, positionals);
  } catch (e) {
    const failure = commandFailure(e);
    if (!failure) throw e;
    return failure;
  }
}

describe("defineCommand's options", () => {
  it("gives each option its type: defaults, [] for an absent list, false for an absent boolean", () => {
    const { values, positionals } = parseCommandArgs([], OPTIONS);
    expect(values).toEqual({
      out: undefined,
      format: "jsonl",
      gold: [],
      keep: false,
      runs: 200,
      share: undefined,
      provider: "cpu",
      sections: undefined,
    });
    expect(positionals).toEqual([]);
    expectTypeOf(values.out).toEqualTypeOf<string | undefined>();
    expectTypeOf(values.format).toEqualTypeOf<string>();
    expectTypeOf(values.gold).toEqualTypeOf<string[]>();
    expectTypeOf(values.keep).toEqualTypeOf<boolean>();
    expectTypeOf(values.runs).toEqualTypeOf<number>();
    expectTypeOf(values.share).toEqualTypeOf<number | undefined>();
    expectTypeOf(values.provider).toEqualTypeOf<"cpu" | "cuda">();
    expectTypeOf(values.sections).toEqualTypeOf<"all" | "plain" | "off" | undefined>();
  });

  it("parses what is given: numbers as numbers, lists in order, short flags", () => {
    const { values } = parseCommandArgs(
      ["--out", "x.json", "--gold", "a", "--gold=b", "-k", "--runs", "12", "--share", "0.5", "--provider", "cuda", "--sections", "plain"],
      OPTIONS,
    );
    expect(values).toMatchObject({ out: "x.json", gold: ["a", "b"], keep: true, runs: 12, share: 0.5, provider: "cuda", sections: "plain" });
  });

  it("refuses a word or an out-of-range figure for a number, naming the flag (exit 2)", () => {
    expect(parse(["--runs", "abc"])).toEqual({ code: 2, message: '--runs takes an integer of at least 10 (got "abc")' });
    expect(parse(["--runs", "9"])).toEqual({ code: 2, message: '--runs takes an integer of at least 10 (got "9")' });
    expect(parse(["--share", "1.5"])).toEqual({ code: 2, message: '--share takes a number from 0 to 1 (got "1.5")' });
    expect(parse(["--share", ""])).toMatchObject({ code: 2 });
  });

  it("refuses a value outside a choice, listing the choices", () => {
    expect(parse(["--provider", "gpu"])).toEqual({ code: 2, message: '--provider takes cpu or cuda (got "gpu")' });
    expect(parse(["--sections", "some"])).toEqual({ code: 2, message: '--sections takes all, plain or off (got "some")' });
  });

  it("refuses unknown options, a missing value and arguments where none are taken; --help is not a command's option", () => {
    for (const args of [["--bogus"], ["--out"], ["extra"], ["--help"], ["-h"]]) expect(parse(args), args.join(" ")).toMatchObject({ code: 2 });
    expect(parse(["a", "b"], true)).toMatchObject({ positionals: ["a", "b"] });
  });

  it("runs the handler with the parsed values; what it throws reaches the caller", async () => {
    const seen: unknown[] = [];
    const command = defineCommand({
      name: "demo",
      summary: "a command for this test",
      usage: "snippet-lab demo [--runs N]",
      options: { runs: { type: "number", integer: true, min: 1, default: 3 } },
      async run({ values }) {
        seen.push(values.runs);
        return values.runs === 3 ? 0 : 1;
      },
    });
    expect(command).toMatchObject({ name: "demo", summary: "a command for this test", usage: "snippet-lab demo [--runs N]" });
    expect(await command.run([])).toBe(0);
    expect(await command.run(["--runs", "5"])).toBe(1);
    await expect(command.run(["--runs", "0"])).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(seen).toEqual([3, 5]);
  });
});
