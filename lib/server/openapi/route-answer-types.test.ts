// defineRoute types a handler's answer by its operation's response schemas: the documented shape (a Date where the
// contract has an ISO timestamp, as JSON sends it) or a Response; anything else fails the type check (`npm run
// typecheck` reads the @ts-expect-error lines below: each must be an error).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonResponse, type ApiOperation } from "@/lib/schemas/api-contract";
import { zTimestamp } from "@/lib/schemas/ids";
import { defineRoute } from "../http/define-route";
import { OPERATIONS } from "./operations";

const answer = z.strictObject({ id: z.string(), at: zTimestamp });
const op = {
  method: "GET",
  path: "/api/x",
  operationId: "x",
  summary: "a test route",
  tag: "meta",
  auth: { kind: "public" },
  responses: [jsonResponse(answer, "ok")],
} satisfies ApiOperation;
const created = { ...op, operationId: "y", responses: [jsonResponse(answer, "created", 201)] } satisfies ApiOperation;

const get = () => new Request("http://127.0.0.1/api/x");

describe("a route's answer, typed by its operation", () => {
  it("is the documented shape, a Date sent as its ISO string", async () => {
    const route = defineRoute(op, () => ({ id: "a", at: new Date(0) }));
    const res = await route(get());
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    expect(answer.parse(body)).toEqual({ id: "a", at: "1970-01-01T00:00:00.000Z" });
  });

  it("goes out with a documented status and headers of its own through json()", async () => {
    const route = defineRoute(created, ({ json }) => json({ id: "b", at: "2026-01-01T00:00:00.000Z" }, { status: 201, headers: { "X-T": "1" } }));
    const res = await route(get());
    expect([res.status, res.headers.get("x-t")]).toEqual([201, "1"]);
  });

  it("of another shape does not compile", () => {
    // Built, never called: the lines only need to type-check as errors.
    const wrong = [
      // @ts-expect-error a documented field is missing
      defineRoute(op, () => ({ at: new Date() })),
      // @ts-expect-error a field of another type
      defineRoute(op, () => ({ id: 1, at: new Date() })),
      // @ts-expect-error another operation's answer
      defineRoute(OPERATIONS.getJob, async () => ({ run: null })),
      // @ts-expect-error a plain body goes out as 200, which this operation does not answer
      defineRoute(created, () => ({ id: "c", at: new Date() })),
      // @ts-expect-error json() with a status the operation does not document
      defineRoute(created, ({ json }) => json({ id: "c", at: new Date() }, { status: 200 })),
      // @ts-expect-error an operation without a JSON answer (Prometheus text) answers with a Response only
      defineRoute(OPERATIONS.getMetrics, () => ({ text: "" })),
    ];
    expect(wrong).toHaveLength(6);
  });
});
