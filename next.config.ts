import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // onnxruntime-node, @prisma/client and better-sqlite3 are already in Next's built-in
  // server-external-packages list, so no serverExternalPackages entry is needed.
  poweredByHeader: false,
};

export default nextConfig;
