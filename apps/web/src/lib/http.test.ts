import { authApi, contentApi, messages } from "@openpro/core";
import { describe, expect, it, vi } from "vitest";
import { signedInStaffUser } from "../test-fixtures";
import { fakeJwt, jsonResponse, stubFetch } from "../test-utils";
import { ApiError, apiCall, onForcedSignOut } from "./http";
import { readTokens, storeTokens } from "./tokens";

const me = signedInStaffUser();
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const authHeader = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.authorization;

describe("the HTTP client", () => {
  it("sends the bearer token and parses the answer with the endpoint's schema", async () => {
    const access = fakeJwt(inAnHour());
    storeTokens({ accessToken: access, refreshToken: "r1" });
    const fetchMock = stubFetch({ "GET /api/v1/current": () => jsonResponse(200, { ...me, extra: "dropped" }) });
    const user = await apiCall(authApi.current);
    expect(user.email).toBe("ann@example.org");
    expect(user).not.toHaveProperty("extra");
    expect(authHeader(fetchMock.mock.calls[0]![1])).toBe(`Bearer ${access}`);
  });

  it("fills path parameters", async () => {
    const fetchMock = stubFetch({
      "GET /api/v1/content/eula": () =>
        jsonResponse(200, { id: "eula", title: "EULA", version: "1", updatedAt: "2026-01-01T00:00:00Z", blocks: [] }),
    });
    await apiCall(contentApi.document, { params: { documentId: "eula" } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("turns an error body into an ApiError with status, code and field errors", async () => {
    stubFetch({
      "POST /api/v2/auth/login": () =>
        jsonResponse(422, {
          statusCode: 422,
          message: messages.validationFailed,
          errorCode: "VALIDATION_ERROR",
          errors: [{ field: "email", message: messages.invalidEmail }],
        }),
    });
    const error = await apiCall(authApi.login, { body: { email: "x", password: "y", scope: "clinical" } }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, errorCode: "VALIDATION_ERROR", message: messages.validationFailed });
    expect(error.fieldErrors).toEqual([{ field: "email", message: messages.invalidEmail }]);
  });

  it("refreshes once on a 401, stores the new pair and repeats the call", async () => {
    storeTokens({ accessToken: fakeJwt(inAnHour()), refreshToken: "r1" });
    const fresh = fakeJwt(inAnHour() + 60);
    let currentCalls = 0;
    const fetchMock = stubFetch({
      "GET /api/v1/current": () =>
        ++currentCalls === 1 ? jsonResponse(401, { statusCode: 401, message: "expired" }) : jsonResponse(200, me),
      "POST /api/v1/auth/refresh": (init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: "r1" });
        return jsonResponse(200, { accessToken: fresh, refreshToken: "r2" });
      },
    });
    const user = await apiCall(authApi.current);
    expect(user.firstName).toBe("Ann");
    expect(readTokens()).toEqual({ accessToken: fresh, refreshToken: "r2" });
    expect(authHeader(fetchMock.mock.calls[2]![1])).toBe(`Bearer ${fresh}`);
  });

  it("shares one refresh between concurrent calls", async () => {
    const stale = fakeJwt(inAnHour());
    storeTokens({ accessToken: stale, refreshToken: "r1" });
    const fresh = fakeJwt(inAnHour() + 60);
    const fetchMock = stubFetch({
      "GET /api/v1/current": (init) =>
        authHeader(init) === `Bearer ${stale}`
          ? jsonResponse(401, { statusCode: 401, message: "expired" })
          : jsonResponse(200, me),
      "POST /api/v1/auth/refresh": async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return jsonResponse(200, { accessToken: fresh, refreshToken: "r2" });
      },
    });
    await Promise.all([apiCall(authApi.current), apiCall(authApi.current), apiCall(authApi.current)]);
    const refreshes = fetchMock.mock.calls.filter(([url]) => url === "/api/v1/auth/refresh");
    expect(refreshes).toHaveLength(1);
  });

  it("refreshes before the call when the token expires within the lead time", async () => {
    storeTokens({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 30), refreshToken: "r1" });
    const fresh = fakeJwt(inAnHour());
    const fetchMock = stubFetch({
      "POST /api/v1/auth/refresh": () => jsonResponse(200, { accessToken: fresh, refreshToken: "r2" }),
      "GET /api/v1/current": () => jsonResponse(200, me),
    });
    await apiCall(authApi.current);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/v1/auth/refresh", "/api/v1/current"]);
    expect(authHeader(fetchMock.mock.calls[1]![1])).toBe(`Bearer ${fresh}`);
  });

  it("signs out when the refresh fails", async () => {
    storeTokens({ accessToken: fakeJwt(inAnHour()), refreshToken: "r1" });
    const signedOut = vi.fn();
    const off = onForcedSignOut(signedOut);
    stubFetch({
      "GET /api/v1/current": () => jsonResponse(401, { statusCode: 401, message: "expired" }),
      "POST /api/v1/auth/refresh": () => jsonResponse(401, { statusCode: 401, message: messages.refreshInvalid }),
    });
    await expect(apiCall(authApi.current)).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(readTokens()).toBeNull();
    off();
  });

  it("reports a network failure as an error without status", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(apiCall(contentApi.document, { params: { documentId: "eula" } })).rejects.toMatchObject({
      status: undefined,
      message: messages.somethingWentWrong,
    });
  });
});
