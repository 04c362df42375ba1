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
  it("blocks network loads", () => {
    expect(PREVIEW_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  });
});
