import { keyedHash, safeEqual } from "./secrets.js";

/** HS256 access tokens. Only this algorithm is accepted; type, audience and expiry are checked. */
export interface AccessClaims {
  sub: string;
  sid: string;
  scope: "clinical" | "patient";
  typ: "access";
  aud: string;
  iss: string;
  iat: number;
  exp: number;
}

const AUDIENCE = "openpro-api";
const ISSUER = "openpro";
const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

// Signed with the access-token key derived from the configured secret, not with the secret itself.
const sign = (secret: string, input: string) => keyedHash(secret, "access-token", input);

export const signAccessToken = (
  secret: string,
  claims: { sub: string; sid: string; scope: "clinical" | "patient" },
  now: Date,
  ttlSeconds: number,
): string => {
  const iat = Math.floor(now.getTime() / 1000);
  const payload: AccessClaims = { ...claims, typ: "access", aud: AUDIENCE, iss: ISSUER, iat, exp: iat + ttlSeconds };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${header}.${body}.${sign(secret, `${header}.${body}`)}`;
};

/** Returns the claims of a valid token, or null for anything else (never throws). */
export const verifyAccessToken = (secret: string, token: string, now: Date): AccessClaims | null => {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts as [string, string, string];
  try {
    const decodedHeader = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as { alg?: string; typ?: string };
    if (decodedHeader.alg !== "HS256") return null;
    if (!safeEqual(signature, sign(secret, `${head}.${body}`))) return null;
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<AccessClaims>;
    if (claims.typ !== "access" || claims.aud !== AUDIENCE || claims.iss !== ISSUER) return null;
    if (typeof claims.exp !== "number" || claims.exp <= Math.floor(now.getTime() / 1000)) return null;
    if (typeof claims.sub !== "string" || typeof claims.sid !== "string") return null;
    if (claims.scope !== "clinical" && claims.scope !== "patient") return null;
    return claims as AccessClaims;
  } catch {
    return null;
  }
};
