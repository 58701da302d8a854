import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * The owner password as stored (`Auth:PasswordHash`): scrypt from node:crypto in the PHC string form
 * `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64 without padding). scrypt rather than argon2: it is built
 * into Node (argon2 needs a native module rebuilt for every Electron and platform), and at N = 2^15, r = 8
 * it is memory-hard (32 MiB per try) and takes tens of milliseconds, which with the sign-in rate limit
 * leaves guessing over the network hopeless and an offline guess of a stolen hash costly.
 */
export const PASSWORD_HASH_PARAMETERS = { ln: 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Bounds for hashes given from outside (environment, settings.json): a huge cost would stall every sign-in. */
const LIMITS = { ln: [14, 20], r: [1, 32], p: [1, 4] } as const;
const FORMAT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{32,})$/;

interface ParsedHash {
  ln: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** The problem with a stored hash, or null when it is one this server can check. */
export function passwordHashProblem(text: string): string | null {
  const parsed = parse(text);
  return typeof parsed === "string" ? parsed : null;
}

function parse(text: string): ParsedHash | string {
  const match = FORMAT.exec(text.trim());
  if (!match) return "must be a hash made by `airwave set-password --print-hash` ($scrypt$ln=…,r=…,p=…$salt$hash)";
  const [ln, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  for (const [name, value] of [["ln", ln], ["r", r], ["p", p]] as const) {
    const [min, max] = LIMITS[name];
    if (value < min || value > max) return `has ${name}=${value}; it must be between ${min} and ${max}`;
  }
  return { ln, r, p, salt: Buffer.from(match[4], "base64"), key: Buffer.from(match[5], "base64") };
}

function derive(password: string, salt: Buffer, ln: number, r: number, p: number, length: number): Promise<Buffer> {
  const N = 2 ** ln;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => scrypt(password.normalize("NFC"), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))));
}

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

/** A new hash of `password` with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const { ln, r, p } = PASSWORD_HASH_PARAMETERS;
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, ln, r, p, KEY_BYTES);
  return `$scrypt$ln=${ln},r=${r},p=${p}$${b64(salt)}$${b64(key)}`;
}

/** True when `password` is the one `hash` was made from (constant-time comparison of the derived keys). */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parse(hash);
  if (typeof parsed === "string") return false;
  const key = await derive(password, parsed.salt, parsed.ln, parsed.r, parsed.p, parsed.key.length);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}
