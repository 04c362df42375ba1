import "server-only";

// The server's entry to the API contract: route modules build their handlers from these entries
// (`defineRoute(OPERATIONS.<id>, …)`). The contract itself is client-safe and lives in lib/schemas/operations.ts (the
// data) and lib/schemas/api-contract.ts (its types), so the browser calls the API through the same entries (callApi).
export { API_OPERATIONS, API_TAGS, OPERATIONS } from "@/lib/schemas/operations";
export type { ApiAuth, ApiOperation, ApiResponse, ApiTag, ErrorStatus, HttpMethod } from "@/lib/schemas/api-contract";
