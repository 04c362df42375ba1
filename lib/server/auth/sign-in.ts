import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "../../errors";
import { loginSchema } from "../../schemas/users";
import type { Db } from "../db/client";
import { findUserCredentials } from "../db/users/find-user-credentials";
import { zRole } from "../../schemas/enums";
import { hashPassword } from "./hash-password";
import { verifyPassword } from "./verify-password";
import { createSession } from "./create-session";
import { createDbRateLimiter } from "./create-db-rate-limiter";
import type { RateLimiter } from "./create-rate-limiter";
import type { SessionUser } from "@/lib/schemas/users";

export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failures of one account from every address together in SIGN_IN_WINDOW_MS: at most 100 an hour (OWASP ASVS 4.0
 * 2.2.1), however many addresses an attacker uses or claims in X-Forwarded-For. A soft lock of the account for the rest
 * of the window; its own owner is locked out too meanwhile, the price ASVS accepts for it. Same window as the per-address
 * limit: the SignInFailure table drops rows older than the window of whichever limiter records a failure.
 */
export const SIGN_IN_ACCOUNT_MAX_FAILURES = 25;

// In the database (SignInFailure), not in memory: every app instance behind a proxy counts the same failures.
const defaultLimiter = (db?: Db, maxFailures = SIGN_IN_MAX_FAILURES): RateLimiter =>
  createDbRateLimiter({ maxFailures, windowMs: SIGN_IN_WINDOW_MS, ...(db ? { db } : {}) });

// Unknown emails are checked against this hash so they cost the same scrypt time as a wrong password.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword({ password: randomBytes(18).toString("base64url") }));

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password.";

export type SignInOptions = {
  email: string;
  password: string;
  /** Client address for the rate limit ("unknown" when not known). */
  ip?: string;
  now?: Date;
  /** Failures per email and address (default: the database's, SIGN_IN_MAX_FAILURES). */
  limiter?: RateLimiter;
  /** Failures per email from any address (default: the database's, SIGN_IN_ACCOUNT_MAX_FAILURES). */
  accountLimiter?: RateLimiter;
  db?: Db;
};

export type SignInResult = { user: SessionUser; token: string; expiresAt: Date };

/**
 * Email + password → new session. Unknown email, wrong password and disabled account all throw the same
 * UNAUTHORIZED; after SIGN_IN_MAX_FAILURES failures per email+IP, or SIGN_IN_ACCOUNT_MAX_FAILURES per email from any
 * address, in SIGN_IN_WINDOW_MS it throws TOO_MANY_REQUESTS (429, Retry-After) with details
 * `{ reason: "rate_limited", retryAfterSeconds }` without checking the password.
 */
export async function signIn(options: SignInOptions): Promise<SignInResult> {
  const { ip = "unknown", now = new Date(), db } = options;
  const limiter = options.limiter ?? defaultLimiter(db);
  const accountLimiter = options.accountLimiter ?? defaultLimiter(db, SIGN_IN_ACCOUNT_MAX_FAILURES);
  const { email, password } = loginSchema.parse({ email: options.email, password: options.password });
  const key = `${email}\u0000${ip}`;
  // Its own key space: an email holds no NUL, so no email+address key starts like this one.
  const accountKey = `account\u0000${email}`;

  const retryAfterSeconds = Math.max(await limiter.retryAfter(key, now.getTime()), await accountLimiter.retryAfter(accountKey, now.getTime()));
  if (retryAfterSeconds > 0) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new AppError("TOO_MANY_REQUESTS", `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      reason: "rate_limited",
      retryAfterSeconds,
    });
  }

  const user = await findUserCredentials({ email, db });
  const ok = await verifyPassword({ password, passwordHash: user?.passwordHash ?? (await getDummyHash()) });
  const role = zRole.safeParse(user?.role);
  if (!user || !ok || user.disabledAt !== null || !role.success) {
    await limiter.fail(key, now.getTime());
    await accountLimiter.fail(accountKey, now.getTime());
    throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS_MESSAGE);
  }
  // The account's count is not reset: a sign-in of its owner must not give a guesser elsewhere a fresh 25.
  await limiter.reset(key);
  const { token, expiresAt } = await createSession({ userId: user.id, now, db });
  return { user: { id: user.id, email: user.email, name: user.name, role: role.data }, token, expiresAt };
}
