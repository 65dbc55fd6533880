import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** Six digits from the CSPRNG (doc 1 §9: one-time code). */
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
export const hashCode = (secret: string, code: string): string =>
  createHmac("sha256", secret).update(code).digest("base64url");
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("base64url");

export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
