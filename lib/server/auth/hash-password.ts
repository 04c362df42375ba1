import "server-only";
import { randomBytes, scrypt, type ScryptOptions } from "node:crypto";

/** scrypt cost parameters; stored in each hash so they can be raised later without breaking old hashes. */
export const SCRYPT_PARAMS = { N: 16_384, r: 8, p: 1, keyLength: 64 } as const;

export function scryptAsync(password: string, salt: Buffer, keyLength: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem above the 32 MiB default leaves room for N=32768 hashes if the cost is raised.
    scrypt(password.normalize("NFKC"), salt, keyLength, { maxmem: 128 * 1024 * 1024, ...opts }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export type HashPasswordOptions = { password: string };

/** Returns "scrypt$N=16384,r=8,p=1$<salt base64>$<hash base64>". */
export async function hashPassword({ password }: HashPasswordOptions): Promise<string> {
  const { N, r, p, keyLength } = SCRYPT_PARAMS;
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, keyLength, { N, r, p });
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}
