/** The e2e server requires this bearer key (API-key auth is tested end to end); playwright.config sends it everywhere. */
export const E2E_API_KEY = "e2e-test-key";
export const E2E_PORT = 3100;
/** The rule-based judge server (scripts/local-judge-server.mjs) the e2e app server is configured to use. */
export const E2E_JUDGE_PORT = 3101;
/** A judge model name the local server answers normally (no failure-mode words in it). */
export const E2E_JUDGE_MODEL = "local-rules";
/** The first admin the e2e server creates (scripts/start.mjs → ensureAdmin); e2e tests create other users through the API. */
export const E2E_ADMIN = { email: "admin@e2e.local", password: "e2e-admin-password" };
