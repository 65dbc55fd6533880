import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/**
 * One key per purpose, derived from the configured secret (HKDF-SHA256): a value made for one
 * purpose (a token signature, a code hash, an unsubscribe link) is never valid for another, and
 * the configured secret itself keys nothing.
 */
export type KeyPurpose = "access-token" | "one-time-code" | "unsubscribe-link";

const derivedKeys = new Map<string, Buffer>();
export const purposeKey = (secret: string, purpose: KeyPurpose): Buffer => {
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "openpro", `openpro/${purpose}/v1`, 32));
    derivedKeys.set(cacheKey, key);
  }
  return key;
};

/** HMAC-SHA256 of `input` under the key of one purpose. */
export const keyedHash = (secret: string, purpose: KeyPurpose, input: string): string =>
  createHmac("sha256", purposeKey(secret, purpose)).update(input).digest("base64url");

/** A one-time code: six digits from the CSPRNG. */
export const generateOtp = (length = 6): string => {
  let code = "";
  for (let i = 0; i < length; i++) code += String(randomInt(0, 10));
  return code;
};

/** Reset codes avoid look-alike characters, so they can be typed from an e-mail. */
const RESET_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const generateResetCode = (length = 8): string => {
  let code = "";
  for (let i = 0; i < length; i++) code += RESET_ALPHABET[randomInt(0, RESET_ALPHABET.length)];
  return code;
};

export const generateOpaqueToken = (): string => randomBytes(32).toString("base64url");

/**
 * Short codes are hashed with a keyed HMAC (a plain hash of 10^6 values is trivially reversed);
 * tokens of 256 random bits only need SHA-256.
 */
export const hashCode = (secret: string, code: string): string => keyedHash(secret, "one-time-code", code);
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("base64url");

export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
