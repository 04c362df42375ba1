import { describe, expect, it } from "vitest";
import { injectCsp, PREVIEW_CSP } from "./inject-csp";

const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;

describe("injectCsp", () => {
  it("puts the meta first in an existing head", () => {
    expect(injectCsp('<!doctype html><html><HEAD lang="x"><script src="https://t.example/x.js"></script></HEAD><body>x</body></html>')).toBe(
      `<!doctype html><html><HEAD lang="x">${meta}<script src="https://t.example/x.js"></script></HEAD><body>x</body></html>`,
    );
  });
  it("creates a head after <html> or after the doctype when there is none", () => {
    expect(injectCsp("<html><body>x</body></html>")).toBe(`<html><head>${meta}</head><body>x</body></html>`);
    expect(injectCsp("<!DOCTYPE html><p>x</p>")).toBe(`<!DOCTYPE html><head>${meta}</head><p>x</p>`);
    expect(injectCsp("<p>x</p>")).toBe(`<head>${meta}</head><p>x</p>`);
  });
  it("does not mistake <header> for <head>", () => {
    expect(injectCsp("<html><header>h</header></html>")).toBe(`<html><head>${meta}</head><header>h</header></html>`);
  });
  it("blocks scripts and every network load: nothing but inline styles and data: images", () => {
    // Read as a browser reads the policy: directive name, then its source list.
    const directives = new Map(
      PREVIEW_CSP.split(";")
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...sources]) => [name!.toLowerCase(), sources] as const),
    );
    // Everything without its own directive (scripts, fetch, frames, fonts, media, objects…) falls back to 'none'.
    expect(directives.get("default-src")).toEqual(["'none'"]);
    for (const name of ["script-src", "script-src-elem", "script-src-attr", "connect-src", "font-src", "frame-src", "object-src", "media-src"]) {
      expect(directives.has(name), name).toBe(false);
    }
    // No source anywhere that reaches a server: no host, no scheme but data:, no wildcard, not even 'self'.
    const sources = [...directives.values()].flat();
    expect(sources.filter((src) => !["'none'", "'unsafe-inline'", "data:"].includes(src))).toEqual([]);
    // What the preview still needs to look like the page.
    expect(directives.get("img-src")).toEqual(["data:"]);
    expect(directives.get("style-src")).toEqual(["'unsafe-inline'"]);
  });
});
