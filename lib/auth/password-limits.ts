/** Password length rules, shared by the create-user schema and the form (client-safe, no zod). */
export const PASSWORD_MIN_LENGTH = 10;
// scrypt hashes any length; the cap only bounds the work per request.
export const PASSWORD_MAX_LENGTH = 256;
