import type { Role } from "../db/enums";

/** The signed-in user as route handlers and pages see it. */
export type SessionUser = { id: string; email: string; name: string; role: Role };
