import { logsApi } from "@openpro/core";
import { describe, expect, it } from "vitest";
import { readTokens } from "../lib/tokens";
import { fakeJwt, jsonResponse, stubFetch } from "../test-utils";
import { meCall, readMeTokens, storeMeTokens } from "./session";

const later = () => Math.floor(Date.now() / 1000) + 900;

describe("the patient app's session", () => {
  it("renews an expired access token with the refresh token, stores the new pair and makes the call", async () => {
    storeMeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) - 10), refreshToken: "r1" });
    const fresh = fakeJwt(later());
    const fetchMock = stubFetch({
      "POST /api/v1/auth/refresh": (init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: "r1" });
        return jsonResponse(200, { accessToken: fresh, refreshToken: "r2" });
      },
      "GET /api/v1/logs/types": (init) => {
        expect(new Headers(init?.headers).get("authorization")).toBe(`Bearer ${fresh}`);
        return jsonResponse(200, { results: [] });
      },
    });
    expect(await meCall(logsApi.types)).toEqual({ results: [] });
    expect(readMeTokens()).toEqual({ accessToken: fresh, refreshToken: "r2" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The staff session of the browser is never touched.
    expect(readTokens()).toBeNull();
  });

  it("ends the session when the server refuses the refresh token", async () => {
    storeMeTokens({ accessToken: fakeJwt(later()), refreshToken: "used" });
    stubFetch({
      "GET /api/v1/logs/types": () => jsonResponse(401, { statusCode: 401, message: "Session ended" }),
      "POST /api/v1/auth/refresh": () => jsonResponse(401, { statusCode: 401, message: "Refresh refused" }),
    });
    await expect(meCall(logsApi.types)).rejects.toMatchObject({ status: 401, errorCode: "SESSION_ENDED" });
    expect(readMeTokens()).toBeNull();
  });

  it("keeps the session when the refresh cannot reach the server (offline)", async () => {
    storeMeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) - 10), refreshToken: "r1" });
    stubFetch({ "POST /api/v1/auth/refresh": () => Promise.reject(new TypeError("Failed to fetch")) });
    await expect(meCall(logsApi.types)).rejects.toMatchObject({ status: undefined });
    expect(readMeTokens()?.refreshToken).toBe("r1");
  });
});
