import { buildOpenApiDocument } from "../../lib/server/openapi/build-openapi-document";
import type { ApiOperation } from "../../lib/server/openapi/operations";

/**
 * The statuses the OpenAPI document gives each operation (its responses, the errors its guard, parameters, body and
 * cap imply, and its own `errors`), by operationId: what the fuzzer holds every answer to. The document lists 500
 * for every operation ("unexpected"); the fuzzer never accepts one.
 */
export function documentedStatuses(operations: Iterable<ApiOperation>): Map<string, Set<number>> {
  const doc = buildOpenApiDocument([...operations]);
  const out = new Map<string, Set<number>>();
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      if (!op) continue;
      out.set(
        op.operationId,
        new Set(
          Object.keys(op.responses)
            .map(Number)
            .filter((s) => s !== 500),
        ),
      );
    }
  }
  return out;
}
