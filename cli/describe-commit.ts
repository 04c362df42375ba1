import { execFileSync } from "node:child_process";

/**
 * The commit result files name in their provenance: the short HEAD, with "+uncommitted" when tracked files differ from
 * it (the figures then come from code no commit holds); "unknown" outside a git checkout.
 */
export function describeCommit(): string {
  try {
    const git = (args: string[]) => execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const head = git(["rev-parse", "--short", "HEAD"]);
    return git(["status", "--porcelain", "--untracked-files=no"]).length > 0 ? `${head}+uncommitted` : head;
  } catch {
    return "unknown";
  }
}
