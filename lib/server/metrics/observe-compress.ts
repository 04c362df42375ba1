import "server-only";
import { performance } from "node:perf_hooks";
import { isAppError } from "@/lib/errors";
import type { TokenScores } from "@/lib/engine/types";
import type { CompressResponse } from "@/lib/schemas/compress";
import { STATUS_BY_CODE, zodToAppError } from "../http/handle-route";
import { recordCompressError, recordCompressSuccess } from "./compress-metrics";
import { ZodError } from "zod";

export type CompressObserver = { onTokenScores: (tokenScores: readonly TokenScores[]) => void };

/**
 * Runs one compress request and counts it in the live metrics: its latency, status, windows and tokens (per predicted
 * category too), or its error code. The error still propagates to the route's error handling.
 */
export async function observeCompress(run: (observer: CompressObserver) => Promise<CompressResponse>): Promise<CompressResponse> {
  const t0 = performance.now();
  let tokenScores: readonly TokenScores[] | undefined;
  try {
    const response = await run({ onTokenScores: (ts) => (tokenScores = ts) });
    recordCompressSuccess({ response, seconds: (performance.now() - t0) / 1000, ...(tokenScores ? { tokenScores } : {}) });
    return response;
  } catch (e) {
    const err = e instanceof ZodError ? zodToAppError(e) : e;
    const code = isAppError(err) ? err.code : "INTERNAL";
    recordCompressError({ status: STATUS_BY_CODE[code], code, seconds: (performance.now() - t0) / 1000 });
    throw e;
  }
}
