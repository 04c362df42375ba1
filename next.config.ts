import type { NextConfig } from "next";
import { API_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from "./lib/http/security-headers";
import { API_VERSION, API_VERSION_HEADER } from "./lib/schemas/api-version";

const nextConfig: NextConfig = {
  // onnxruntime-node, @prisma/client and better-sqlite3 are already in Next's built-in
  // server-external-packages list, so no serverExternalPackages entry is needed.
  poweredByHeader: false,
  experimental: {
    // forbidden() from next/navigation: pages a role may not open answer 403 (app/forbidden.tsx), not 500.
    authInterrupts: true,
  },
  // Headers that are the same for every response (pages, API, static files). The page CSP carries a per-request
  // nonce, so proxy.ts sets it. Every /api response (errors, 404s and 405s too) says which API version answered.
  async headers() {
    return [
      { source: "/:path*", headers: STATIC_SECURITY_HEADERS.map(([key, value]) => ({ key, value })) },
      {
        source: "/api/:path*",
        headers: [
          { key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY },
          { key: API_VERSION_HEADER, value: API_VERSION },
        ],
      },
    ];
  },
};

export default nextConfig;
