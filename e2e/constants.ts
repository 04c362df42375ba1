/** The e2e server requires this bearer key (API-key auth is tested end to end); playwright.config sends it everywhere. */
export const E2E_API_KEY = "e2e-test-key";
export const E2E_PORT = 3100;
/** The first admin the e2e server creates (scripts/start.mjs → ensureAdmin); e2e tests create other users through the API. */
export const E2E_ADMIN = { email: "admin@e2e.local", password: "e2e-admin-password" };
