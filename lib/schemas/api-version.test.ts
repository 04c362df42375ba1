import { describe, expect, it } from "vitest";
import { API_DEPRECATIONS, API_VERSION, checkApiVersion, parseApiMajor } from "./api-version";

describe("API version", () => {
  it("is a semantic version, and every deprecation names a later major version and a date", () => {
    expect(parseApiMajor(API_VERSION)).not.toBeNull();
    for (const d of API_DEPRECATIONS) {
      expect(parseApiMajor(d.removedIn)!, d.field).toBeGreaterThan(parseApiMajor(API_VERSION)!);
      expect(d.removalDate, d.field).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(d.removalDate)), d.field).toBe(false);
    }
  });

  it("parses majors", () => {
    expect(parseApiMajor("1.2.3")).toBe(1);
    expect(parseApiMajor("10.0.0-rc.1")).toBe(10);
    expect(parseApiMajor("1.2")).toBeNull();
    expect(parseApiMajor("v1.2.3")).toBeNull();
  });
});

describe("checkApiVersion", () => {
  it("accepts the same major version, newer or older minor", () => {
    expect(checkApiVersion({ server: "1.1.0", client: "1.1.0" })).toEqual({ ok: true });
    expect(checkApiVersion({ server: "1.7.2", client: "1.1.0" })).toEqual({ ok: true });
    expect(checkApiVersion({ server: "1.0.0", client: "1.1.0" })).toEqual({ ok: true });
  });

  it("refuses another major version, saying both and what to upgrade", () => {
    const newer = checkApiVersion({ server: "2.0.0", client: "1.1.0" });
    expect(newer.ok).toBe(false);
    expect(!newer.ok && newer.message).toMatch(/server speaks 2\.0\.0, this client was written for 1\.1\.0\. Upgrade the client/);
    const older = checkApiVersion({ server: "1.4.0", client: "2.0.0" });
    expect(!older.ok && older.message).toMatch(/Upgrade the server/);
  });

  it("warns without a header and refuses a malformed one", () => {
    const missing = checkApiVersion({ server: null });
    expect(missing.ok).toBe(true);
    expect(missing.ok && missing.warning).toMatch(/X-Snippet-Lab-API-Version/);
    expect(checkApiVersion({ server: "latest" }).ok).toBe(false);
  });
});
