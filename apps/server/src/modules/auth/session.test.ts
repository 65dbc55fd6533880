import { limits, messages } from "@openpro/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "../../../test/factories.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

const EMAIL = "nurse@clinic.test";

describe("a signed-in session: token refresh, reuse, inactivity, lifetime and logout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createStaff({ email: EMAIL, role: "clinician_team_member" });
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: unknown) =>
    t.request({ method: "POST", url: "/api/v1/auth/refresh", payload: { refreshToken } });
  const current = (token: string) => t.request({ method: "GET", url: "/api/v1/current", token });

  it("rotates the pair on refresh; presenting a used refresh token again ends the whole session", async () => {
    const first = await signIn(t, EMAIL);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json() as { accessToken: string; refreshToken: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await current(second.accessToken)).statusCode).toBe(200);
    // The new token carries the session's verified code along.
    expect((await current(second.accessToken)).json().otpRequired).toBe(false);

    // Someone replays the first refresh token (a stolen copy): refused, and the session ends.
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ statusCode: 401, message: messages.refreshInvalid, errorCode: "REFRESH_INVALID" });

    const afterReplay = await current(second.accessToken);
    expect(afterReplay.statusCode).toBe(401);
    expect(afterReplay.json()).toEqual({
      statusCode: 401,
      message: messages.refreshInvalid,
      errorCode: "SESSION_ENDED",
    });
    expect((await current(first.accessToken)).statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);

    // Other sessions of the same user are not touched.
    const other = await signIn(t, EMAIL);
    expect((await current(other.accessToken)).statusCode).toBe(200);
  });

  it("refuses unknown refresh tokens and bad input", async () => {
    const unknown = await refresh("x".repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errorCode).toBe("REFRESH_INVALID");
    expect(fieldErrors(await refresh(""))).toEqual([{ field: "refreshToken", message: messages.required }]);
    expect(fieldErrors(await refresh(undefined))).toEqual([{ field: "refreshToken", message: expect.any(String) }]);
    expect((await refresh("y".repeat(513))).statusCode).toBe(422);
    // An access token is not a refresh token.
    const { accessToken } = await signIn(t, EMAIL);
    expect((await refresh(accessToken)).statusCode).toBe(401);
  });

  it("lets two refreshes race with one token: one wins, and the loser counts as reuse", async () => {
    const tokens = await signIn(t, EMAIL);
    const [a, b] = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const winner = (a.statusCode === 200 ? a : b).json();
    expect((await current(winner.accessToken)).statusCode).toBe(401);
  });

  it(`expires the access token after ${limits.accessTokenTtlSeconds / 60} minutes; a refresh then gives a working one`, async () => {
    const tokens = await signIn(t, EMAIL);
    t.clock.advanceSeconds(limits.accessTokenTtlSeconds - limits.accessTokenRefreshLeadSeconds);
    expect((await current(tokens.accessToken)).statusCode).toBe(200);
    t.clock.advanceSeconds(limits.accessTokenRefreshLeadSeconds);
    const expired = await current(tokens.accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(messages.unauthenticated);
    const renewed = await refresh(tokens.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await current(renewed.json().accessToken)).statusCode).toBe(200);
  });

  it(`refuses a refresh after ${limits.inactivitySignOutSeconds} s without activity`, async () => {
    const tokens = await signIn(t, EMAIL);
    t.clock.advanceSeconds(limits.inactivitySignOutSeconds + 1);
    const late = await refresh(tokens.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ statusCode: 401, message: messages.refreshInvalid, errorCode: "SESSION_ENDED" });

    // Exactly at the limit the session is still alive.
    const edge = await signIn(t, EMAIL);
    t.clock.advanceSeconds(limits.inactivitySignOutSeconds);
    expect((await refresh(edge.refreshToken)).statusCode).toBe(200);
  });

  it("keeps a session alive with activity, but not past its 12-hour lifetime", async () => {
    let tokens = await signIn(t, EMAIL);
    const step = 20 * 60;
    let elapsed = 0;
    let refreshes = 0;
    for (;;) {
      t.clock.advanceSeconds(step);
      elapsed += step;
      // The access token has expired since the last request: the client refreshes, then calls.
      const renewed = await refresh(tokens.refreshToken);
      if (renewed.statusCode !== 200) {
        expect(renewed.statusCode).toBe(401);
        expect(renewed.json().errorCode).toBe("SESSION_ENDED");
        break;
      }
      refreshes++;
      tokens = renewed.json();
      const response = await current(tokens.accessToken);
      expect(response.statusCode, `after ${elapsed / 60} minutes`).toBe(200);
      expect(elapsed).toBeLessThan(limits.sessionAbsoluteLifetimeSeconds);
    }
    expect(elapsed).toBe(limits.sessionAbsoluteLifetimeSeconds);
    expect(refreshes).toBe(limits.sessionAbsoluteLifetimeSeconds / step - 1);
    // The last access token stops working as well.
    expect((await current(tokens.accessToken)).statusCode).toBe(401);
  });

  it("logs out: the access token and refresh token stop working at once", async () => {
    const tokens = await signIn(t, EMAIL);
    const other = await signIn(t, EMAIL);
    const logout = await t.request({ method: "POST", url: "/api/v1/auth/logout", token: tokens.accessToken });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe("");
    expect((await current(tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    // Only this session ended.
    expect((await current(other.accessToken)).statusCode).toBe(200);

    // The web client sends its refresh token along; that works too.
    const withBody = await t.request({
      method: "POST",
      url: "/api/v1/auth/logout",
      token: other.accessToken,
      payload: { refreshToken: other.refreshToken },
    });
    expect(withBody.statusCode).toBe(204);
    expect((await current(other.accessToken)).statusCode).toBe(401);

    const ended = await t.ctx.db
      .selectFrom("sessions")
      .select(["endedReason"])
      .where("endedReason", "=", "logout")
      .execute();
    expect(ended).toHaveLength(2);
  });
});
