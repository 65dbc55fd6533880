import { webcrypto } from "node:crypto";
import { type JWTHeaderParameters, jwtVerify, SignJWT } from "jose";
import { purposeKey } from "./secrets.js";

/**
 * Access tokens: short-lived JWTs signed and checked with `jose`. Only HS256 is accepted (pinned,
 * so `alg: none` or an asymmetric algorithm is refused before any key is used); the header type,
 * key id, audience, issuer, expiry and our own claims are all checked. Refresh tokens are not JWTs:
 * they are opaque, rotating and kept hashed in the database (modules/auth/sessions.ts).
 */
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

const ALGORITHM = "HS256";
const AUDIENCE = "openpro-api";
const ISSUER = "openpro";
/** Header type of an OAuth-style access token (RFC 9068): a JWT made for anything else is refused. */
const TOKEN_TYPE = "at+jwt";
/** The one signing key we know: the access-token key derived from the configured secret (secrets.ts). */
const KEY_ID = "openpro/access-token/v1";
/**
 * Allowed clock skew when checking `exp`. None: every process checks tokens against the same injected
 * clock it signs with, and a client whose token has just expired refreshes it (the refresh token is the
 * long-lived credential), so an expired token is never worth honouring.
 */
export const CLOCK_TOLERANCE_SECONDS = 0;

// Signed with the access-token key derived from the configured secret, not with the secret itself.
// Jose signs and checks with WebCrypto keys: the key is imported once, not on every request (a
// KeyObject or bytes handed to jose are imported again on each call).
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();
const signingKey = (secret: string): Promise<webcrypto.CryptoKey> => {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      "raw",
      purposeKey(secret, "access-token"),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(secret, key);
  }
  return key;
};

export const signAccessToken = async (
  secret: string,
  claims: { sub: string; sid: string; scope: "clinical" | "patient" },
  now: Date,
  ttlSeconds: number,
): Promise<string> => {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sid, scope: claims.scope, typ: "access" })
    .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE, kid: KEY_ID })
    .setSubject(claims.sub)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(await signingKey(secret));
};

/** Returns the claims of a valid token, or null for anything else (never throws). */
export const verifyAccessToken = async (secret: string, token: string, now: Date): Promise<AccessClaims | null> => {
  try {
    const { payload } = await jwtVerify(
      token,
      (header: JWTHeaderParameters) => {
        // A key id we did not issue (or none at all) names no key of ours.
        if (header.kid !== KEY_ID) throw new Error("unknown key id");
        return signingKey(secret);
      },
      {
        algorithms: [ALGORITHM],
        typ: TOKEN_TYPE,
        audience: AUDIENCE,
        issuer: ISSUER,
        currentDate: now,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["sub", "sid", "scope", "typ", "iat", "exp"],
      },
    );
    if (payload.typ !== "access" || payload.aud !== AUDIENCE) return null;
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    if (payload.scope !== "clinical" && payload.scope !== "patient") return null;
    if (typeof payload.iat !== "number" || typeof payload.exp !== "number") return null;
    return {
      sub: payload.sub,
      sid: payload.sid,
      scope: payload.scope,
      typ: "access",
      aud: AUDIENCE,
      iss: ISSUER,
      iat: payload.iat,
      exp: payload.exp,
    };
  } catch {
    return null;
  }
};
