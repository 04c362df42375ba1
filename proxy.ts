import { type NextRequest, NextResponse } from "next/server";
import { isHttpsRequest, pageContentSecurityPolicy, parseTrustProxy } from "./lib/http/security-headers";
import { REQUEST_PATH_HEADER } from "./lib/http/request-path";

/**
 * Pages only (see `config.matcher`): a fresh nonce and the page Content-Security-Policy per request. Next reads the
 * nonce from the request's CSP header and puts it on its own scripts. The page's path and query travel to server
 * components in REQUEST_PATH_HEADER (layouts that send a signed-out visitor to /login?next=… do not get searchParams).
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = pageContentSecurityPolicy({
    nonce,
    dev: process.env.NODE_ENV === "development",
    // Not getEnv(): Next's proxy bundle cannot load server-only modules; parseTrustProxy is the env schema's parser.
    https: isHttpsRequest(request.headers, request.url, { trustProxy: parseTrustProxy(process.env.SNIPPET_LAB_TRUST_PROXY) }),
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      // Not /api (JSON; also, a proxy would buffer request bodies, capped at 10 MB, and imports take 100 MB), not
      // static files, and not router prefetches (RSC payloads, no HTML).
      source: "/((?!api/|_next/static/|_next/image|favicon\\.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
