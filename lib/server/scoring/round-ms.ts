import "server-only";

/** Milliseconds as the API reports them: two decimals. */
export function roundMs(ms: number): number {
  return Math.round(ms * 100) / 100;
}
