// Every route handler file answers the methods it does not implement with the documented JSON error (405 +
// Allow), not Next's empty 405; unknown /api paths answer a JSON 404. That each handler under app/api is built from its
// operation (guard, parameters, body cap) is openapi.test.ts's check.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allowHeader, methodNotAllowed, NOT_ALLOWED_HANDLER, ROUTE_METHODS } from "./method-not-allowed";

const root = path.resolve(import.meta.dirname, "../../..");
const routeFiles = (readdirSync(path.join(root, "app"), { recursive: true }) as string[])
  .filter((f) => f.endsWith(`${path.sep}route.ts`) || f === "route.ts")
  .map((f) => path.join("app", f))
  .filter((f) => !f.includes("[...path]"))
  .sort();
const modules = import.meta.glob<Record<string, unknown>>("/app/**/route.ts");

type Handler = (req: Request, ctx: unknown) => Promise<Response>;
const isRefusal = (h: unknown) => typeof h === "function" && (h as unknown as Record<symbol, unknown>)[NOT_ALLOWED_HANDLER] === true;

describe("route files", () => {
  it("are all found", () => {
    expect(routeFiles.length).toBeGreaterThan(20);
    expect(Object.keys(modules).length).toBe(routeFiles.length + 1); // + the /api catch-all
  });

  it.each(routeFiles)("%s exports every method; the ones it lacks answer 405 JSON with Allow", async (file) => {
    const mod = await modules[`/${file.split(path.sep).join("/")}`]!();
    const implemented = ROUTE_METHODS.filter((m) => typeof mod[m] === "function" && !isRefusal(mod[m]));
    expect(implemented.length).toBeGreaterThan(0);
    const allow = allowHeader(implemented);

    const options = await (mod.OPTIONS as Handler)(new Request("http://127.0.0.1/x", { method: "OPTIONS" }), undefined);
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe(allow);

    for (const method of ROUTE_METHODS.filter((m) => !implemented.includes(m))) {
      expect(typeof mod[method], `${file} ${method}`).toBe("function");
      const res = await (mod[method] as Handler)(new Request("http://127.0.0.1/api/v1/x", { method }), undefined);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe(allow);
      const body = await res.json();
      expect(body.error.code).toBe("METHOD_NOT_ALLOWED");
      expect(body.error.message).toContain(method);
    }
  });
});

describe("methodNotAllowed", () => {
  it("lists HEAD with GET and always OPTIONS", () => {
    expect(allowHeader(["GET", "PUT"])).toBe("GET, PUT, HEAD, OPTIONS");
    expect(allowHeader(["POST"])).toBe("POST, OPTIONS");
    expect(allowHeader(["PUT", "GET"])).toBe("GET, PUT, HEAD, OPTIONS");
  });

  it("answers 405 for GET /api/v1/compress in the JSON error shape", async () => {
    const { GET } = methodNotAllowed(["POST"]);
    const res = await GET(new Request("http://127.0.0.1/api/v1/compress"));
    expect(res.status).toBe(405);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({
      error: { code: "METHOD_NOT_ALLOWED", message: "GET is not supported here; use POST.", details: { allow: ["POST", "OPTIONS"] } },
    });
  });
});

describe("/api catch-all", () => {
  it("answers unknown API paths with a JSON 404 for any method", async () => {
    const mod = await modules["/app/api/[...path]/route.ts"]!();
    for (const method of ROUTE_METHODS) {
      const res = await (mod[method] as Handler)(new Request("http://127.0.0.1/api/v1/nope", { method }), undefined);
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body.error.code).toBe("NOT_FOUND");
      expect(body.error.message).toContain("/api/v1/nope");
    }
  });
});
