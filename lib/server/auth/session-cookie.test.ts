import { describe, expect, it } from "vitest";
import { isSecureRequest, serializeSessionCookie } from "./session-cookie";

describe("Secure session cookies", () => {
  const req = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
  const cookie = (r: Request) => serializeSessionCookie({ token: "t".repeat(43), secure: isSecureRequest(r) });

  it("are marked Secure exactly for https requests", () => {
    expect(cookie(req("http://127.0.0.1:3000/api/auth/login"))).not.toContain("Secure");
    expect(cookie(req("http://127.0.0.1:3000/api/auth/login", { "x-forwarded-proto": "https" }))).toMatch(/; Secure$/);
  });

  it("never with SNIPPET_LAB_TRUST_PROXY=0", () => {
    const prev = process.env.SNIPPET_LAB_TRUST_PROXY;
    process.env.SNIPPET_LAB_TRUST_PROXY = "0";
    try {
      expect(cookie(req("http://127.0.0.1:3000/api/auth/login", { "x-forwarded-proto": "https" }))).not.toContain("Secure");
    } finally {
      if (prev === undefined) delete process.env.SNIPPET_LAB_TRUST_PROXY;
      else process.env.SNIPPET_LAB_TRUST_PROXY = prev;
    }
  });
});
