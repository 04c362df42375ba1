// Next's startup hook: the environment is validated once when the server starts (lib/server/env.ts), so a bad value
// stops `next start` with a message naming the variable instead of failing the first request that reads it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("./lib/server/env");
  getEnv();
}
