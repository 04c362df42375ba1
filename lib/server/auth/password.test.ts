import { describe, expect, it } from "vitest";
import { hashPassword } from "./hash-password";
import { verifyPassword } from "./verify-password";

describe("hashPassword / verifyPassword", () => {
  it("round-trips and stores salt and parameters in the string", async () => {
    const passwordHash = await hashPassword({ password: "correct horse battery staple" });
    expect(passwordHash).toMatch(/^scrypt\$N=16384,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword({ password: "correct horse battery staple", passwordHash })).toBe(true);
    expect(await verifyPassword({ password: "correct horse battery stapler", passwordHash })).toBe(false);
  });

  it("salts every hash", async () => {
    const a = await hashPassword({ password: "same" });
    const b = await hashPassword({ password: "same" });
    expect(a).not.toBe(b);
  });

  it("verifies hashes made with other cost parameters", async () => {
    const { scryptAsync } = await import("./hash-password");
    const salt = Buffer.from("0123456789abcdef");
    const key = await scryptAsync("pw", salt, 32, { N: 1024, r: 4, p: 2 });
    const passwordHash = `scrypt$N=1024,r=4,p=2$${salt.toString("base64")}$${key.toString("base64")}`;
    expect(await verifyPassword({ password: "pw", passwordHash })).toBe(true);
  });

  it("returns false for malformed hashes instead of throwing", async () => {
    for (const passwordHash of ["", "plain", "scrypt$N=x$a$b", "bcrypt$2b$10$abc", "scrypt$N=16384,r=8,p=1$$"]) {
      expect(await verifyPassword({ password: "x", passwordHash })).toBe(false);
    }
  });
});
