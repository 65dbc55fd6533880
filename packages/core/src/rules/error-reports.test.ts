import { describe, expect, it } from "vitest";
import { scrubBreadcrumb, scrubErrorEvent, scrubText, toRoutePattern } from "./error-reports.js";

const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ";
const REFRESH = "rt_9f8e7d6c5b4a39281706f5e4d3c2b1a0";

describe("what an error report may carry", () => {
  it("reports route patterns, never the codes, tokens or addresses of a URL", () => {
    const secret = "SECRET123";
    expect(toRoutePattern(`https://openpro.example/join/${secret}`)).toBe("https://openpro.example/join/:inviteId");
    expect(toRoutePattern(`/invite/${secret}`)).toBe("/invite/:inviteCode");
    expect(toRoutePattern(`/auth-consent/${secret}?step=2`)).toBe("/auth-consent/:inviteCode");
    expect(toRoutePattern("/2FA/login/nurse%40clinic.test")).toBe("/2FA/:requestType/:email");
    expect(toRoutePattern(`/unsubscribe?email=a%40b.test&token=${secret}`)).toBe("/unsubscribe");
    expect(toRoutePattern(`/confirm-code#code=${secret}`)).toBe("/confirm-code");
    expect(toRoutePattern("/programs/0b5cad00-0000-4000-8000-000000000001/reports")).toBe("/programs/:id/reports");
  });

  it("replaces e-mail addresses, tokens and codes in free text", () => {
    const text = scrubText(
      `User margaret.hughes@clinic.test (margaret%40clinic.test) sent Bearer ${REFRESH} and ${JWT}; code 493817, invite K7M2P9QX; GET /api/v1/auth/staff-invite?code=K7M2P9QX failed`,
    );
    for (const secret of ["margaret", "clinic.test", REFRESH, JWT.slice(0, 20), "493817", "K7M2P9QX"]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain("GET /api/v1/auth/staff-invite failed");
    // Ordinary words, status codes and short numbers stay readable.
    expect(scrubText("500 Internal Server Error in listPatients after 3 retries")).toBe(
      "500 Internal Server Error in listPatients after 3 retries",
    );
  });

  it("keeps the failure and where it happened, drops the person, the body, the query and the secrets", () => {
    const event = scrubErrorEvent({
      event_id: "abc",
      level: "error",
      message: "Failed for patient.one@example.test",
      user: { id: "u1", email: "nurse@clinic.test", ip_address: "10.0.0.7" },
      request: {
        method: "POST",
        url: "https://openpro.example/api/v1/users/0b5cad00-0000-4000-8000-000000000001?token=abc",
        query_string: "token=abc",
        data: { firstName: "Margaret", password: "Harbour-Lights-2026!" },
        cookies: { refresh: REFRESH },
        headers: { authorization: `Bearer ${JWT}`, cookie: "refresh=x", "user-agent": "Firefox" },
      },
      exception: {
        values: [
          {
            type: "Error",
            value: "duplicate key for margaret.hughes@clinic.test",
            stacktrace: { frames: [{ function: "register", vars: { password: "Harbour-Lights-2026!" } }] },
          },
        ],
      },
      breadcrumbs: [
        {
          category: "fetch",
          message: "GET /api/v1/invite/K7M2P9QX",
          data: { method: "GET", url: "/reset?code=493817", status_code: 400, body: "x" },
        },
      ],
      extra: {
        jobId: "j1",
        errorCode: "VALIDATION",
        payload: { email: "patient@example.test" },
        note: "said something personal",
      },
      tags: { job: "questionnaire-delivery" },
      contexts: { os: { name: "Linux" }, job: { name: "Margaret", attempts: 3 } },
    });
    const sent = JSON.stringify(event);
    for (const secret of [
      "@",
      "Margaret",
      "Harbour",
      REFRESH,
      JWT.slice(0, 20),
      "K7M2P9QX",
      "493817",
      "10.0.0.7",
      "token=abc",
      "personal",
    ]) {
      expect(sent, secret).not.toContain(secret);
    }
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({
      method: "POST",
      url: "https://openpro.example/api/v1/users/:id",
      headers: { "user-agent": "Firefox" },
    });
    expect(event.exception.values[0]).toEqual({
      type: "Error",
      value: "duplicate key for [email]",
      stacktrace: { frames: [{ function: "register" }] },
    });
    expect(event.breadcrumbs[0]).toEqual({
      category: "fetch",
      message: "GET /api/v1/invite/:inviteCode",
      data: { method: "GET", url: "/reset", status_code: 400 },
    });
    expect(event.extra).toEqual({
      jobId: "j1",
      errorCode: "VALIDATION",
      payload: { email: "[removed]" },
      note: "[removed]",
    });
    expect(event.tags).toEqual({ job: "questionnaire-delivery" });
    expect(event.contexts).toEqual({ os: { name: "Linux" }, job: { name: "[removed]", attempts: 3 } });
    expect(scrubBreadcrumb({ message: "signed in as nurse@clinic.test" }).message).toBe("signed in as [email]");
  });
});
