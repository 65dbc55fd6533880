import { limits } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { signedInStaffUser } from "../test-fixtures";
import { isInactivityExpired, isPasswordExpired, postSignInRoute, pushInactivityDeadline } from "./session";

describe("session rules", () => {
  it("signs out after the inactivity limit, and activity in any tab pushes the shared deadline", () => {
    const start = Date.parse("2026-11-21T10:00:00Z");
    pushInactivityDeadline(start, true);
    const limitMs = limits.inactivitySignOutSeconds * 1000;
    expect(isInactivityExpired(start + limitMs - 1)).toBe(false);
    expect(isInactivityExpired(start + limitMs)).toBe(true);

    pushInactivityDeadline(start + 60_000, true);
    expect(isInactivityExpired(start + limitMs)).toBe(false);
  });

  it("treats a past passwordExpireDate as expired", () => {
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(isPasswordExpired(signedInStaffUser({ passwordExpireDate: "2026-11-21T09:59:59Z" }), now)).toBe(true);
    expect(isPasswordExpired(signedInStaffUser({ passwordExpireDate: "2026-12-01T00:00:00Z" }), now)).toBe(false);
    expect(isPasswordExpired(signedInStaffUser(), now)).toBe(false);
  });

  it("sends a verified user to update the password, then the instructions, then where they were going", () => {
    expect(postSignInRoute(signedInStaffUser({ passwordExpireDate: "2000-01-01T00:00:00Z" }), "/settings")).toBe(
      "/update-password",
    );
    expect(postSignInRoute(signedInStaffUser({ instructionsAcknowledged: false }), "/settings")).toBe(
      "/instructions-for-use?required=true",
    );
    expect(postSignInRoute(signedInStaffUser(), "/settings")).toBe("/settings");
    expect(postSignInRoute(signedInStaffUser(), null)).toBe("/");
    expect(postSignInRoute(signedInStaffUser(), "//evil.example")).toBe("/");
  });
});
