import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { commands, helpText } from "./index";

describe("CLI command index", () => {
  it("names each command as the command names itself", async () => {
    for (const entry of commands) expect((await entry.load()).name, entry.name).toBe(entry.name);
    expect(new Set(commands.map((c) => c.name)).size).toBe(commands.length);
  });

  it("lists every command module of cli/commands", () => {
    const dir = import.meta.dirname;
    const modules = readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .filter((f) => /^export const command\b/m.test(readFileSync(path.join(dir, f), "utf8")))
      .map((f) => f.replace(/\.ts$/, ""));
    expect(modules.length).toBeGreaterThan(5);
    expect(commands.map((c) => c.name).sort()).toEqual(modules.sort());
  });

  it("--help shows each command's own summary, in index order", async () => {
    const help = await helpText();
    const loaded = await Promise.all(commands.map((c) => c.load()));
    const listed = help.split("\n").filter((l) => /^ {2}\S/.test(l));
    expect(listed).toHaveLength(commands.length);
    for (const [i, command] of loaded.entries()) {
      expect(listed[i]!.trim().split(/\s{2,}/)).toEqual([command.name, command.summary]);
      expect(command.summary.length, command.name).toBeGreaterThan(10);
    }
  });
});
