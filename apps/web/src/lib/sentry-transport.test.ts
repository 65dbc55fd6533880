import { describe, expect, it } from "vitest";
import { buildEnvelope, parseDsn, toRoutePattern } from "./sentry-transport";

describe("reporting to Sentry", () => {
  it("sends to the project's envelope endpoint with the public key", () => {
    expect(parseDsn("https://abc123@o42.ingest.sentry.io/7")?.envelopeUrl).toBe(
      "https://o42.ingest.sentry.io/api/7/envelope/?sentry_key=abc123&sentry_version=7",
    );
    expect(parseDsn("https://k@sentry.hospital.example/sub/path/3")?.envelopeUrl).toBe(
      "https://sentry.hospital.example/sub/path/api/3/envelope/?sentry_key=k&sentry_version=7",
    );
    expect(parseDsn("not a dsn")).toBeNull();
    expect(parseDsn("https://sentry.example/3")).toBeNull();
  });

  it("wraps an API error as one event of an envelope", () => {
    const lines = buildEnvelope(
      { name: "API Error", message: "500 GET /api/v1/current", extra: { status: 500 } },
      "https://k@sentry.example/3",
      new Date("2026-03-02T09:00:00Z"),
      "https://openpro.example/programs",
    ).split("\n");
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[1]!)).toEqual({ type: "event" });
    const event = JSON.parse(lines[2]!);
    expect(event.exception.values[0]).toEqual({ type: "API Error", value: "500 GET /api/v1/current" });
    expect(event.request.url).toBe("https://openpro.example/programs");
    expect(event.extra).toEqual({ status: 500 });
    expect(JSON.parse(lines[0]!).event_id).toBe(event.event_id);
  });

  it("reports route patterns, never the codes, tokens or addresses of a URL", () => {
    const secret = "SECRET123";
    const pages = [
      `https://openpro.example/join/${secret}`,
      `https://openpro.example/invite/${secret}`,
      `https://openpro.example/auth-consent/${secret}?step=2`,
      `https://openpro.example/2FA/login/nurse%40clinic.test-${secret}`,
      `https://openpro.example/unsubscribe?email=a%40b.test&token=${secret}`,
      `https://openpro.example/confirm-code#code=${secret}`,
    ];
    for (const page of pages) {
      const lines = buildEnvelope(
        { name: "API Error", message: `400 GET /api/v1/auth/staff-invite?code=${secret}` },
        "https://k@sentry.example/3",
        new Date("2026-03-02T09:00:00Z"),
        page,
      );
      expect(lines, page).not.toContain(secret);
      expect(lines).not.toContain("a%40b.test");
    }
    expect(toRoutePattern(`https://openpro.example/join/${secret}`)).toBe("https://openpro.example/join/:inviteId");
    expect(toRoutePattern("https://openpro.example/programs/0b5cad00-0000-4000-8000-000000000001/reports")).toBe(
      "https://openpro.example/programs/:id/reports",
    );
    expect(toRoutePattern("500 GET /api/v1/auth/users-invite/abc?x=1")).toBe(
      "500 GET /api/v1/auth/users-invite/:inviteCode",
    );
  });
});
