// Security headers of every response. Pure (no Next, no server-only): next.config.ts and proxy.ts import it, and
// Next's proxy bundle cannot load server-only modules.

/** Same on every response (pages, API, static files); next.config.ts `headers()` sends them. */
export const STATIC_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["X-Content-Type-Options", "nosniff"],
  // Links out of the lab (a document's source URL) carry no referrer: pair ids and queue filters stay inside.
  ["Referrer-Policy", "same-origin"],
  // For browsers without CSP frame-ancestors.
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  // HTTPS only from now on (a year, subdomains too). Browsers ignore it on a plain-http answer (RFC 6797 8.1), so a
  // local http server stays reachable; behind a TLS proxy every answer carries it (OWASP ASVS 4.0 14.4.5).
  ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
];

/** JSON and file responses of /api: nothing in them may run or load anything if a browser renders one. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export type PageCspOptions = {
  /** Per-request nonce: Next puts it on its own inline and bundle scripts (it reads it from the request's CSP). */
  nonce: string;
  /** `next dev`: React's dev tooling needs eval. */
  dev?: boolean;
  /** The page was requested over https: upgrade any http subresource URL. */
  https?: boolean;
};

/**
 * The Content-Security-Policy of HTML pages (proxy.ts). Scripts: only Next's own, by nonce ('strict-dynamic' lets
 * them load their chunks). Styles allow 'unsafe-inline': React renders style attributes, and the original-page preview
 * (a sandboxed srcdoc iframe, which inherits this policy on top of its own stricter one, see
 * components/annotate/inject-csp.ts) keeps the page's inline styles; a style nonce would switch 'unsafe-inline' off.
 */
export function pageContentSecurityPolicy({ nonce, dev = false, https = false }: PageCspOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/**
 * SNIPPET_LAB_TRUST_PROXY: trusted unless "0" or "false" (lib/server/env.ts parses it with this function too; proxy.ts
 * reads the variable itself, see above).
 */
export function parseTrustProxy(raw: string | undefined): boolean {
  const v = raw?.trim().toLowerCase();
  return !(v === "0" || v === "false");
}

/**
 * Whether a request came over https, from `X-Forwarded-Proto` (first value): a TLS-terminating proxy sets it, and
 * without a proxy `next start` fills it in from the connection itself (Next also derives the request URL's scheme from
 * it). A browser cannot forge the header, so a client could at most mark its own cookie Secure. Without the header
 * (tests, other servers) the URL's scheme counts. `trustProxy: false` (SNIPPET_LAB_TRUST_PROXY=0) ignores forwarded
 * headers: never https, for a plain-http setup behind a proxy that reports https wrongly.
 */
export function isHttpsRequest(headers: Headers, url: string, { trustProxy }: { trustProxy: boolean }): boolean {
  if (!trustProxy) return false;
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  if (forwarded) return forwarded === "https";
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}
