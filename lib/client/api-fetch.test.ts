import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch, NETWORK_ERROR_MESSAGE } from "./api-fetch";

const calls: { url: string; init: RequestInit }[] = [];
function answer(response: Response | Error) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (response instanceof Error) throw response;
      return response;
    }),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe("apiFetch", () => {
  it("GETs by default and returns the parsed JSON", async () => {
    answer(Response.json({ events: [1, 2] }));
    const r = await apiFetch<{ events: number[] }>("/api/v1/pairs/p1/history");
    expect(r).toEqual({ ok: true, status: 200, data: { events: [1, 2] } });
    expect(calls[0]!.init.method).toBe("GET");
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it("sends `json` as a JSON POST (or the given method) with its content-type, and extra headers", async () => {
    answer(Response.json({ user: { email: "a@b.c" } }, { status: 201 }));
    const r = await apiFetch("/api/users", { json: { email: "a@b.c" }, headers: { authorization: "Bearer k" } });
    expect(r).toMatchObject({ ok: true, status: 201 });
    expect(calls[0]!.init).toMatchObject({ method: "POST", body: '{"email":"a@b.c"}' });
    expect(calls[0]!.init.headers).toEqual({ "content-type": "application/json", authorization: "Bearer k" });
    answer(Response.json({}));
    await apiFetch("/api/users/u1", { method: "PATCH", json: { role: "admin" } });
    expect(calls[1]!.init.method).toBe("PATCH");
  });

  it("passes FormData and keepalive through untouched", async () => {
    answer(Response.json({ pairs: 1 }));
    const form = new FormData();
    form.set("format", "jsonl");
    await apiFetch("/api/v1/datasets/d/import", { body: form, keepalive: true });
    expect(calls[0]!.init.body).toBe(form);
    expect(calls[0]!.init.keepalive).toBe(true);
    expect(calls[0]!.init.headers).toEqual({});
  });

  it("turns the API's error shape into {ok: false, error} with code, message and details", async () => {
    answer(Response.json({ error: { code: "CONFLICT", message: "stale version", details: { version: 3 } } }, { status: 409 }));
    const r = await apiFetch("/api/v1/pairs/p/annotation", { method: "PUT", json: {} });
    expect(r).toEqual({ ok: false, status: 409, error: { status: 409, code: "CONFLICT", message: "stale version", details: { version: 3 } } });
  });

  it("names the HTTP status when the body is not the API's JSON", async () => {
    answer(new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await apiFetch("/api/x")).toEqual({ ok: false, status: 502, error: { status: 502, code: "HTTP", message: "Request failed (HTTP 502)." } });
  });

  it("reports an unreachable server as NETWORK (status 0), never a throw", async () => {
    answer(new TypeError("fetch failed"));
    expect(await apiFetch("/api/x")).toEqual({ ok: false, status: 0, error: { status: 0, code: "NETWORK", message: NETWORK_ERROR_MESSAGE } });
  });

  it("rethrows an abort (the caller cancelled)", async () => {
    const abort = new DOMException("aborted", "AbortError");
    answer(abort as unknown as Error);
    await expect(apiFetch("/api/x")).rejects.toBe(abort);
  });

  it("returns null data for an empty 2xx body", async () => {
    answer(new Response(null, { status: 204 }));
    expect(await apiFetch("/api/x", { method: "DELETE" })).toEqual({ ok: true, status: 204, data: null });
  });
});
