// Users and sign-in: request and response bodies of the auth and user routes, and the signed-in user. Client-safe
// (zod and types): the forms reuse them.
import { z } from "zod";
import { PERMISSIONS } from "../auth/policy";
import { zRole } from "./enums";
import { zId, zTimestamp } from "./ids";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../auth/password-limits";

/** The signed-in user as route handlers and pages see it. */
export const sessionUserSchema = z.strictObject({ id: zId, email: z.string(), name: z.string(), role: zRole });
export type SessionUser = z.output<typeof sessionUserSchema>;

/** Who a record names (an annotator, a reviewer, an audit event's actor). */
export const userRefSchema = z.strictObject({ id: zId, email: z.string(), name: z.string() });

const zEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "not a valid email address" }));

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "email is required").max(254),
  password: z.string().min(1, "password is required").max(PASSWORD_MAX_LENGTH),
});

const zPassword = z.string().min(PASSWORD_MIN_LENGTH, `password must have at least ${PASSWORD_MIN_LENGTH} characters`).max(PASSWORD_MAX_LENGTH);
const zName = z.string().trim().min(1, "name is required").max(120);

export const createUserSchema = z.object({
  email: zEmail,
  name: zName,
  password: zPassword,
  role: zRole,
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** PATCH /api/users/{id}: any of role, disabled, name (at least one). */
export const updateUserSchema = z
  .object({ role: zRole.optional(), disabled: z.boolean().optional(), name: zName.optional() })
  .strict()
  .refine((v) => v.role !== undefined || v.disabled !== undefined || v.name !== undefined, {
    message: "give role, disabled or name",
  });
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** POST /api/users/{id}/password: a new password, or none to have one generated (returned once). */
export const resetPasswordSchema = z.object({ password: zPassword.optional() }).strict();

/** An account as the admin sees it. */
export const userSchema = sessionUserSchema.extend({
  disabledAt: zTimestamp.nullable().describe("When the account was disabled; null while it is active."),
  createdAt: zTimestamp,
  lastSeenAt: zTimestamp.nullable().describe("The last request of any of its sessions; null before the first sign-in."),
});

/** POST /api/auth/login: the user signed in. */
export const loginResponseSchema = z.strictObject({ user: sessionUserSchema });

/** POST /api/users: the account created. */
export const createUserResponseSchema = z.strictObject({ user: sessionUserSchema });

/** POST /api/auth/logout (JSON; a form post is redirected instead). */
export const logoutResponseSchema = z.strictObject({ ok: z.literal(true) });

/** GET /api/auth/me. */
export const meResponseSchema = z.strictObject({
  user: sessionUserSchema,
  permissions: z.array(z.enum(PERMISSIONS)).describe("What the user's role may do (lib/auth/policy.ts)."),
});

/** GET /api/users. */
export const usersResponseSchema = z.strictObject({ users: z.array(userSchema) });

/** PATCH /api/users/{id}. */
export const updateUserResponseSchema = z.strictObject({
  user: userSchema.omit({ lastSeenAt: true }),
  sessionsEnded: z.int().nonnegative().describe("Sessions of the user ended by the change (a new role or disabling ends them all)."),
});

/** POST /api/users/{id}/password. */
export const resetPasswordResponseSchema = z.strictObject({
  user: userRefSchema,
  generatedPassword: z.string().optional().describe("The generated password, shown this once; absent when the request gave one."),
  sessionsEnded: z.int().nonnegative(),
});
