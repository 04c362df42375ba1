// Pure, client-safe: the login form and the login page both use it.

/**
 * The redirect target after sign-in, limited to same-origin relative paths (no open redirects): anything that is not
 * a plain "/path?query#hash" (absolute URLs, "//host", "/\host", control characters, /login itself) becomes `fallback`.
 */
export function safeNextPath(next: unknown, fallback = "/"): string {
  if (typeof next !== "string" || next.length === 0 || next.length > 2048) return fallback;
  if (!next.startsWith("/") || next.startsWith("//")) return fallback;
  // Browsers treat "\" like "/" ("/\evil.com" is protocol-relative) and ignore tabs/newlines inside URLs.
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, "http://snippet-lab.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://snippet-lab.invalid") return fallback;
  if (url.pathname === "/login" || url.pathname.startsWith("/api/auth/")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
