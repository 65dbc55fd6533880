import { createHmac } from "node:crypto";
import { decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { CLOCK_TOLERANCE_SECONDS, signAccessToken, verifyAccessToken } from "./jwt.js";
import { purposeKey } from "./secrets.js";

const SECRET = "a-configured-secret-of-at-least-thirty-two-characters";
const NOW = new Date("2026-03-02T09:00:00Z");
const IAT = Math.floor(NOW.getTime() / 1000);
const TTL = 900;
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

const GOOD_HEADER = { alg: "HS256", typ: "at+jwt", kid: "openpro/access-token/v1" };
const GOOD_CLAIMS = {
  sub: "u1",
  sid: "s1",
  scope: "clinical",
  typ: "access",
  aud: "openpro-api",
  iss: "openpro",
  iat: IAT,
  exp: IAT + TTL,
};

/** A token made by hand, HMAC-SHA256 with the given key over whatever header and claims we choose. */
const forge = (header: Record<string, unknown>, claims: Record<string, unknown>, key: Buffer | string) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`;
};
const tokenKey = purposeKey(SECRET, "access-token");

describe("access tokens (jose, HS256 only)", () => {
  it("signs a token the server accepts, with its claims, the pinned algorithm, a type and a key id", async () => {
    const token = await signAccessToken(SECRET, { sub: "u1", sid: "s1", scope: "patient" }, NOW, TTL);
    expect(decodeProtectedHeader(token)).toEqual(GOOD_HEADER);
    expect(await verifyAccessToken(SECRET, token, NOW)).toEqual({ ...GOOD_CLAIMS, scope: "patient" });
    // The hand-forging helper agrees with what jose produces, so the refusals below test the verifier.
    expect(await verifyAccessToken(SECRET, forge(GOOD_HEADER, GOOD_CLAIMS, tokenKey), NOW)).toMatchObject({
      sub: "u1",
    });
  });

  it("refuses `alg: none` (unsigned), with or without a signature part", async () => {
    const unsigned = `${b64({ ...GOOD_HEADER, alg: "none" })}.${b64(GOOD_CLAIMS)}`;
    expect(await verifyAccessToken(SECRET, `${unsigned}.`, NOW)).toBeNull();
    expect(await verifyAccessToken(SECRET, unsigned, NOW)).toBeNull();
    // Nor is a valid signature enough when the header claims another algorithm.
    expect(
      await verifyAccessToken(SECRET, forge({ ...GOOD_HEADER, alg: "none" }, GOOD_CLAIMS, tokenKey), NOW),
    ).toBeNull();
    const hs512 = await new SignJWT(GOOD_CLAIMS)
      .setProtectedHeader({ ...GOOD_HEADER, alg: "HS512" })
      .sign(new Uint8Array(Buffer.concat([tokenKey, tokenKey])));
    expect(await verifyAccessToken(SECRET, hs512, NOW)).toBeNull();
  });

  it("refuses a token signed with another key", async () => {
    const otherSecret = await signAccessToken(`${SECRET}-other`, { sub: "u1", sid: "s1", scope: "clinical" }, NOW, TTL);
    expect(await verifyAccessToken(SECRET, otherSecret, NOW)).toBeNull();
    expect(await verifyAccessToken(SECRET, forge(GOOD_HEADER, GOOD_CLAIMS, SECRET), NOW)).toBeNull();
    expect(
      await verifyAccessToken(SECRET, forge(GOOD_HEADER, GOOD_CLAIMS, purposeKey(SECRET, "one-time-code")), NOW),
    ).toBeNull();
    // A good token whose claims were edited after signing.
    const [head, , signature] = (
      await signAccessToken(SECRET, { sub: "u1", sid: "s1", scope: "patient" }, NOW, TTL)
    ).split(".");
    expect(await verifyAccessToken(SECRET, `${head}.${b64(GOOD_CLAIMS)}.${signature}`, NOW)).toBeNull();
  });

  it("refuses a key id it does not know, and a token without one, even when signed with the right key", async () => {
    expect(
      await verifyAccessToken(SECRET, forge({ ...GOOD_HEADER, kid: "rotated-away" }, GOOD_CLAIMS, tokenKey), NOW),
    ).toBeNull();
    expect(
      await verifyAccessToken(SECRET, forge({ alg: "HS256", typ: "at+jwt" }, GOOD_CLAIMS, tokenKey), NOW),
    ).toBeNull();
  });

  it(`refuses an expired token (clock tolerance ${CLOCK_TOLERANCE_SECONDS} s), judged by the injected clock`, async () => {
    const token = await signAccessToken(SECRET, { sub: "u1", sid: "s1", scope: "clinical" }, NOW, TTL);
    expect(await verifyAccessToken(SECRET, token, at(TTL - 1))).not.toBeNull();
    expect(await verifyAccessToken(SECRET, token, at(TTL + CLOCK_TOLERANCE_SECONDS))).toBeNull();
    expect(await verifyAccessToken(SECRET, token, at(86_400))).toBeNull();
    const noExpiry: Record<string, unknown> = { ...GOOD_CLAIMS };
    delete noExpiry.exp;
    expect(await verifyAccessToken(SECRET, forge(GOOD_HEADER, noExpiry, tokenKey), NOW)).toBeNull();
  });

  it("refuses another audience, issuer, header type or token kind, and malformed input, without throwing", async () => {
    for (const claims of [
      { ...GOOD_CLAIMS, aud: "another-api" },
      { ...GOOD_CLAIMS, iss: "someone-else" },
      { ...GOOD_CLAIMS, typ: "refresh" },
      { ...GOOD_CLAIMS, scope: "admin" },
    ]) {
      expect(await verifyAccessToken(SECRET, forge(GOOD_HEADER, claims, tokenKey), NOW)).toBeNull();
    }
    expect(
      await verifyAccessToken(SECRET, forge({ ...GOOD_HEADER, typ: "JWT" }, GOOD_CLAIMS, tokenKey), NOW),
    ).toBeNull();
    for (const junk of ["", "a.b", "a.b.c", "...", "not a token at all", `${b64({ alg: "HS256" })}.%%%.x`]) {
      expect(await verifyAccessToken(SECRET, junk, NOW)).toBeNull();
    }
  });
});
