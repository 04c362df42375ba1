// Users and sign-in: request bodies of the auth and user routes, and the signed-in user. Client-safe (zod and types):
// the forms reuse them.
import { z } from "zod";
import { zRole, type Role } from "./enums";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../auth/password-limits";

/** The signed-in user as route handlers and pages see it. */
export type SessionUser = { id: string; email: string; name: string; role: Role };

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
