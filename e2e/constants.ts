/** The e2e server requires this bearer key (API-key auth is tested end to end); playwright.config sends it everywhere. */
export const E2E_API_KEY = "e2e-test-key";
export const E2E_PORT = 3100;
