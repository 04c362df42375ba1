// Request bodies of the auth and user routes. Pure zod: the forms reuse them client-side.
import { z } from "zod";
import { zRole } from "../server/db/enums";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-limits";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

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
export type LoginInput = z.infer<typeof loginSchema>;

export const createUserSchema = z.object({
  email: zEmail,
  name: z.string().trim().min(1, "name is required").max(120),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `password must have at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH),
  role: zRole,
});
export type CreateUserInput = z.input<typeof createUserSchema>;
