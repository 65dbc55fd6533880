import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { unsubscribeToken } from "../../modules/patients/invites.js";
import { signAccessToken, verifyAccessToken } from "./jwt.js";
import { hashCode, purposeKey } from "./secrets.js";

const SECRET = "a-configured-secret-of-at-least-thirty-two-characters";
const NOW = new Date("2026-03-02T09:00:00Z");
const hmac = (key: string | Buffer, input: string) => createHmac("sha256", key).update(input).digest("base64url");

describe("one key per purpose, derived from the configured secret", () => {
  it("derives three different keys, none of them the configured secret", () => {
    const keys = (["access-token", "one-time-code", "unsubscribe-link"] as const).map((p) =>
      purposeKey(SECRET, p).toString("hex"),
    );
    expect(new Set(keys).size).toBe(3);
    expect(keys).not.toContain(Buffer.from(SECRET).toString("hex"));
    // Stable: a restart with the same secret checks what the last process signed.
    expect(purposeKey(SECRET, "access-token").toString("hex")).toBe(keys[0]);
    expect(purposeKey(`${SECRET}x`, "access-token").toString("hex")).not.toBe(keys[0]);
  });

  it("signs access tokens with the token key: a token signed with the raw secret is refused", async () => {
    const token = await signAccessToken(SECRET, { sub: "u1", sid: "s1", scope: "clinical" }, NOW, 300);
    expect((await verifyAccessToken(SECRET, token, NOW))?.sub).toBe("u1");

    const [head, body] = token.split(".") as [string, string];
    expect(token.split(".")[2]).toBe(hmac(purposeKey(SECRET, "access-token"), `${head}.${body}`));
    const signedWithRawSecret = `${head}.${body}.${hmac(SECRET, `${head}.${body}`)}`;
    expect(await verifyAccessToken(SECRET, signedWithRawSecret, NOW)).toBeNull();
    // Nor does a value made with another purpose's key pass as a signature.
    const signedWithCodeKey = `${head}.${body}.${hmac(purposeKey(SECRET, "one-time-code"), `${head}.${body}`)}`;
    expect(await verifyAccessToken(SECRET, signedWithCodeKey, NOW)).toBeNull();
  });

  it("hashes one-time codes and signs unsubscribe links each with its own key", () => {
    expect(hashCode(SECRET, "123456")).toBe(hmac(purposeKey(SECRET, "one-time-code"), "123456"));
    expect(hashCode(SECRET, "123456")).not.toBe(hmac(SECRET, "123456"));

    const input = "unsubscribe:u1:pat@example.test";
    const token = unsubscribeToken(SECRET, "u1", "Pat@Example.test");
    expect(token).toBe(hmac(purposeKey(SECRET, "unsubscribe-link"), input));
    expect(token).not.toBe(hashCode(SECRET, input));
    expect(token).not.toBe(hmac(SECRET, input));
  });
});
