import { describe, expect, it } from "vitest";
import { isHttpsRequest, pageContentSecurityPolicy, parseTrustProxy, STATIC_SECURITY_HEADERS } from "./security-headers";

describe("pageContentSecurityPolicy", () => {
  const csp = pageContentSecurityPolicy({ nonce: "abc123" });
  const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

  it("allows scripts only by nonce, forbids framing, plugins and <base>", () => {
    expect(directive("script-src")).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(directive("base-uri")).toBe("base-uri 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("upgrade-insecure-requests");
    // The original-page preview (a srcdoc iframe inherits this policy) keeps its inline styles and data: images.
    expect(directive("style-src")).toContain("'unsafe-inline'");
    expect(directive("img-src")).toContain("data:");
  });

  it("adds eval in development and the upgrade over https", () => {
    expect(pageContentSecurityPolicy({ nonce: "n", dev: true })).toContain("'unsafe-eval'");
    expect(pageContentSecurityPolicy({ nonce: "n", https: true })).toMatch(/; upgrade-insecure-requests$/);
  });

  it("sends nosniff and a referrer policy on every response", () => {
    const names = STATIC_SECURITY_HEADERS.map(([k]) => k.toLowerCase());
    expect(names).toContain("x-content-type-options");
    expect(names).toContain("referrer-policy");
  });
});

describe("isHttpsRequest", () => {
  const trusted = { trustProxy: true };

  it("follows X-Forwarded-Proto (first value), else the URL's scheme", () => {
    expect(isHttpsRequest(new Headers(), "http://127.0.0.1:3000/", trusted)).toBe(false);
    expect(isHttpsRequest(new Headers(), "https://lab.example/", trusted)).toBe(true);
    expect(isHttpsRequest(new Headers({ "x-forwarded-proto": "https" }), "http://127.0.0.1/", trusted)).toBe(true);
    expect(isHttpsRequest(new Headers({ "x-forwarded-proto": "https, http" }), "http://127.0.0.1/", trusted)).toBe(true);
    expect(isHttpsRequest(new Headers({ "x-forwarded-proto": "http" }), "https://lab.example/", trusted)).toBe(false);
  });

  it("ignores forwarded headers with SNIPPET_LAB_TRUST_PROXY=0", () => {
    const h = new Headers({ "x-forwarded-proto": "https" });
    expect(isHttpsRequest(h, "http://127.0.0.1/", { trustProxy: parseTrustProxy("0") })).toBe(false);
    expect(isHttpsRequest(h, "http://127.0.0.1/", { trustProxy: parseTrustProxy("false") })).toBe(false);
    expect(isHttpsRequest(h, "http://127.0.0.1/", { trustProxy: parseTrustProxy("1") })).toBe(true);
    expect(isHttpsRequest(h, "http://127.0.0.1/", { trustProxy: parseTrustProxy(undefined) })).toBe(true);
  });
});
