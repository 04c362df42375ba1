/** Password length rules, shared by the create-user schema and the form (client-safe, no zod). */
// OWASP ASVS 4.0 2.1.1: at least 12 characters (docs/security.md). Only new passwords are checked: sign-in takes any.
export const PASSWORD_MIN_LENGTH = 12;
// scrypt hashes any length; the cap only bounds the work per request.
export const PASSWORD_MAX_LENGTH = 256;
