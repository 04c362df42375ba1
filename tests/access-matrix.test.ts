// Who sees what, from the policy matrix (lib/auth/policy.ts): the README's table says the same, and every research
// API operation and research page asks for research:read (each role's answer from the routes: research.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasPermission, PERMISSIONS } from "@/lib/auth/policy";
import { ROLES } from "@/lib/schemas/enums";

const root = path.join(import.meta.dirname, "..");

/** Every page.tsx under app/research (pages cannot be imported here: they pull in client components). */
function researchPages(dir = path.join(root, "app", "research")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? researchPages(path.join(dir, e.name)) : e.name === "page.tsx" ? [path.join(dir, e.name)] : [],
  );
}

describe("access matrix", () => {
  it("README's table is the policy matrix", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const rows = [...readme.matchAll(/^\| `([a-z-]+:[a-z-]+)` [^|]*((?:\| [✓–] )+)\|$/gm)];
    const table = Object.fromEntries(
      rows.map((m) => [
        m[1],
        m[2]!
          .split("|")
          .slice(1)
          .map((c) => c.trim() === "✓"),
      ]),
    );
    expect(Object.keys(table).sort()).toEqual([...PERMISSIONS].sort());
    for (const p of PERMISSIONS) expect(table[p], p).toEqual(ROLES.map((r) => hasPermission(r, p)));
  });

  it("every research API operation needs research:read", async () => {
    const { API_OPERATIONS } = await import("@/lib/server/openapi/operations");
    const research = API_OPERATIONS.filter((op) => op.path.startsWith("/api/v1/research"));
    expect(research.length).toBeGreaterThanOrEqual(5);
    for (const op of research) expect(op.auth, op.path).toEqual({ kind: "session", permission: "research:read" });
  });

  it("every research page guards with requireUser and research:read, and nothing else", () => {
    const pages = researchPages();
    expect(pages.length).toBeGreaterThanOrEqual(6);
    for (const page of pages) {
      const guards = [...readFileSync(page, "utf8").matchAll(/requireUser\(\{\s*permission:\s*"([^"]+)"/g)].map((m) => m[1]);
      expect(guards, path.relative(root, page)).toEqual(["research:read"]);
    }
  });
});
